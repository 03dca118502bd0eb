import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/testServer';
import { snapshot, withoutKilnLogs } from '../helpers/snapshot';
import { kilnLog } from '../helpers/storeAccess';

/**
 * From the attacker's side: a burn log whose header values break the kiln
 * registry's rules (a 10 MB `# kiln_id=` line) is stored as an error log whose
 * stored record is small; nothing else in the store changes.
 */

const api = useTestServer();

const HUGE_ID = 'A'.repeat(10 * 1024 * 1024 - 100);
const hugeHeaderLog = (n: number) =>
  `# kiln_id=${HUGE_ID}${n}\n# latitude=-1.3\n# longitude=36.8\nd,t,t1,t2,w\n2026-03-01,06:00:00,20,20,8200\n`;

describe('a kiln_id header beyond the registry rules', () => {
  it('stores three 10 MB kiln_id uploads as error logs with small records, changing nothing else', async () => {
    const before = await snapshot(api.server);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await api.server.http
        .post('/api/kilnlogs/upload')
        .set(api.as('uploader'))
        .set('Content-Type', 'text/csv')
        .send(hugeHeaderLog(n));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ kiln_id: null, kiln: null, facility_id: null, analysis: null, valid: false });
      expect(res.body.error_message).toBe(
        "Line 1: kiln_id 'AAAAAAAAAAAAAAAAAAAAAAAA…' is not a kiln id (at most 64 letters, digits, '.', '_' or '-').",
      );
      expect(JSON.stringify(res.body).length).toBeLessThan(2000);
      ids.push(res.body.id);
    }
    // three stored rows of about a kilobyte each, not 31 MB
    for (const id of ids) expect(JSON.stringify(await kilnLog(api.server, id)).length).toBeLessThan(2000);
    const after = await snapshot(api.server);
    expect(withoutKilnLogs(after.tables, ids)).toEqual(before.tables);
    expect(after.tables.kilnlogs.length).toBe(before.tables.kilnlogs.length + 3);
    expect(JSON.stringify(after.tables).length - JSON.stringify(before.tables).length).toBeLessThan(3 * 2000);
  });

  it('accepts a kiln_id of exactly 64 characters and refuses 65', async () => {
    const log = (id: string) => `# kiln_id=${id}\n# latitude=-1.3\n# longitude=36.8\nd,t,t1,t2,w\n2026-03-01,06:00:00,20,20,8200\n`;
    const ok = await api.server.http
      .post('/api/kilnlogs/upload')
      .set(api.as('uploader'))
      .set('Content-Type', 'text/csv')
      .send(log('K'.repeat(64)));
    expect(ok.body).toMatchObject({ kiln_id: 'K'.repeat(64), error_message: `Unknown kiln '${'K'.repeat(64)}'.` });
    const long = await api.server.http
      .post('/api/kilnlogs/upload')
      .set(api.as('uploader'))
      .set('Content-Type', 'text/csv')
      .send(log('K'.repeat(65)));
    expect(long.body.kiln_id).toBeNull();
    expect(long.body.error_message).toMatch(/^Line 1: kiln_id '.*' is not a kiln id/);
  });
});
