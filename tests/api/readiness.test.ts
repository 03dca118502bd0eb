import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

/**
 * GET /api/health/ready (scale and faults review 2026-11-25, item 5): what a load balancer asks. It answers
 * for the store (PostgreSQL, or the embedded store's db.json) and the file storage, 503 naming what failed,
 * and 503 once the server is shutting down, while GET /api/health (the process is alive) stays 200.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const storeKind = () => server.ctx.data.kind;

describe('GET /api/health/ready', () => {
  it('answers 200 with each dependency checked, without a token', async () => {
    const res = await server.http.get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { store: { kind: storeKind(), ok: true }, files: { kind: 'local', ok: true } } });
  });

  it('answers 503 naming what failed when DATA_DIR is gone (the local files; on the embedded store db.json too), 200 again once it is back', async () => {
    const away = `${server.dataDir}-away`;
    fs.renameSync(server.dataDir, away);
    try {
      const res = await server.http.get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const embedded = storeKind() === 'embedded';
      expect(res.body).toEqual({
        status: 'unavailable',
        message: embedded
          ? 'Not ready: the embedded store (db.json) and file storage (the local folder) cannot be reached.'
          : 'Not ready: file storage (the local folder) cannot be reached.',
        checks: { store: { kind: storeKind(), ok: !embedded }, files: { kind: 'local', ok: false } },
      });
      expect((await server.http.get('/api/health')).status).toBe(200);
    } finally {
      fs.renameSync(away, server.dataDir);
    }
    expect((await server.http.get('/api/health/ready')).status).toBe(200);
  });

  it('answers 503 "stopping" and closes the connection once the server is shutting down', async () => {
    server.lifecycle.stopping = true;
    try {
      const res = await server.http.get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'stopping', message: 'The server is shutting down.' });
      expect(res.headers.connection).toBe('close');
    } finally {
      server.lifecycle.stopping = false;
    }
  });
});
