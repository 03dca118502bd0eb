import type { ColumnType, Generated } from 'kysely';

export interface KilnLogsTable {
  id: number;
  kiln_id: string | null;
  kiln: number | null;
  facility_id: number | null;
  facility_name: string | null;
  type: number | null;
  logts: string | null;
  upload_ts: string;
  file_name: string;
  file_size: number;
  sha256: string;
  s3key: string;
  latitude: number | null;
  longitude: number | null;
  gps_in_range: boolean | null;
  error_message: string | null;
  /** analysis_detail, split so it sorts and sums in SQL; both null when the detail is */
  co2_removed: number | null;
  biochar_produced: number | null;
  valid: boolean;
  /** false unless filed under a kiln no super-admin has approved (default false: rows of older schemas) */
  kiln_pending: Generated<boolean>;
  /** signature state (migration 2026-11-26-0001; false and null on rows of older schemas) */
  signed: Generated<boolean>;
  key_fingerprint: string | null;
  signature: string | null;
  /** 0 error, 1 invalid, 2 valid: the 'analysis' sort key, computed by PostgreSQL */
  status_rank: ColumnType<number, never, never>;
  audited: boolean;
  audit_id: number | null;
  archived_ts: string | null;
  delete_after: string | null;
}

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
