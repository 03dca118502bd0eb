import type { Anomaly, AnomalySortField } from '../../src/domain/api/fleet';
import { ANOMALY_CODES, isAnomalyCode, type AnomalyCode } from '../../src/domain/fleet/anomalies';
import { badRequest } from '../http/errors';
import type { ListParams } from '../http/simpleRest';
import { pageOf, sortRows, type Page, type SortKey } from '../store/paging';
import { bool, integer, integers } from '../kilnlogs/query';

/** Reading the anomaly list's filter, and the embedded store's filtering and paging of it. */

export const DEFAULT_ANOMALY_SORT = { field: 'logts', order: 'DESC' } as const satisfies ListParams<AnomalySortField>['sort'];

export interface AnomalyFilter {
  facilityId?: number;
  kiln?: number;
  code?: AnomalyCode;
  logIds?: Set<number>;
  /** true: not yet checked */
  open?: boolean;
}

/** The caller's reach (null: every facility) and what they asked for. */
export interface AnomalyQuery {
  facilityIds: ReadonlySet<number> | null;
  filter: AnomalyFilter;
}

const FILTER_KEYS = ['facility_id', 'kiln', 'code', 'log_id', 'open'];

export function parseAnomalyFilter(raw: Record<string, unknown>): AnomalyFilter {
  const unknown = Object.keys(raw).filter((k) => !FILTER_KEYS.includes(k));
  if (unknown.length) throw badRequest(`Unknown filter ${unknown.join(', ')}; use ${FILTER_KEYS.join(', ')}.`);
  const f: AnomalyFilter = {};
  if (raw.facility_id !== undefined) f.facilityId = integer('facility_id', raw.facility_id);
  if (raw.kiln !== undefined) f.kiln = integer('kiln', raw.kiln);
  if (raw.code !== undefined) {
    if (!isAnomalyCode(raw.code)) throw badRequest(`filter.code must be one of ${ANOMALY_CODES.join(', ')}.`);
    f.code = raw.code;
  }
  if (raw.log_id !== undefined) f.logIds = integers('log_id', raw.log_id);
  if (raw.open !== undefined) f.open = bool('open', raw.open);
  return f;
}

export function matchesAnomaly(
  row: Pick<Anomaly, 'facility_id' | 'kiln' | 'code' | 'log_id' | 'checked_ts'>,
  { facilityIds, filter: f }: AnomalyQuery,
): boolean {
  if (facilityIds !== null && !facilityIds.has(row.facility_id)) return false;
  if (f.facilityId !== undefined && row.facility_id !== f.facilityId) return false;
  if (f.kiln !== undefined && row.kiln !== f.kiln) return false;
  if (f.code !== undefined && row.code !== f.code) return false;
  if (f.logIds && !f.logIds.has(row.log_id)) return false;
  if (f.open !== undefined && (row.checked_ts === null) !== f.open) return false;
  return true;
}

const SORT_KEYS: Record<AnomalySortField, (row: Anomaly) => SortKey> = {
  logts: (r) => r.logts,
  id: (r) => r.id,
  code: (r) => r.code,
  raised_ts: (r) => r.raised_ts,
};

export function queryAnomalies(
  rows: readonly Anomaly[],
  query: AnomalyQuery,
  params: Pick<ListParams<AnomalySortField>, 'sort' | 'range'>,
): Page<Anomaly> {
  const matching = rows.filter((r) => matchesAnomaly(r, query));
  return pageOf(sortRows(matching, SORT_KEYS[params.sort.field], params.sort.order), params.range);
}
