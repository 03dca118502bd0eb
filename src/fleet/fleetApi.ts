import type { Anomaly, FleetView } from '../domain/api/fleet';
import type { AnomalyCode } from '../domain/fleet/anomalies';
import { apiFetch } from '../providers/httpClient';

/** The Fleet calls (mock-server/openapi.yaml, /fleet/...). */

export interface AnomalyFilter {
  facility_id?: number;
  kiln?: number;
  code?: AnomalyCode;
  log_id?: number[];
  open?: boolean;
}

export const fleetKeys = {
  all: ['fleet'] as const,
  view: (facilityId: number | null) => ['fleet', 'view', facilityId] as const,
  anomalies: (filter: AnomalyFilter, page: number, perPage: number) => ['fleet', 'anomalies', filter, page, perPage] as const,
};

function totalOf(headers: Headers, fallback: number): number {
  const total = Number(headers.get('Content-Range')?.split('/').pop());
  return Number.isFinite(total) ? total : fallback;
}

export async function fetchAnomalies(filter: AnomalyFilter, page: number, perPage: number): Promise<{ rows: Anomaly[]; total: number }> {
  const query = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([page * perPage, page * perPage + perPage - 1]) });
  const { json, headers } = await apiFetch(`/fleet/anomalies?${query.toString()}`);
  // the warnings ride on other screens: an answer that is not a list fails the look-up, never the screen
  if (!Array.isArray(json)) throw new Error('The anomaly list answer is not a list.');
  const rows = json as Anomaly[];
  return { rows, total: totalOf(headers, rows.length) };
}

export async function checkAnomaly(id: number, note: string): Promise<Anomaly> {
  const { json } = await apiFetch(`/fleet/anomalies/${id}/check`, { method: 'POST', body: JSON.stringify({ note }) });
  return json as Anomaly;
}

export async function fetchFleet(facilityId: number | null): Promise<FleetView> {
  const { json } = await apiFetch(facilityId === null ? '/fleet/burns' : `/fleet/burns?facility_id=${facilityId}`);
  return json as FleetView;
}

/** Where a burn opens: the Kiln Logs list showing it alone. */
export const burnPath = (logId: number) => `/kiln_logs?filter=${encodeURIComponent(JSON.stringify({ id: logId }))}`;

/** Where a facility opens: the Facilities list showing it alone. */
export const facilityPath = (facilityId: number) => `/facilities?filter=${encodeURIComponent(JSON.stringify({ id: facilityId }))}`;
