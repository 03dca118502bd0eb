import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginAll, type DemoUsername } from '../helpers/configure';
import { burnCsv } from '../helpers/kilnLogUploads';
import { createDatabase } from '../helpers/postgres';
import { startTestBucket, type TestBucket } from '../helpers/s3';
import { facility, kilnLogs } from '../helpers/storeAccess';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * The bucket failing under a running server (scale and faults review 2026-11-25, items 4 and 5): frozen, a
 * request gives up after S3_REQUEST_TIMEOUT_MS instead of hanging; stopped, uploads, downloads and details
 * answer 503 with Retry-After and a message, not a bare 500, and nothing half-stored is left. Readiness names
 * file storage. The server reaches s3rver through a proxy that can freeze.
 */

const UNAVAILABLE = 'File storage is unavailable at the moment. Please try again shortly.';
let bucket: TestBucket;
let proxy: TcpProxy;
let server: TestServer;
let tokens: Record<DemoUsername, string>;

beforeAll(async () => {
  bucket = await startTestBucket();
  proxy = await startTcpProxy(Number(new URL(bucket.settings.endpoint).port));
  const databaseUrl = process.env.KILN_TEST_STORE === 'postgres' ? await createDatabase(inject('postgresUrl')!, 'kc_s3') : null;
  server = await startTestServer({
    demoLogCount: 3,
    storage: {
      databaseUrl,
      s3: { ...bucket.settings, endpoint: `http://127.0.0.1:${proxy.port}`, connectTimeoutMs: 1_000, requestTimeoutMs: 1_000 },
    },
  });
  tokens = await loginAll(server);
}, 120_000);
afterAll(async () => {
  server?.close();
  await proxy?.close();
  await bucket?.stop().catch(() => undefined); // stopped already by the outage test
});

const as = (user: DemoUsername) => bearer(tokens[user]);
const upload = async () =>
  server.http
    .post('/api/kilnlogs/upload')
    .set(as('uploader'))
    .set('Content-Type', 'text/csv')
    .send(burnCsv('CG1-0007', await facility(server, 1)));

function expectUnavailable(res: { status: number; body: { message?: string }; headers: Record<string, string> }) {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body.message).toBe(UNAVAILABLE);
  expect(res.headers['retry-after']).toBe('5');
}

describe('file storage failing under a running server', () => {
  it('gives up on a frozen bucket after the request timeout with a 503, and serves again once it answers', async () => {
    const [log] = await kilnLogs(server);
    proxy.freeze();
    try {
      // the SDK tries three times; each attempt gives up after a second
      expectUnavailable(await server.http.get(`/api/kilnlogs/${log.id}/download`).set(as('kilnadmin')).timeout(30_000));
    } finally {
      proxy.thaw();
    }
    expect((await server.http.get(`/api/kilnlogs/${log.id}/download`).set(as('kilnadmin'))).status).toBe(200);
  });

  it('answers 503 for uploads, downloads and details while the bucket is down, stores nothing, and readiness names file storage', async () => {
    const [log] = await kilnLogs(server);
    const before = (await kilnLogs(server)).length;
    expect((await server.http.get('/api/health/ready')).status).toBe(200);
    await bucket.stop();
    expectUnavailable(await upload());
    expectUnavailable(await server.http.get(`/api/kilnlogs/${log.id}/download`).set(as('kilnadmin')));
    expectUnavailable(await server.http.get(`/api/kilnlogs/${log.id}`).set(as('kilnadmin')));
    expect((await kilnLogs(server)).length).toBe(before);
    const ready = await server.http.get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      status: 'unavailable',
      message: 'Not ready: file storage (the S3 bucket) cannot be reached.',
      checks: { store: { kind: server.ctx.data.kind, ok: true }, files: { kind: 's3', ok: false } },
    });
    // a logged-in user stays logged in: authentication does not touch the bucket
    expect((await server.http.get('/api/kilnlogs').set(as('kilnadmin'))).status).toBe(200);
  });
});
