import type { AnomalySortField } from '../../src/domain/api/fleet';
import { ANOMALY_CODES, isAnomalyCode } from '../../src/domain/fleet/anomalies';
import { badRequest } from '../http/errors';
import type { ListParams } from '../http/simpleRest';
import type { AnomalyFilter } from '../store/anomalyQuery';
import { bool, integer, integers } from '../kilnlogs/query';

/** Reading the anomaly list's filter; the store filters and pages (store/anomalyQuery.ts). */

export const DEFAULT_ANOMALY_SORT = { field: 'logts', order: 'DESC' } as const satisfies ListParams<AnomalySortField>['sort'];

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
