import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, startChildServer, until, type ChildServer } from '../helpers/childServer';
import { createDatabase, findPostgresBin, startPostgresCluster, type PostgresCluster } from '../helpers/postgres';
import { TEST_JWT_SECRET, TEST_PACKAGE_SIGNING_KEY } from '../helpers/seededTemplate';

/**
 * PostgreSQL going away under a running server (scale and faults review 2026-11-25, items 1, 4 and 5):
 * its connections ended mid-traffic, the whole cluster stopped and started again, a statement that cannot
 * finish. The server is its own process, as `npm start` runs it, so a crash shows as an exit; the cluster
 * is this file's own, so stopping it touches no other test. PostgreSQL only: the embedded store has no
 * connection to lose.
 */

const bin = findPostgresBin();
const PASSWORD = 'kiln-demo';
const CLIENT_LIMIT = 3;

let cluster: PostgresCluster;
let databaseUrl: string;
let server: ChildServer;
let dataDir: string;

const call = (method: string, route: string, token: string | null, body?: string) => callApi(server.url, method, route, token, body);

const login = (username = 'kilnadmin') => call('POST', '/auth', null, JSON.stringify({ username, password: PASSWORD }));
const listLogs = (token: string) => call('GET', '/kilnlogs', token);

async function token(): Promise<string> {
  const res = await login();
  expect(res.status, `${JSON.stringify(res.body)}\n${server.output()}`).toBe(200);
  return res.body as unknown as string;
}

async function sql(query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

const alive = () => expect(server.process.exitCode, `the server exited:\n${server.output()}`).toBeNull();

describe.runIf(bin !== null && process.env.KILN_TEST_STORE === 'postgres')('PostgreSQL going away under a running server', () => {
  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    databaseUrl = await createDatabase(cluster.adminUrl, 'kc_outage');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-outage-'));
    server = await startChildServer({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      PACKAGE_SIGNING_KEY: TEST_PACKAGE_SIGNING_KEY,
      DEMO_LOG_COUNT: '12',
      SEED_DEMO: '1',
      FILE_SWEEP_GRACE_MINUTES: '0',
      LOGIN_CLIENT_LIMIT: String(CLIENT_LIMIT),
      DATABASE_CONNECT_TIMEOUT_MS: '3000',
      DATABASE_STATEMENT_TIMEOUT_MS: '5000',
    });
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
    await cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps serving when PostgreSQL ends its connections mid-traffic (pg_terminate_backend)', async () => {
    const bearer = await token();
    let traffic = true;
    const statuses: number[] = [];
    const loops = Array.from({ length: 3 }, async () => {
      while (traffic) statuses.push((await listLogs(bearer).catch(() => ({ status: 0 }))).status);
    });
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    }
    // idle pooled connections are ended too, with nothing to answer
    await new Promise((resolve) => setTimeout(resolve, 500));
    traffic = false;
    await Promise.all(loops);
    alive();
    expect(statuses.length).toBeGreaterThan(0);
    // a request on a connection that was ended is a 503, never a 401 or a dropped connection
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    await until(
      () => listLogs(bearer),
      (r) => r.status === 200,
    );
    alive();
  });

  it('answers 503 with Retry-After while PostgreSQL is down, counts no login as failed, and recovers by itself', async () => {
    const bearer = await token();
    await cluster.pause();
    try {
      const listed = await listLogs(bearer);
      expect(listed.status, JSON.stringify(listed.body)).toBe(503);
      expect(listed.retryAfter).toBe('5');
      expect(listed.body.message).toBe('The database is unavailable at the moment. Please try again shortly.');
      // more logins than a client may fail: none is a failure of the user's
      for (let i = 0; i < CLIENT_LIMIT + 2; i++) {
        const refused = await login();
        expect(refused.status, JSON.stringify(refused.body)).toBe(503);
        expect(refused.retryAfter).toBe('5');
      }
      const ready = await call('GET', '/health/ready', null);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'unavailable',
        message: 'Not ready: the database (PostgreSQL) cannot be reached.',
        checks: { store: { kind: 'postgres', ok: false }, files: { kind: 'local', ok: true } },
      });
      expect((await call('GET', '/health', null)).status).toBe(200);
      alive();
    } finally {
      await cluster.resume();
    }
    await until(
      () => call('GET', '/health/ready', null),
      (r) => r.status === 200,
    );
    expect((await listLogs(bearer)).status).toBe(200);
    expect((await login()).status).toBe(200);
    alive();
  });

  it('answers 503 once a statement outlasts DATABASE_STATEMENT_TIMEOUT_MS instead of hanging', async () => {
    const bearer = await token();
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      // every authenticated request reads its user: with the table locked it cannot
      await holder.query('begin');
      await holder.query('lock table users in access exclusive mode');
      const stuck = await listLogs(bearer);
      expect(stuck.status, JSON.stringify(stuck.body)).toBe(503);
      expect(stuck.body.message).toBe('The database is unavailable at the moment. Please try again shortly.');
    } finally {
      await holder.end();
    }
    expect((await listLogs(bearer)).status).toBe(200);
    alive();
  });
});
