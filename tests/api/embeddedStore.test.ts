import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import { burnCsv } from '../helpers/kilnLogUploads';
import { facility, kiln } from '../helpers/storeAccess';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';
import { rawStore } from '../helpers/rawStore';

/**
 * What only the embedded store has: db.json, its atomic write and its file
 * mode, and data an older db.json may hold that PostgreSQL's constraints
 * never let in. The only API file that does not also run on PostgreSQL.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

describe('db.json', () => {
  it('stays whole: writes go through a temporary file and a rename', async () => {
    const file = path.join(server.dataDir, 'db.json');
    const reopened = new EmbeddedStore(server.dataDir);
    expect(await reopened.users.count()).toBe(6);
    const change = await server.ctx.data.changes.create({ date: '2026-01-01', title: 't', body: '' });
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).changes.some((c: { id: number }) => c.id === change.id)).toBe(true);
    // no temporary files left behind
    expect(fs.readdirSync(server.dataDir).filter((f) => f.startsWith('db.json.'))).toEqual([]);
  });

  it('is 0600 after a write', async () => {
    const token = await server.login('superadmin');
    await server.http.post('/api/kilnlogs/upload').set(bearer(token)).set('Content-Type', 'text/csv').send('not a burn log\n');
    expect(modeOf(path.join(server.dataDir, 'db.json'))).toBe(0o600);
  });

  it('is narrowed to 0600 when an older version left it world-readable', async () => {
    server.close();
    const dataDir = server.dataDir;
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'db.json'), '{}', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'db.json'), 0o644);
    server = await startTestServer({ dataDir });
    expect(modeOf(path.join(dataDir, 'db.json'))).toBe(0o600);
  });
});

describe('an older db.json', () => {
  it('files a log by its oldest registration when it holds a kiln id twice', async () => {
    // a registration slipped in before ids were unique across facilities, which PostgreSQL's unique index refuses
    const store = rawStore(server);
    store.data.kilns.push({ ...(await kiln(server, 'RTR-0008')), id: store.nextId('kilns'), facility_id: 1 });
    store.write();
    const tasmania = await facility(server, 3);
    const token = await server.login('uploader');
    const res = await server.http
      .post('/api/kilnlogs/upload')
      .set(bearer(token))
      .set('Content-Type', 'text/csv')
      .send(burnCsv('RTR-0008', tasmania));
    expect(res.status).toBe(201);
    expect(res.body.facility_id).toBe(tasmania.id);
  });
});
