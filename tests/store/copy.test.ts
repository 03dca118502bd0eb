import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALGORITHM_VERSION } from '../../mock-server/analysis';
import { createApp } from '../../mock-server/app';
import { LocalBlobs } from '../../mock-server/blobs/localBlobs';
import { S3Blobs } from '../../mock-server/blobs/s3Blobs';
import { configFromEnv } from '../../mock-server/config';
import { copyEmbeddedToPostgres } from '../../mock-server/store/copyStore';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import { nonEmptyTables } from '../../mock-server/store/postgres/bulkLoad';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import { treeHead } from '../../mock-server/transparency/log';
import { copyKeyLookups } from '../../src/domain/fleet/copyKeyIndex';
import { createDatabase } from '../helpers/postgres';
import { startTestBucket, type TestBucket } from '../helpers/s3';
import type { KilnLogRecord } from '../../mock-server/store/model';
import { kilnRow, mintAsset, proposeAudit, sha, signOffAudit } from './fixtures';

const run = promisify(execFile);

const copiedBatchInput = (facility_id: number, analysis_ids: number[]) => ({
  label: 'Copied',
  facility_id,
  kiln_type: 0,
  feedstock: 'wood',
  feedstock_note: null,
  analysis_ids,
  created_by: 4,
  created_ts: '2026-06-04T00:00:00.000Z',
});

/** A batch of one burn with a lab (and its key), a lab result and an end use, as a pilot's DATA_DIR would hold them. */
async function copiedBatch(store: EmbeddedStore, burn: KilnLogRecord): Promise<void> {
  const ts = '2026-06-04T00:00:00.000Z';
  const batch = await store.batches.create(copiedBatchInput(burn.facility_id!, [burn.id]));
  const lab = await store.labs.create({ name: 'Copy Lab', accreditation: 'ISO/IEC 17025 C-1', created_by: 1, created_ts: ts });
  await store.labs.addKey({ lab_id: lab.id, public_key: 'PEM', fingerprint: sha('copy key'), registered_by: 1, registered_ts: ts });
  await store.batches.addLabResult({
    batch_id: batch.id,
    lab_id: lab.id,
    sample_id: 'C-1',
    sampled_date: '2026-06-05',
    reported_date: '2026-06-06',
    methods: ['ISO 16948'],
    c_tot_pct: 80,
    c_inorg_pct: 5,
    c_org_pct: 75,
    h_c_org: 0.4,
    o_c_org: 0.1,
    moisture_pct: 25,
    ash_pct: 10,
    volatile_matter_pct: 15,
    ro_pct: null,
    contaminants_pass: true,
    certificate_sha256: sha('copy certificate'),
    certificate_key: 'lab-certificates/c.pdf',
    lab_signed: false,
    supersedes: null,
    recorded_by: 1,
    recorded_ts: ts,
  });
  await store.batches.addEndUse({
    batch_id: batch.id,
    kind: 'soil_application',
    kind_note: null,
    dry_g: 1000,
    date: '2026-06-07',
    latitude: -1.3,
    longitude: 36.8,
    soil_temp_c: 20,
    soil_temp_source: 'measured',
    recipient: 'Copy farm',
    evidence_sha256: sha('copy evidence'),
    evidence_key: 'end-use-evidence/c.pdf',
    recorded_by: 4,
    recorded_ts: ts,
  });
  await store.batches.setEmissions(batch.id, {
    methane_g_per_kg: 2,
    methane_method: 'chamber',
    methane_evidence_sha256: null,
    other_co2e_g: null,
    other_note: null,
    other_evidence_sha256: null,
  });
}
const ROOT = path.resolve(import.meta.dirname, '../..');
const adminUrl = inject('postgresUrl');
const ALL = { sort: { field: 'id' as const, order: 'ASC' as const }, range: [0, 999] as [number, number] };

describe.skipIf(!adminUrl)('npm run store:copy -- --to postgres', () => {
  let dataDir: string;
  let bucket: TestBucket;
  let databaseUrl: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-copy-'));
    // a small seeded DATA_DIR, as a pilot would have it
    const server = await createApp({
      ...configFromEnv({}),
      dataDir,
      demoLogCount: 24,
      serveConsole: false,
      jwtSecret: 'copy-test-secret-long-enough-for-hs256',
    });
    server.stop();
    // and the newer records: a signed-off audit with frozen burns and an eco asset drawing on it
    const embedded = new EmbeddedStore(dataDir);
    const [burn] = await embedded.audits.potentialLogs({ kiln_type: 0 });
    const audit = await proposeAudit(embedded, [burn.id], {
      job_id: 'COPY-1',
      create_ts: '2026-06-01T00:00:00.000Z',
      proposed_by: 4,
      algorithm_version: ALGORITHM_VERSION,
    });
    await signOffAudit(embedded, audit.id, [burn.id], {
      signoff_ts: '2026-06-02T00:00:00.000Z',
      doc_key: 'audit-evidence/x.pdf',
      doc_mime_type: 'application/pdf',
      signed_off_by: 1,
      algorithm_version: ALGORITHM_VERSION,
    });
    await mintAsset(embedded, [[audit.id, 1.5]], { minted_ts: '2026-06-03T00:00:00.000Z', minted_by: 6 });
    // and a production batch of another burn, with a laboratory, its key, a lab result and an end use
    await copiedBatch(embedded, (await embedded.audits.potentialLogs({ kiln_type: 0 }))[0]);
    await embedded.close();
    bucket = await startTestBucket('kiln-copy');
    databaseUrl = await createDatabase(adminUrl!, 'kc_copy');
  });
  afterAll(async () => {
    await bucket?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const copyEnv = () => ({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: bucket.settings.endpoint,
    S3_BUCKET: bucket.settings.bucket,
    S3_ACCESS_KEY_ID: bucket.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.settings.secretAccessKey,
  });
  const copy = () =>
    run(process.execPath, ['--import', 'tsx', 'mock-server/tools/store-copy-cli.ts', '--to', 'postgres'], { cwd: ROOT, env: copyEnv() });

  it('copies every record and file, then refuses to copy into the now non-empty database', async () => {
    const { stdout } = await copy();
    expect(stdout).toMatch(/kilnlogs: \d+\/\d+/);
    expect(stdout).toMatch(/files: \d+\/\d+/);
    expect(stdout).toMatch(/^Copied in [\d.]+ s: .*files\.$/m);

    const source = new EmbeddedStore(dataDir);
    const target = await PostgresStore.open(databaseUrl);
    try {
      const before = await source.snapshot();
      expect(before.kilnlogs.length).toBeGreaterThan(0);
      for (const archived of [false, true]) {
        const scope = { archived, facilityIds: null };
        expect((await target.kilnLogs.list(scope, {}, ALL)).rows).toEqual((await source.kilnLogs.list(scope, {}, ALL)).rows);
      }
      expect(await target.users.list({}, { ...ALL, sort: { field: 'id', order: 'ASC' } })).toEqual(
        await source.users.list({}, { ...ALL, sort: { field: 'id', order: 'ASC' } }),
      );
      expect(await target.facilities.list()).toEqual(await source.facilities.list());
      expect(await target.kilns.list()).toEqual(await source.kilns.list());
      // the copy index arrives: each keyed burn finds the same earlier burns on both
      expect(before.copy_key_buckets.length).toBeGreaterThan(0);
      for (const burn of before.fleet_burns.filter((b) => b.fingerprint.copy_key)) {
        const reads = copyKeyLookups(burn.fingerprint.copy_key!);
        expect(await target.fleet.copyKeysFiledUnder(reads, burn.log_id + 1), `log ${burn.log_id}`).toEqual(
          await source.fleet.copyKeysFiledUnder(reads, burn.log_id + 1),
        );
      }
      expect(await target.changes.list()).toEqual(await source.changes.list());
      expect(await target.audits.history({})).toEqual(await source.audits.history({}));
      expect(await target.ecoAssets.available()).toEqual(await source.ecoAssets.available());
      const signed = before.audits.find((a) => a.job_id === 'COPY-1')!;
      expect(await target.audits.burns(signed.id)).toEqual(await source.audits.burns(signed.id));
      // the demo's batches and this test's own, each with its lab results and end uses; every laboratory with its keys
      const batches = await source.batches.list();
      expect(batches.length).toBeGreaterThan(1);
      expect(await target.batches.list()).toEqual(batches);
      for (const { id } of batches) {
        expect(await target.batches.labResults(id)).toEqual(await source.batches.labResults(id));
        expect(await target.batches.endUses(id)).toEqual(await source.batches.endUses(id));
      }
      const labs = await source.labs.list();
      expect(await target.labs.list()).toEqual(labs);
      for (const { id } of labs) expect(await target.labs.keys(id)).toEqual(await source.labs.keys(id));
      const batch = batches.find((b) => b.label === 'Copied')!;
      // the copied batch holds its burn on PostgreSQL too
      await expect(target.batches.create({ ...copiedBatchInput(batch.facility_id, batch.analysis_ids) })).rejects.toMatchObject({
        errors: { analysis_ids: expect.stringMatching(/in batch/) },
      });

      // the transparency log the start began arrives exactly: every entry's bytes, the same root at the same size
      const size = await source.transparency.size();
      expect(size).toBeGreaterThan(before.kilnlogs.length);
      expect(await target.transparency.size()).toBe(size);
      for (let index = 0; index < size; index++) {
        expect(await target.transparency.entry(index), `entry ${index}`).toEqual(await source.transparency.entry(index));
      }
      expect(await treeHead(target.transparency)).toEqual(await treeHead(source.transparency));

      // every file is in the bucket, byte for byte
      const local = new LocalBlobs(path.join(dataDir, 'files'));
      const s3 = new S3Blobs(bucket.settings);
      let files = 0;
      for await (const { key } of local.list('')) {
        expect((await s3.readAll(key))?.equals((await local.readAll(key))!), key).toBe(true);
        files++;
      }
      expect(files).toBeGreaterThan(before.kilnlogs.length);

      // the sequences continue after the copied ids
      const maxLog = Math.max(...before.kilnlogs.map((r) => r.id));
      expect(await target.kilnLogs.reserveId()).toBeGreaterThan(maxLog);
      const user = await target.users.create({
        username: 'after-copy',
        role: 3,
        password_hash: 'h',
        facility_ids: [],
        created_ts: '2026-07-01T00:00:00.000Z',
      });
      expect(user.id).toBeGreaterThan(Math.max(...before.users.map((u) => u.id)));
    } finally {
      await source.close();
      await target.close();
    }

    const again = await copy().then(
      () => null,
      (err: { code?: number; stderr?: string }) => err,
    );
    expect(again?.code).toBe(1);
    expect(again?.stderr).toContain('The database is not empty');
  }, 120_000);

  it("refuses an empty database whose bucket holds files (another deployment's), writing nothing to either", async () => {
    const keysBefore = await bucketKeys();
    expect(keysBefore.length).toBeGreaterThan(0);
    const emptyDatabase = await createDatabase(adminUrl!, 'kc_copy_bucket');
    const refused = await run(process.execPath, ['--import', 'tsx', 'mock-server/tools/store-copy-cli.ts', '--to', 'postgres'], {
      cwd: ROOT,
      env: { ...copyEnv(), DATABASE_URL: emptyDatabase },
    }).then(
      () => null,
      (err: { code?: number; stderr?: string }) => err,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('The bucket is not empty');
    expect(await bucketKeys()).toEqual(keysBefore);
    const target = await PostgresStore.open(emptyDatabase);
    try {
      expect(await nonEmptyTables(target.db)).toEqual([]);
    } finally {
      await target.close();
    }
  }, 120_000);

  async function bucketKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of new S3Blobs(bucket.settings).list('')) keys.push(`${item.key} ${item.size}`);
    return keys;
  }
});

describe('store copy checks', () => {
  it('refuses, before touching the database, a DATA_DIR whose kiln ids or usernames repeat in another case', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-copy-dup-'));
    // no database listens there: the checks must refuse before it is reached
    const copyToNowhere = () =>
      copyEmbeddedToPostgres({ dataDir: dir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none', targetBlobs: null, log: () => undefined });
    try {
      const kiln = (id: number, kiln_id: string, facility_id: number) => ({ id, ...kilnRow(kiln_id, facility_id) });
      fs.writeFileSync(
        path.join(dir, 'db.json'),
        JSON.stringify({ kilns: [kiln(1, 'CG1-0007', 1), kiln(2, 'cg1-0007', 2), kiln(3, 'RTR-0003', 2)] }),
      );
      await expect(copyToNowhere()).rejects.toThrow('kiln ids registered more than once: cg1-0007.');
      fs.rmSync(path.join(dir, 'db.json'));
      await expect(copyToNowhere()).rejects.toThrow('holds no db.json');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
