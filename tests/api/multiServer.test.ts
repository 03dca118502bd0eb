import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { anyFile } from '../../mock-server/blobs/blobs';
import { S3Blobs } from '../../mock-server/blobs/s3Blobs';
import { configFromEnv } from '../../mock-server/config';
import { reanalyseOutdatedInBackground } from '../../mock-server/kilnlogs/reanalyseOutdated';
import { FILE_AREAS, referencedKeys } from '../../mock-server/store/fileSweep';
import { createDatabase } from '../helpers/postgres';
import { startDeployment, type DeployedServer, type Deployment } from '../helpers/deployment';
import { testServerConfig } from '../helpers/seededTemplate';
import { bearer } from '../helpers/testServer';
import { burnCsv } from '../helpers/kilnLogUploads';
import { proveInclusion, treeHead } from '../../mock-server/transparency/log';
import { leafHash, verifyInclusion } from '../../src/domain/transparency/merkle';

/**
 * Two servers on one PostgreSQL database and one bucket (docs/operations.md),
 * started at the same moment on an empty store: the figures of the scale
 * review, each a check. PostgreSQL only: the embedded store has one server.
 */

const onPostgres = process.env.KILN_TEST_STORE === 'postgres';

let deployment: Deployment;
let a: DeployedServer;
let b: DeployedServer;

beforeAll(async () => {
  if (!onPostgres) return;
  // small limits, so the shared throttles are reached in a few password checks (each costs seconds on a loaded machine)
  deployment = await startDeployment(2, { loginThrottle: { ...configFromEnv({}).loginThrottle, limit: 2, clientLimit: 4 } });
  [a, b] = deployment.servers;
}, 120_000);
afterAll(async () => {
  await deployment?.stop();
});

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const TABLES = [
  'users',
  'facilities',
  'kilns',
  'kilnlogs',
  'kilnlog_analyses',
  'audits',
  'audit_claims',
  'audit_burns',
  'eco_assets',
  'eco_allocations',
  'changes',
  'facility_photos',
  'facility_audits',
];
const rowCounts = async (databaseUrl: string) =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (t) => [t, (await query<{ n: number }>(databaseUrl, `select count(*)::int as n from ${t}`))[0].n] as const),
    ),
  );

async function bucketKeys(deployed: Deployment): Promise<Set<string>> {
  const blobs = new S3Blobs(deployed.bucket.settings);
  const keys = new Set<string>();
  for (const area of FILE_AREAS) for await (const item of blobs.list(`${area}/`)) keys.add(item.key);
  return keys;
}

describe.runIf(onPostgres)('two servers on one PostgreSQL database and one bucket', () => {
  it('a first start of both at once leaves one consistent store: one seed, every record with its file, no stray file', async () => {
    const template = inject('apiTemplate');
    const oneSeed = await rowCounts(inject('postgresUrl')!.replace(/\/[^/]*$/, `/${template!.databaseName}`));
    expect(await rowCounts(deployment.databaseUrl)).toEqual(oneSeed);
    const named = referencedKeys(await a.ctx.data.fileReferences());
    const stored = await bucketKeys(deployment);
    expect([...named].filter((key) => !stored.has(key))).toEqual([]);
    expect([...stored].filter((key) => !named.has(key))).toEqual([]);
  });

  it('takes a token from either server on the other, and a revocation on one is seen at once on the other', async () => {
    const fromA = await a.login('broker');
    const fromB = await b.login('broker');
    expect((await b.http.get('/api/changes').set(bearer(fromA))).status).toBe(200);
    expect((await a.http.get('/api/changes').set(bearer(fromB))).status).toBe(200);
    const admin = await b.login('useradmin');
    expect((await b.http.post('/api/user/broker/update').set(bearer(admin)).send({ pass: 'Across-Servers-2026!' })).status).toBe(200);
    expect((await a.http.get('/api/changes').set(bearer(fromA))).status).toBe(401);
    expect((await a.http.get('/api/changes').set(bearer(fromB))).status).toBe(401);
  });

  it('lets exactly one of two proposals of the same burn win, whichever server each reaches', async () => {
    const token = await a.login('kilnadmin');
    const potential = await a.http.get('/api/audit/potential_logs').query({ kiln_type: -1 }).set(bearer(token));
    const [burn] = (potential.body as { data: { id: number }[] }).data;
    const propose = (server: DeployedServer, job: string) =>
      server.http
        .post('/api/audit/propose')
        .query({ job_id: job, kiln_type: -1 })
        .set(bearer(token))
        .send({ analysis_ids: [burn.id] });
    const answers = await Promise.all([propose(a, 'RACE-A'), propose(b, 'RACE-B')]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('never allocates more CO2 than an audit holds, with mints racing on both servers', async () => {
    // the super-admin: the broker's password was changed above
    const token = await a.login('superadmin');
    const [audit] = (await a.ctx.data.ecoAssets.available()).filter((x) => x.remaining_co2 > 1);
    const before = await a.ctx.data.ecoAssets.remaining(audit.audit.id);
    const kg = Math.floor((before / 12) * 1000) / 1000;
    const mint = (server: DeployedServer, i: number) =>
      server.http
        .post('/api/eco-asset/mint')
        .set(bearer(token))
        .send({ minting_note: 'race', transaction_id: `RACE-${i}`, co2_utilisation: { [audit.audit.id]: kg } });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => mint(i % 2 ? a : b, i)));
    const won = answers.filter((r) => r.status === 200).length;
    expect(answers.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(won).toBe(12);
    expect(await b.ctx.data.ecoAssets.remaining(audit.audit.id)).toBeCloseTo(before - won * kg, 6);
  });

  it('keeps one transparency log for both: uploads racing on both servers take one entry each, with no gap or fork', async () => {
    const token = await a.login('uploader');
    const facility = (await a.ctx.data.facilities.get(1))!;
    const before = await a.ctx.data.transparency.size();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).http
          .post('/api/kilnlogs/upload')
          .set(bearer(token))
          .set('Content-Type', 'text/csv')
          .send(Buffer.from(burnCsv('CG1-0007', facility))),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    const size = await b.ctx.data.transparency.size();
    expect(size).toBe(before + 8);
    const indexes = await query<{ idx: string }>(deployment.databaseUrl, 'select idx from transparency_entries order by idx');
    expect(indexes.map((r) => Number(r.idx))).toEqual(Array.from({ length: size }, (_, i) => i));
    const logged = await Promise.all(answers.map(async (r) => b.ctx.data.transparency.indexOf(`kilnlog:${r.body.id}`)));
    expect(new Set(logged).size).toBe(8);
    expect(logged.every((i) => i !== null && i >= before)).toBe(true);
    // both serve the same checkpoint, and every entry is in the tree it signs
    const [fromA, fromB] = await Promise.all([a.http.get('/api/transparency/checkpoint'), b.http.get('/api/transparency/checkpoint')]);
    expect(fromA.text).toBe(fromB.text);
    const { root } = await treeHead(a.ctx.data.transparency);
    for (let index = 0; index < size; index++) {
      const { entry } = (await b.ctx.data.transparency.entry(index))!;
      const proof = await proveInclusion(a.ctx.data.transparency, index, size);
      expect(verifyInclusion(index, size, leafHash(new TextEncoder().encode(entry)), proof, root), `entry ${index}`).toBe(true);
    }
  });

  it('counts failed logins for one username on both servers together', async () => {
    const { limit } = a.ctx.config.loginThrottle;
    const client = '198.51.100.7';
    const tryOn = (server: DeployedServer) =>
      server.http.post('/api/auth').set('X-Forwarded-For', client).send({ username: 'kilnadmin', password: 'wrong' });
    // alternating servers: the free tries are spent once, not once a server
    for (let i = 0; i < limit; i++) expect((await tryOn(i % 2 ? a : b)).status).toBe(401);
    expect((await tryOn(a)).status).toBe(429);
    expect((await tryOn(b)).status).toBe(429);
  }, 90_000);

  it("caps one client's failed logins on both servers together", async () => {
    const { clientLimit } = a.ctx.config.loginThrottle;
    const client = '198.51.100.8';
    const tryOn = (server: DeployedServer, i: number) =>
      server.http
        .post('/api/auth')
        .set('X-Forwarded-For', client)
        .send({ username: `nobody-${i}`, password: 'wrong' });
    for (let i = 0; i < clientLimit; i++) expect((await tryOn(i % 2 ? a : b, i)).status).toBe(401);
    expect((await tryOn(a, 100)).status).toBe(429);
    expect((await tryOn(b, 101)).status).toBe(429);
  }, 90_000);

  it('runs the start-up re-analysis on one server: each outdated log is analysed and written once', async () => {
    const { rows } = await a.ctx.data.kilnLogs.list(
      { archived: false, facilityIds: null },
      {},
      { sort: { field: 'id', order: 'ASC' }, range: [0, 999] },
    );
    const aged = rows.filter((row) => row.analysis !== null && !row.audited).slice(0, 8);
    for (const row of aged) {
      const result = JSON.parse(row.analysis!) as { algorithm_version: string };
      await a.ctx.data.kilnLogs.update(row.id, { analysis: JSON.stringify({ ...result, algorithm_version: '1.0.0' }) });
    }
    const quiet = () => undefined;
    const [onA, onB] = await Promise.all([reanalyseOutdatedInBackground(a.ctx, quiet), reanalyseOutdatedInBackground(b.ctx, quiet)]);
    // one did them all; the other found the job taken (null) or, started after it ended, nothing left
    expect((onA?.reanalysed ?? 0) + (onB?.reanalysed ?? 0)).toBe(aged.length);
    expect([onA?.outdated ?? 0, onB?.outdated ?? 0].sort()).toEqual([0, aged.length]);
  });

  it('skips a turn of a job another server is running (the archive purge, the re-analysis), and runs it once that ends', async () => {
    let release!: () => void;
    const held = a.ctx.data.exclusively('purge', () => new Promise<void>((resolve) => (release = resolve)));
    await expect.poll(async () => (await b.ctx.data.tryExclusively('purge', async () => 'ran')) === null).toBe(true);
    release();
    await held;
    expect(await b.ctx.data.tryExclusively('purge', async () => 'ran')).toEqual({ value: 'ran' });
  });

  it('starts a server on an empty database without seeding it unless SEED_DEMO=1, and leaves the bucket of another deployment alone', async () => {
    const before = await bucketKeys(deployment);
    const empty = await createDatabase(inject('postgresUrl')!, 'kc_deploy_empty');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-deploy-wrong-'));
    // a wrong DATABASE_URL beside the live bucket, with no grace: the old seed emptied the bucket here
    const wrong = await createApp({
      ...testServerConfig(dataDir, empty),
      seedDemo: false,
      fileSweepGraceMinutes: 0,
      storage: { databaseUrl: empty, s3: deployment.bucket.settings },
    });
    try {
      await wrong.fileSweep.done;
      expect(await wrong.ctx.data.isEmpty()).toBe(true);
      expect(await bucketKeys(deployment)).toEqual(before);
    } finally {
      await wrong.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to seed the embedded store (an empty DATABASE_URL) into a bucket holding files, deleting nothing', async () => {
    const before = await bucketKeys(deployment);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-deploy-embedded-'));
    try {
      await expect(
        createApp({ ...testServerConfig(dataDir, null), storage: { databaseUrl: null, s3: deployment.bucket.settings } }),
      ).rejects.toThrow(/writes only into an empty bucket/);
      expect(await bucketKeys(deployment)).toEqual(before);
      expect(await anyFile(new S3Blobs(deployment.bucket.settings))).not.toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets a server that starts while a store copy holds the setup lock wait for it, and then seed nothing', async () => {
    const target = await createDatabase(inject('postgresUrl')!, 'kc_deploy_copy');
    const holder = await createApp({
      ...testServerConfig(fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-deploy-holder-')), target),
      seedDemo: false,
    });
    let release!: () => void;
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // what store:copy does: under the setup lock, rows into the empty database
    const copy = holder.ctx.data.exclusively('setup', async () => {
      locked();
      await new Promise<void>((resolve) => (release = resolve));
      await holder.ctx.data.users.create({
        username: 'pilot',
        role: 0,
        password_hash: 'x',
        facility_ids: [],
        created_ts: new Date().toISOString(),
      });
    });
    await holding;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-deploy-late-'));
    const starting = createApp({ ...testServerConfig(dataDir, target), seedDemo: true });
    // the starting server queues behind the copy's lock (the old one seeded the empty database at once):
    // beside the holder's session, a second one last asked for the lock (advisoryLock.ts polls for it)
    const askingForLock =
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like 'select pg_try_advisory_lock%'";
    await expect.poll(async () => (await query<{ n: number }>(target, askingForLock))[0].n, { timeout: 20_000 }).toBe(2);
    release();
    await copy;
    const late = await starting;
    try {
      expect((await query<{ username: string }>(target, 'select username from users')).map((u) => u.username)).toEqual(['pilot']);
    } finally {
      await late.stop();
      await holder.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
