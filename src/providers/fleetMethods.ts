/**
 * The Fleet calls (mock-server/openapi.yaml, /fleet/...) as custom methods of
 * the console's data provider: the burns on the map, the anomaly list and an
 * anomaly's check.
 */
import type { Anomaly, FleetView } from '../domain/api/fleet';
import type { AnomalyCode } from '../domain/fleet/anomalies';
import { api, data } from './apiClient';

export interface AnomalyFilter {
  facility_id?: number;
  kiln?: number;
  code?: AnomalyCode;
  log_id?: number[];
  open?: boolean;
}

/** A page of the anomaly list. */
export interface AnomalyPage {
  filter: AnomalyFilter;
  page: number;
  perPage: number;
}

function totalOf(headers: Headers, fallback: number): number {
  const total = Number(headers.get('Content-Range')?.split('/').pop());
  return Number.isFinite(total) ? total : fallback;
}

async function listFleetAnomalies({ filter, page, perPage }: AnomalyPage): Promise<{ rows: Anomaly[]; total: number }> {
  const range = [page * perPage, page * perPage + perPage - 1];
  const answer = await api.GET('/fleet/anomalies', { params: { query: { filter: JSON.stringify(filter), range: JSON.stringify(range) } } });
  const rows = data(answer);
  // the warnings ride on other screens: an answer that is not a list fails the look-up, never the screen
  if (!Array.isArray(rows)) throw new Error('The anomaly list answer is not a list.');
  return { rows, total: totalOf(answer.response.headers, rows.length) };
}

const checkFleetAnomaly = ({ id, note }: { id: number; note: string }): Promise<Anomaly> =>
  api.POST('/fleet/anomalies/{id}/check', { params: { path: { id } }, body: { note } }).then(data);

const listFleetBurns = (facilityId: number | null): Promise<FleetView> =>
  api.GET('/fleet/burns', { params: { query: { facility_id: facilityId ?? undefined } } }).then(data);

export const fleetMethods = {
  /** GET /api/fleet/burns: every facility and burn in reach, optionally of one facility. */
  listFleetBurns,
  /** GET /api/fleet/anomalies: a page of anomalies matching the filter, with the total. */
  listFleetAnomalies,
  /** POST /api/fleet/anomalies/{id}/check: marks an anomaly checked with a note. */
  checkFleetAnomaly,
};
