import type { Generated } from 'kysely';
import type { Id } from './columns';

export interface EcoAssetsTable {
  id: Id;
  minting_note: string;
  transaction_id: string;
  /** transactionKey(transaction_id), unique: the form IDs are compared in */
  transaction_key: string;
  /** numeric(16,3): kg to the gram, exact */
  co2_allocated: number;
  co2_issued: number;
  co2_buffer: Generated<number>;
  co2_retired: Generated<number>;
  /** bigint gram serials (ledgerRules.ts); an exclusion constraint keeps the blocks of all assets apart */
  serial_first: number | null;
  serial_last: number | null;
  buffer_serial_first: number | null;
  buffer_serial_last: number | null;
  minted_ts: string;
  minted_by: number | null;
}

export interface EcoRetirementsTable {
  id: Id;
  eco_asset_id: number;
  co2_retired: number;
  serial_first: number;
  serial_last: number;
  beneficiary: string;
  purpose: string;
  retired_ts: string;
  retired_by: number | null;
}

export interface BufferSharesTable {
  id: Id;
  basis_points: number;
  set_by: number | null;
  set_ts: string;
}

export interface EcoAllocationsTable {
  id: Id;
  eco_asset_id: number;
  audit_id: number;
  co2_allocated: number;
}
