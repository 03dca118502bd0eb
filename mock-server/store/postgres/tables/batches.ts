import type { ColumnType } from 'kysely';
import type { BatchEmissions, BatchRecord, EndUseRecord, LabKeyRecord, LabRecord, LabResultRecord } from '../../model';
import type { Columns, Id } from './columns';

/** jsonb that may be SQL null: written as JSON text or null, read as the value or null */
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

export type BatchesTable = Columns<BatchRecord, { id: Id; emissions: NullableJson<BatchEmissions> }>;

/** Which batch holds each burn: the primary key lets a burn be in one batch only (migration 2026-12-03-0001). */
export interface BatchBurnsTable {
  kilnlog_id: number;
  batch_id: number;
}

export type LabResultsTable = Columns<LabResultRecord, { id: Id }>;
export type EndUsesTable = Columns<EndUseRecord, { id: Id }>;
export type LabsTable = Columns<LabRecord, { id: Id }>;
export type LabKeysTable = Columns<LabKeyRecord, { id: Id }>;
