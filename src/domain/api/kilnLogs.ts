/**
 * Payloads of the kiln log calls (DESIGN §2; spec §3 "Log/analysis row").
 * Shared by the console and the API server; mock-server/openapi.yaml
 * documents the same shapes.
 */

/** Spec §3 "Chart data": ts in ms (the kiln's local clock read as UTC), °C, kg. */
export interface ChartPoint {
  ts: number;
  t1: number | null;
  t2: number | null;
  w: number | null;
}

/** The first rows of the file as read (spec §3 data_sample). */
export interface DataSampleRow {
  d: string;
  t: string;
  t1: number;
  t2: number;
  w: number;
}

export interface AnalysisDetail {
  co2_removed: number;
  biochar_produced: number;
}

/** A row of GET /api/kilnlogs and /api/archived_kilnlogs. */
export interface KilnLog {
  id: number;
  /** the same id, under the spec's name */
  analysis_id: number;
  /** as the file's header gives it; null when it could not be read */
  kiln_id: string | null;
  /** the matched kilns record; null for an unknown kiln */
  kiln: number | null;
  facility_id: number | null;
  facility_name: string | null;
  /** kiln type 0 C-Go-1, 1 Retort, 2 Terrafix */
  type: number | null;
  /** burn start, the kiln's local clock YYYY-MM-DDTHH:mm:ss */
  logts: string | null;
  /** ISO UTC */
  upload_ts: string;
  file_name: string;
  /** bytes */
  file_size: number;
  sha256: string;
  s3key: string;
  latitude: number | null;
  longitude: number | null;
  gps_in_range: boolean | null;
  /** JSON string of the analysis result (spec §3); null when error_message is set */
  analysis: string | null;
  error_message: string | null;
  analysis_detail: AnalysisDetail | null;
  valid: boolean;
  audited: boolean;
  audit_id: number | null;
  /** ISO UTC; set only for an archived log */
  archived_ts: string | null;
  /** ISO UTC: when an archived log is deleted */
  delete_after: string | null;
}

/** GET /api/kilnlogs/{id}. */
export interface KilnLogDetail extends KilnLog {
  /** at most 1000 points; empty for an error log without readings */
  chart_data: ChartPoint[];
  data_sample: DataSampleRow[];
}

/** GET /api/archived_kilnlogs/retention. */
export interface ArchiveRetention {
  retention_days: number;
}

export const KILNLOG_SORT_FIELDS = [
  'id',
  'kiln_id',
  'facility_name',
  'logts',
  'file_size',
  'gps_in_range',
  'analysis',
  'co2_removed',
  'biochar_produced',
  'upload_ts',
  'archived_ts',
  'delete_after',
] as const;

export type KilnLogSortField = (typeof KILNLOG_SORT_FIELDS)[number];

export type KilnLogStatus = 'valid' | 'invalid' | 'error';

/** The simple-REST `filter` keys of both lists. */
export interface KilnLogListFilter {
  /** one id or several (getMany) */
  id?: number | number[];
  facility_id?: number | number[];
  /** the kilns record id */
  kiln?: number;
  /** the kiln's own identifier, exact */
  kiln_id?: string;
  type?: number;
  /** log time bounds, inclusive: YYYY-MM-DD or YYYY-MM-DDTHH:mm[:ss]; a date-only `to` takes the whole day */
  from?: string;
  to?: string;
  status?: KilnLogStatus;
  audited?: boolean;
  /** text in kiln id, facility name, file name, error message or id */
  q?: string;
}

/** Largest log file an upload accepts (413 beyond). */
export const MAX_KILNLOG_BYTES = 10 * 1024 * 1024;
