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
