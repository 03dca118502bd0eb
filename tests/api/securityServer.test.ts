import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { configFromEnv } from '../../mock-server/config';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';

/** Points 11, 12 and 13 of the security review (docs/security.md). */

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('superadmin');
});
afterAll(() => server.close());

describe('JWT_SECRET', () => {
  it.each(['a', 'x'.repeat(31)])('refuses to start with a secret under 32 bytes (%s), before anything is stored', async (secret) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-secret-'));
    try {
      await expect(createApp({ ...configFromEnv({}), dataDir, jwtSecret: secret, serveConsole: false })).rejects.toThrow(
        /JWT_SECRET must be at least 32 bytes/,
      );
      expect(fs.existsSync(path.join(dataDir, 'db.json'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('Cache-Control', () => {
  it('is no-store on every /api answer: the token, JSON, errors and lists', async () => {
    const answers = {
      token: await server.http.post('/api/auth').send({ username: 'broker', password: 'kiln-demo' }),
      'wrong password': await server.http.post('/api/auth').send({ username: 'broker', password: 'wrong' }),
      health: await server.http.get('/api/health'),
      changes: await server.http.get('/api/changes').set(bearer(token)),
      list: await server.http.get('/api/kilnlogs').set(bearer(token)),
      'raw log': await server.http.get('/api/kilnlogs/1/download').set(bearer(token)),
      '401': await server.http.get('/api/changes'),
      '404': await server.http.get('/api/no-such-call').set(bearer(token)),
    };
    expect(answers.token.status).toBe(200);
    for (const [name, res] of Object.entries(answers)) expect(res.headers['cache-control'], name).toBe('no-store');
  });

  it('is private, no-cache on a stored photo', async () => {
    const res = await server.http.get('/api/facility/1/photo').set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('file modes', () => {
  const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

  // db.json's own mode is the embedded store's (tests/api/embeddedStore.test.ts)
  it('keeps every stored file 0600, and the data directory and file directories 0700', async () => {
    // one more write of each kind: a record and an uploaded log
    await server.http.post('/api/kilnlogs/upload').set(bearer(token)).set('Content-Type', 'text/csv').send('not a burn log\n');
    expect(modeOf(server.dataDir)).toBe(0o700);
    const filesDir = path.join(server.dataDir, 'files');
    const files = fs.readdirSync(filesDir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(filesDir, f));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(modeOf(f), f).toBe(fs.statSync(f).isDirectory() ? 0o700 : 0o600);
    expect(modeOf(filesDir)).toBe(0o700);
  });

  it('narrows a data directory left world-readable by an older version when it opens it', async () => {
    server.close();
    const dataDir = server.dataDir;
    fs.mkdirSync(dataDir, { recursive: true });
    fs.chmodSync(dataDir, 0o755);
    server = await startTestServer({ dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
  });
});
