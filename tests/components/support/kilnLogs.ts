import type { KilnLog } from '../../../src/domain/api/kilnLogs';
import { makeKilnLogRow } from '../../helpers/kilnLogRows';
import type { KilnLogRecord } from '../../../mock-server/store/schema';

/** A row as GET /api/kilnlogs answers it. */
export function makeKilnLog(overrides: Partial<KilnLogRecord> & { id: number }): KilnLog {
  return { ...makeKilnLogRow(overrides), analysis_id: overrides.id };
}

/** A simple-REST page answer with its Content-Range. */
export function page(rows: readonly unknown[], total = rows.length, first = 0) {
  const range = rows.length ? `items ${first}-${first + rows.length - 1}/${total}` : `items */${total}`;
  return new Response(JSON.stringify(rows), { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': range } });
}

/** A C-Go-1 analysis result as the server stores it (a JSON string, ANALYSIS.md). */
export const CGO1_ANALYSIS = {
  valid: 'true',
  reasons: [],
  gps_in_range: true,
  algorithm_version: '1.0.0',
  zero_weight: 10234.5,
  per_unit_weight: 21.3456,
  burn_duration: 12_307_000,
  charing_rate: 0.53,
  loading_rate: 4.21,
  biomass_loaded: 1234.567,
  biochar_prior_to_quench: 320.1,
  unpyrolized_biomass: 112.04,
  biochar_produced: 208.06,
  co2_removed: 507.67,
};
