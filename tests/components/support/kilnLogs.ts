import type { KilnLog } from '../../../src/domain/api/kilnLogs';
import type { Anomaly } from '../../../src/domain/api/fleet';
import { makeKilnLogRow } from '../../helpers/kilnLogRows';
import type { KilnLogRecord } from '../../../mock-server/store/model';

/** A row as GET /api/kilnlogs answers it. */
export function makeKilnLog({
  audit_job_id = null,
  ...overrides
}: Partial<KilnLogRecord> & { id: number; audit_job_id?: string | null }): KilnLog {
  return { ...makeKilnLogRow(overrides), analysis_id: overrides.id, audit_job_id };
}

/** A simple-REST page answer with its Content-Range. */
export function page(rows: readonly unknown[], total = rows.length, first = 0) {
  const range = rows.length ? `items ${first}-${first + rows.length - 1}/${total}` : `items */${total}`;
  return new Response(JSON.stringify(rows), { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': range } });
}

/** An open Fleet anomaly of a burn, as GET /api/fleet/anomalies lists it. */
export function makeAnomaly(overrides: Partial<Anomaly> & Pick<Anomaly, 'id' | 'log_id' | 'code'>): Anomaly {
  return {
    other_log_id: null,
    kiln: 1,
    kiln_id: 'CG1-0007',
    facility_id: 1,
    facility_name: 'Nairobi Char Works',
    message: 'A test anomaly.',
    logts: '2026-03-01T06:05:00',
    raised_ts: '2026-03-02T00:00:00.000Z',
    checked_ts: null,
    checked_by: null,
    checked_by_name: null,
    check_note: null,
    ...overrides,
  };
}
