import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, type KilnConsoleServer } from '../../mock-server/app';
import { newBlobKey, type Blobs } from '../../mock-server/blobs/blobs';
import { FILE_AREAS, referencedKeys } from '../../mock-server/store/fileSweep';
import { bearer, DEMO_PASSWORD, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * The start-up sweep as the server runs it, on the embedded store and (in
 * api-postgres) on PostgreSQL: before the restarted server answers, files no
 * record names are gone (on PostgreSQL only those older than the grace
 * period: another server sharing it may be between a file and its record),
 * every file a record names is kept, and a record whose file is gone is
 * reported loudly and answered as a 500 that says so.
 */

const HOUR = 3_600_000;
const shared = process.env.KILN_TEST_STORE === 'postgres';

let first: TestServer | null = null;
let restarted: KilnConsoleServer | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await restarted?.stop();
  if (first) fs.rmSync(first.dataDir, { recursive: true, force: true });
  first = restarted = null;
});

async function keysIn(blobs: Blobs): Promise<string[]> {
  const keys: string[] = [];
  for (const area of FILE_AREAS) for await (const item of blobs.list(`${area}/`)) keys.push(item.key);
  return keys;
}

/** Writes a file no record names, last written `age` ms ago. */
async function plant(server: TestServer, key: string, age: number): Promise<string> {
  await server.ctx.blobs.put(key, Buffer.from('left by a kill'));
  const when = new Date(Date.now() - age);
  fs.utimesSync(path.join(server.dataDir, 'files', key), when, when);
  return key;
}

/** Stops the server and starts another on the same data, as a restart after a kill does. */
async function restart(server: TestServer): Promise<{ app: KilnConsoleServer; as(username: string): Promise<Record<string, string>> }> {
  await server.stop();
  restarted = await createApp(server.ctx.config);
  const app = restarted;
  // on PostgreSQL the server answers while it sweeps (tests/api/fileSweepBackground.test.ts)
  await app.fileSweep.done;
  return {
    app,
    async as(username) {
      const res = await request(app.app).post('/api/auth').send({ username, password: DEMO_PASSWORD });
      expect(res.status).toBe(200);
      return bearer(res.text);
    },
  };
}

describe('at start, before it answers', () => {
  it(`removes the files no record names in every area${shared ? ' older than the grace period' : ''}, and keeps every file a record names`, async () => {
    first = await startTestServer();
    const named = referencedKeys(await first.ctx.data.fileReferences());
    expect(named.size).toBeGreaterThan(20);
    const old = [
      await plant(first, newBlobKey('kilnlogs', 'csv'), 2 * HOUR),
      await plant(first, 'analysis/987654.json', 2 * HOUR),
      await plant(first, newBlobKey('facility-photos', 'png'), 2 * HOUR),
      await plant(first, newBlobKey('facility-audits', 'pdf'), 2 * HOUR),
      await plant(first, newBlobKey('audit-evidence', 'pdf'), 2 * HOUR),
    ];
    // an upload another server is writing: its file is there, its record not yet
    const young = await plant(first, newBlobKey('kilnlogs', 'csv'), 60_000);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    const { app, as } = await restart(first);
    const left = new Set(await keysIn(app.ctx.blobs));
    for (const key of named) expect(left.has(key), key).toBe(true);
    for (const key of old) expect(left.has(key), key).toBe(false);
    expect(left.has(young)).toBe(shared);
    expect(left.size).toBe(named.size + (shared ? 1 : 0));
    expect(log).toHaveBeenCalledWith(`Removed ${shared ? 5 : 6} file(s) no record names (left by writes a stop cut short).`);

    // what the records name still downloads
    const [row] = (await app.ctx.data.fileReferences()).kilnLogs;
    const download = await request(app.app)
      .get(`/api/kilnlogs/${row.id}/download`)
      .set(await as('kilnadmin'));
    expect(download.status).toBe(200);
  });
});

describe('a record whose file is gone', () => {
  it('is reported loudly at start, and its download answers a 500 that says so rather than a broken file', async () => {
    first = await startTestServer();
    const refs = await first.ctx.data.fileReferences();
    const row = refs.kilnLogs[0];
    const photo = (await first.ctx.data.facilities.photo(1))!;
    await first.ctx.blobs.remove(row.s3key);
    await first.ctx.blobs.remove(photo.photo.key);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const { app, as } = await restart(first);
    const report = error.mock.calls.map((call) => String(call[0])).find((line) => line.startsWith('FILES MISSING'));
    expect(report).toContain('FILES MISSING: 2 file(s)');
    expect(report).toContain(row.s3key);
    expect(report).toContain(photo.photo.key);

    const download = await request(app.app)
      .get(`/api/kilnlogs/${row.id}/download`)
      .set(await as('kilnadmin'));
    expect(download.status).toBe(500);
    expect(download.body).toEqual({
      message: `The stored file of kiln log ${row.id} is missing from file storage; an administrator must restore it from a backup.`,
    });
    const image = await request(app.app)
      .get('/api/facility/1/photo')
      .set(await as('superadmin'));
    expect(image.status).toBe(500);
    expect(image.body.message).toMatch(/^The stored file of .+ is missing from file storage/);
    // the thumbnail is still there and still served
    expect(
      (
        await request(app.app)
          .get('/api/facility/1/photo?thumb=1')
          .set(await as('superadmin'))
      ).status,
    ).toBe(200);
  });
});
