import type { ColumnType, Generated } from 'kysely';
import type { KilnLogRecord } from '../../model';
import type { Columns } from './columns';

/** the record but for its analysis: the result in kilnlog_analyses, the detail split into columns */
export type KilnLogsTable = Columns<
  Omit<KilnLogRecord, 'analysis' | 'analysis_detail'>,
  {
    /** analysis_detail, split so it sorts and sums in SQL; both null when the detail is */
    co2_removed: number | null;
    biochar_produced: number | null;
    /** false unless filed under a kiln no super-admin has approved (default false: rows of older schemas) */
    kiln_pending: Generated<boolean>;
    /** signature state (migration 2026-11-26-0001; false and null on rows of older schemas) */
    signed: Generated<boolean>;
    /** who uploaded it (migration 2026-12-02-0009; null on rows of older schemas) */
    uploaded_by: number | null;
    /** 0 error, 1 invalid, 2 valid: the 'analysis' sort key, computed by PostgreSQL */
    status_rank: ColumnType<number, never, never>;
  }
>;

/** A log's analysis result (JSON text), kept out of the list's rows; none when the log has none. */
export interface KilnLogAnalysesTable {
  kilnlog_id: number;
  analysis: string;
}

/** Live and archived logs per facility (0: none), kept by triggers on kilnlogs (migration 0003); never written by the store. */
/** logs per facility, kiln, type, live or archived, status and audited, kept by triggers (migration 0007); -1 for a null key */
export interface KilnLogTalliesTable {
  facility_key: number;
  kiln_key: number;
  type_key: number;
  archived: boolean;
  status_rank: number;
  audited: boolean;
  n: number;
}
