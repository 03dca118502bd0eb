import { KILNLOG_SORT_FIELDS, type KilnLogSortField } from '../../src/domain/kilnLogSort';
import type { KilnLogRecord } from './model';
import { fieldKeys, pageOf, sortRows, type ListPage, type Page, type SortKey } from './paging';

/** Filtering, sorting and paging of kiln log rows for the two list calls: the embedded store's list, and the measure of PostgreSQL's. */

/** the analysis display's order: error, then invalid, then valid */
const ANALYSIS_ORDER = { error: 0, invalid: 1, valid: 2 } as const;

export type KilnLogStatus = keyof typeof ANALYSIS_ORDER;

/** the sort keys computed from the row; every other sort field is the row's own field */
const COMPUTED_KEYS = {
  analysis: (r: KilnLogRecord) => ANALYSIS_ORDER[logStatus(r)],
  co2_removed: (r: KilnLogRecord) => r.analysis_detail?.co2_removed ?? null,
  biochar_produced: (r: KilnLogRecord) => r.analysis_detail?.biochar_produced ?? null,
};
type FieldSort = Exclude<KilnLogSortField, keyof typeof COMPUTED_KEYS>;

const SORT_KEYS: Record<KilnLogSortField, (row: KilnLogRecord) => SortKey> = {
  ...fieldKeys<KilnLogRecord, FieldSort>(KILNLOG_SORT_FIELDS.filter((f): f is FieldSort => !(f in COMPUTED_KEYS))),
  ...COMPUTED_KEYS,
};

export interface KilnLogFilter {
  ids?: Set<number>;
  facilityIds?: Set<number>;
  kiln?: number;
  kilnId?: string;
  type?: number;
  status?: KilnLogStatus;
  audited?: boolean;
  /** bounds on logts, both as YYYY-MM-DDTHH:mm:ss, inclusive */
  from?: string;
  to?: string;
  /** lower-cased search text */
  q?: string;
}

export function logStatus(row: KilnLogRecord): KilnLogStatus {
  if (row.error_message !== null) return 'error';
  return row.valid ? 'valid' : 'invalid';
}

function matchesText(row: KilnLogRecord, q: string): boolean {
  return [row.kiln_id, row.facility_name, row.file_name, row.error_message, String(row.id)].some(
    (v) => v !== null && v.toLowerCase().includes(q),
  );
}

export function matchesFilter(row: KilnLogRecord, f: KilnLogFilter): boolean {
  if (f.ids && !f.ids.has(row.id)) return false;
  if (f.facilityIds && (row.facility_id === null || !f.facilityIds.has(row.facility_id))) return false;
  if (f.kiln !== undefined && row.kiln !== f.kiln) return false;
  if (f.kilnId !== undefined && row.kiln_id !== f.kilnId) return false;
  if (f.type !== undefined && row.type !== f.type) return false;
  if (f.from !== undefined && (row.logts === null || row.logts.slice(0, 19) < f.from)) return false;
  if (f.to !== undefined && (row.logts === null || row.logts.slice(0, 19) > f.to)) return false;
  if (f.status !== undefined && logStatus(row) !== f.status) return false;
  if (f.audited !== undefined && row.audited !== f.audited) return false;
  if (f.q !== undefined && !matchesText(row, f.q)) return false;
  return true;
}

/** What a caller may see at all: archived or live logs, and for a facility admin only their facilities. */
export interface KilnLogScope {
  archived: boolean;
  /** null: every facility */
  facilityIds: ReadonlySet<number> | null;
}

export function inFacilities(row: KilnLogRecord, facilityIds: ReadonlySet<number> | null): boolean {
  return facilityIds === null || (row.facility_id !== null && facilityIds.has(row.facility_id));
}

export function inScope(row: KilnLogRecord, scope: KilnLogScope): boolean {
  return (row.archived_ts !== null) === scope.archived && inFacilities(row, scope.facilityIds);
}

/** the page a kiln log list asks for */
export type KilnLogPage = Pick<ListPage, 'range'> & { sort: Omit<ListPage['sort'], 'field'> & { field: KilnLogSortField } };

/** One page of the rows in scope that match the filter, in the asked order. */
export function queryKilnLogs(
  rows: readonly KilnLogRecord[],
  scope: KilnLogScope,
  filter: KilnLogFilter,
  params: KilnLogPage,
): Page<KilnLogRecord> {
  const matching = rows.filter((r) => inScope(r, scope) && matchesFilter(r, filter));
  return pageOf(sortRows(matching, SORT_KEYS[params.sort.field], params.sort.order), params.range);
}
