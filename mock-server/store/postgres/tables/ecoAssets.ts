import type { Generated } from 'kysely';
import type { BufferShareRecord, EcoAllocationRecord, EcoAssetRecord, EcoRetirementRecord } from '../../model';
import type { Columns, Id } from './columns';

/** kg columns are numeric(16,3), to the gram, exact; serials are bigint gram serials (ledgerRules.ts), an exclusion constraint keeping the blocks of all assets apart */
export type EcoAssetsTable = Columns<
  EcoAssetRecord,
  {
    id: Id;
    /** transactionKey(transaction_id), unique: the form IDs are compared in */
    transaction_key: string;
    co2_buffer: Generated<number>;
    co2_retired: Generated<number>;
  }
>;

export type EcoRetirementsTable = Columns<EcoRetirementRecord, { id: Id }>;

export type BufferSharesTable = Columns<BufferShareRecord, { id: Id }>;

export type EcoAllocationsTable = Columns<EcoAllocationRecord, { id: Id }>;
