import type { KilnLogSortField } from '../../src/domain/api/kilnLogs';
import { badRequest } from '../http/errors';
import { wholeNumber } from '../http/fieldErrors';
import type { ListParams } from '../http/simpleRest';
import type { KilnLogFilter } from '../store/kilnLogQuery';

/** Reading the kiln log lists' filter; the store filters, sorts and pages (store/kilnLogQuery.ts). */

export const DEFAULT_KILNLOG_SORT = { field: 'logts', order: 'DESC' } as const satisfies ListParams<KilnLogSortField>['sort'];

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
