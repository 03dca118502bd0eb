import { ANOMALY_SORT_FIELDS, type AnomalyCode, type AnomalySortField } from '../../src/domain/fleet/anomalies';
import type { ListedAnomaly } from './model';
import { fieldKeys, pageOf, sortRows, type ListPage, type Page, type SortKey } from './paging';

/** The anomaly list's filter, and the embedded store's filtering and paging of it. */

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

export function matchesAnomaly(
  row: Pick<ListedAnomaly, 'facility_id' | 'kiln' | 'code' | 'log_id' | 'checked_ts'>,
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

const SORT_KEYS: Record<AnomalySortField, (row: ListedAnomaly) => SortKey> = fieldKeys<ListedAnomaly, AnomalySortField>(
  ANOMALY_SORT_FIELDS,
);

export function queryAnomalies(
  rows: readonly ListedAnomaly[],
  query: AnomalyQuery,
  params: Pick<ListPage, 'range'> & { sort: Omit<ListPage['sort'], 'field'> & { field: AnomalySortField } },
): Page<ListedAnomaly> {
  const matching = rows.filter((r) => matchesAnomaly(r, query));
  return pageOf(sortRows(matching, SORT_KEYS[params.sort.field], params.sort.order), params.range);
}
