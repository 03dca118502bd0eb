import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facility } from '../../src/domain/api/configure';
import { callApi, startChildServer, until, type ApiAnswer, type ChildServer } from '../helpers/childServer';
import { burnCsv } from '../helpers/kilnLogUploads';
import { createDatabase, findPostgresBin, startPostgresCluster, type PostgresCluster } from '../helpers/postgres';
import { startTestBucket, type TestBucket } from '../helpers/s3';
import { TEST_JWT_SECRET, TEST_PACKAGE_SIGNING_KEY } from '../helpers/seededTemplate';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy';

/**
 * Two servers, each its own process as `npm start` runs it, on one PostgreSQL
 * database and one bucket (the two-server figure, docs/performance.md): PostgreSQL restarted
 * and the bucket gone for a while, each server answers 503 with Retry-After
 * (never 401, never a crash) and serves again by itself once the dependency is
 * back. The cluster is this file's own, so restarting it touches no other
 * test; the servers reach the bucket through a proxy that can stop
 * (connections refused) and start again. PostgreSQL only.
 */

const bin = findPostgresBin();
const PASSWORD = 'kiln-demo';
const DB_DOWN = 'The database is unavailable at the moment. Please try again shortly.';
const FILES_DOWN = 'File storage is unavailable at the moment. Please try again shortly.';

let cluster: PostgresCluster;
let bucket: TestBucket;
let proxy: TcpProxy;
let servers: ChildServer[] = [];
const dataDirs: string[] = [];

const alive = () => servers.forEach((s, i) => expect(s.process.exitCode, `server ${'AB'[i]} exited:\n${s.output()}`).toBeNull());
const login = (s: ChildServer, username = 'kilnadmin') =>
  callApi(s.url, 'POST', '/auth', null, JSON.stringify({ username, password: PASSWORD }));
const list = (s: ChildServer, token: string) => callApi(s.url, 'GET', '/kilnlogs', token);
const ready = (s: ChildServer) => callApi(s.url, 'GET', '/health/ready', null);
let seed = 1;
const upload = (s: ChildServer, token: string, facility: Facility) =>
  callApi(s.url, 'POST', '/kilnlogs/upload', token, burnCsv('CG1-0007', facility, { seed: seed++ }), 'text/csv');

function unavailable(answer: ApiAnswer, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.retryAfter).toBe('5');
  expect(answer.body.message).toBe(message);
}

/** A dependency taken away and given back: PostgreSQL restarting, the bucket unreachable. */
interface Outage {
  stop(): Promise<void>;
  restart(): Promise<void>;
}

interface OutageChecks {
  /** each server's answers while the dependency is away */
  whileDown(s: ChildServer): Promise<void>;
  /** the call awaited on each server, once the dependency is back, until it answers 200 */
  servesAgain(s: ChildServer): Promise<ApiAnswer>;
  /** each server's answers then */
  afterwards(s: ChildServer): Promise<void>;
}

/** Both servers through an outage: checked while it lasts, the dependency given back whatever happened, checked again once they serve; neither exits. */
async function throughOutage(outage: Outage, checks: OutageChecks): Promise<void> {
  await outage.stop();
  try {
    for (const s of servers) await checks.whileDown(s);
    alive();
  } finally {
    await outage.restart();
  }
  for (const s of servers) {
    await until(
      () => checks.servesAgain(s),
      (r) => r.status === 200,
    );
    await checks.afterwards(s);
  }
  alive();
}

describe.runIf(bin !== null && process.env.KILN_TEST_STORE === 'postgres')(
  'two servers through a PostgreSQL restart and a bucket outage',
  () => {
    let token: string;
    let uploader: string;
    let facility: Facility;

    beforeAll(async () => {
      cluster = await startPostgresCluster(bin!);
      bucket = await startTestBucket('kiln-two');
      proxy = await startTcpProxy(Number(new URL(bucket.settings.endpoint).port));
      const { bucket: name, accessKeyId, secretAccessKey, region } = bucket.settings;
      const env = {
        DATABASE_URL: await createDatabase(cluster.adminUrl, 'kc_two'),
        S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
        S3_BUCKET: name,
        S3_ACCESS_KEY_ID: accessKeyId,
        S3_SECRET_ACCESS_KEY: secretAccessKey,
        S3_REGION: region,
        S3_CONNECT_TIMEOUT_MS: '1000',
        S3_REQUEST_TIMEOUT_MS: '1000',
        JWT_SECRET: TEST_JWT_SECRET,
        PACKAGE_SIGNING_KEY: TEST_PACKAGE_SIGNING_KEY,
        DEMO_PASSWORD: PASSWORD,
        DEMO_LOG_COUNT: '6',
        SEED_DEMO: '1',
        DATABASE_CONNECT_TIMEOUT_MS: '3000',
        DATABASE_STATEMENT_TIMEOUT_MS: '5000',
      };
      // at the same moment: one seeds under the setup lock, the other finds its data
      servers = await Promise.all(
        ['a', 'b'].map((name) => {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kiln-two-${name}-`));
          dataDirs.push(dataDir);
          return startChildServer({ ...env, DATA_DIR: dataDir });
        }),
      );
      const answer = await login(servers[0]).catch((err: unknown) => {
        throw new Error(`${String(err)}\n${servers.map((x) => `${x.url} ${x.process.exitCode}\n${x.output()}`).join('\n')}`);
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      token = answer.body as unknown as string;
      uploader = (await login(servers[1], 'uploader')).body as unknown as string;
      const { facilities } = (await callApi(servers[1].url, 'GET', '/facilities', token)).body as unknown as { facilities: Facility[] };
      facility = facilities.find((f) => f.id === 1)!;
    }, 240_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.kill()));
      await proxy?.close().catch(() => undefined);
      await bucket?.stop();
      await cluster?.stop();
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers 503, not 401 or a crash, on both while PostgreSQL restarts, and both serve again by themselves', async () => {
      // pooled connections on both, which the restart ends under them (the review's crash)
      for (const s of servers) expect((await list(s, token)).status).toBe(200);
      await throughOutage(
        { stop: () => cluster.pause(), restart: () => cluster.resume() },
        {
          whileDown: async (s) => {
            unavailable(await list(s, token), DB_DOWN);
            unavailable(await login(s), DB_DOWN);
            expect((await ready(s)).status).toBe(503);
          },
          servesAgain: (s) => list(s, token),
          afterwards: async (s) => {
            expect((await login(s)).status).toBe(200);
            expect((await ready(s)).status).toBe(200);
          },
        },
      );
    });

    it('answers 503 for files on both while the bucket is down, keeps users logged in, and both serve files again by themselves', async () => {
      const stored = await upload(servers[0], uploader, facility);
      expect(stored.status, JSON.stringify(stored.body)).toBe(201);
      const download = (s: ChildServer) => callApi(s.url, 'GET', `/kilnlogs/${String(stored.body.id)}/download`, token);
      await throughOutage(
        { stop: () => proxy.close(), restart: () => proxy.reopen() },
        {
          whileDown: async (s) => {
            unavailable(await upload(s, uploader, facility), FILES_DOWN);
            unavailable(await download(s), FILES_DOWN);
            // authentication and lists read the database only
            expect((await list(s, token)).status).toBe(200);
            expect((await ready(s)).status).toBe(503);
          },
          servesAgain: (s) => ready(s),
          afterwards: async (s) => {
            expect((await upload(s, uploader, facility)).status).toBe(201);
            expect((await download(s)).status).toBe(200);
          },
        },
      );
    });
  },
);
