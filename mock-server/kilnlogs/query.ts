import type { KilnLogSortField, KilnLogStatus } from '../../src/domain/api/kilnLogs';
import { badRequest } from '../http/errors';
import { wholeNumber } from '../http/fieldErrors';
import type { ListParams } from '../http/simpleRest';
import { pageOf, sortRows, type Page, type SortKey } from '../store/paging';
import type { KilnLogRecord } from '../store/model';

/** Pure filtering, sorting and paging of kiln log rows for the two list calls. */

export const DEFAULT_KILNLOG_SORT = { field: 'logts', order: 'DESC' } as const satisfies ListParams<KilnLogSortField>['sort'];

const ANALYSIS_ORDER: Record<KilnLogStatus, number> = { error: 0, invalid: 1, valid: 2 };

const SORT_KEYS: Record<KilnLogSortField, (row: KilnLogRecord) => SortKey> = {
  id: (r) => r.id,
  kiln_id: (r) => r.kiln_id,
  facility_name: (r) => r.facility_name,
  logts: (r) => r.logts,
  file_size: (r) => r.file_size,
  gps_in_range: (r) => r.gps_in_range,
  // the analysis display's order: error, then invalid, then valid
  analysis: (r) => ANALYSIS_ORDER[logStatus(r)],
  co2_removed: (r) => r.analysis_detail?.co2_removed ?? null,
  biochar_produced: (r) => r.analysis_detail?.biochar_produced ?? null,
  upload_ts: (r) => r.upload_ts,
  file_name: (r) => r.file_name,
  archived_ts: (r) => r.archived_ts,
  delete_after: (r) => r.delete_after,
};

export interface KilnLogFilter {
  ids?: Set<number>;
  facilityIds?: Set<number>;
  kiln?: number;
  kilnId?: string;
  type?: number;
  /** bounds on logts, both as YYYY-MM-DDTHH:mm:ss, inclusive */
  from?: string;
  to?: string;
  status?: KilnLogStatus;
  audited?: boolean;
  /** lower-cased search text */
  q?: string;
}

export function logStatus(row: KilnLogRecord): KilnLogStatus {
  if (row.error_message !== null) return 'error';
  return row.valid ? 'valid' : 'invalid';
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/;

/**
 * A filter date to the comparable form of logts. logts is the kiln's local
 * clock with no zone, so bounds compare as wall-clock text: a date-only `to`
 * takes the whole day.
 */
function boundary(name: string, value: unknown, end: boolean): string {
  if (typeof value !== 'string') throw badRequest(`filter.${name} must be a date (YYYY-MM-DD) or date-time.`);
  if (DATE_ONLY.test(value)) return `${value}T${end ? '23:59:59' : '00:00:00'}`;
  const m = DATE_TIME.exec(value);
  if (!m) throw badRequest(`filter.${name} must be a date (YYYY-MM-DD) or date-time.`);
  return m[1] ? m[0] : `${m[0]}:${end ? '59' : '00'}`;
}

/** A list of at most this many ids (getMany asks for one page's worth). */
const MAX_ID_LIST = 1000;

export function integers(name: string, value: unknown): Set<number> {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  const numbers = list.map(wholeNumber);
  if (list.length > MAX_ID_LIST || numbers.some((n) => n === undefined)) {
    throw badRequest(`filter.${name} must be a whole number or a list of at most ${MAX_ID_LIST} of them.`);
  }
  return new Set(numbers as number[]);
}

export function integer(name: string, value: unknown): number {
  const n = wholeNumber(value);
  if (n === undefined) throw badRequest(`filter.${name} must be a whole number.`);
  return n;
}

export function bool(name: string, value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badRequest(`filter.${name} must be true or false.`);
}

const FILTER_KEYS = ['id', 'facility_id', 'kiln', 'kiln_id', 'type', 'from', 'to', 'status', 'audited', 'q'];

/** Reads a simple-REST filter object; unknown keys and bad values are a 400 naming them. */
export function parseKilnLogFilter(raw: Record<string, unknown>): KilnLogFilter {
  const unknown = Object.keys(raw).filter((k) => !FILTER_KEYS.includes(k));
  if (unknown.length) throw badRequest(`Unknown filter ${unknown.join(', ')}; use ${FILTER_KEYS.join(', ')}.`);
  const f: KilnLogFilter = {};
  if (raw.id !== undefined) f.ids = integers('id', raw.id);
  if (raw.facility_id !== undefined) f.facilityIds = integers('facility_id', raw.facility_id);
  if (raw.kiln !== undefined) f.kiln = integer('kiln', raw.kiln);
  if (raw.kiln_id !== undefined) {
    if (typeof raw.kiln_id !== 'string') throw badRequest('filter.kiln_id must be text.');
    f.kilnId = raw.kiln_id;
  }
  if (raw.type !== undefined) f.type = integer('type', raw.type);
  if (raw.from !== undefined) f.from = boundary('from', raw.from, false);
  if (raw.to !== undefined) f.to = boundary('to', raw.to, true);
  if (raw.status !== undefined) {
    if (raw.status !== 'valid' && raw.status !== 'invalid' && raw.status !== 'error') {
      throw badRequest('filter.status must be valid, invalid or error.');
    }
    f.status = raw.status;
  }
  if (raw.audited !== undefined) f.audited = bool('audited', raw.audited);
  if (raw.q !== undefined) {
    if (typeof raw.q !== 'string') throw badRequest('filter.q must be text.');
    const q = raw.q.trim().toLowerCase();
    if (q) f.q = q;
  }
  return f;
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

/** One page of the rows in scope that match the filter, in the asked order. */
export function queryKilnLogs(
  rows: readonly KilnLogRecord[],
  scope: KilnLogScope,
  filter: KilnLogFilter,
  params: Pick<ListParams<KilnLogSortField>, 'sort' | 'range'>,
): Page<KilnLogRecord> {
  const matching = rows.filter((r) => inScope(r, scope) && matchesFilter(r, filter));
  return pageOf(sortRows(matching, SORT_KEYS[params.sort.field], params.sort.order), params.range);
}
