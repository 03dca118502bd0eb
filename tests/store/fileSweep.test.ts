import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { newBlobKey, type Blobs } from '../../mock-server/blobs/blobs';
import { LocalBlobs } from '../../mock-server/blobs/localBlobs';
import { configFromEnv } from '../../mock-server/config';
import { S3Blobs } from '../../mock-server/blobs/s3Blobs';
import { analysisKeyOf } from '../../mock-server/kilnlogs/storage';
import type { DataStore } from '../../mock-server/store/dataStore';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import { FILE_AREAS, reportSweep, sweepFiles, sweepGraceMs } from '../../mock-server/store/fileSweep';
import type { StoredFile } from '../../mock-server/store/model';
import { startTestBucket, type TestBucket } from '../helpers/s3';
import { addFacility, addLogs, FIXTURE_ALGORITHM_VERSION, logRow } from './fixtures';

/**
 * The start-up sweep on each file storage: a local folder, and an S3-protocol
 * server on loopback (as the blob tests run it). The records come from an
 * embedded store; the API tests run the sweep at start on both stores.
 */

const HOUR = 3_600_000;
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const stored = (key: string): StoredFile => ({ key, mime_type: 'image/png', size: 3, original_name: 'a.png', uploaded_ts: '2026-02-03T04:05:06.789Z', uploader_id: 1 });

/** A store whose records name one file in every area, and those files in storage; answers the keys named. */
async function namedFiles(store: DataStore, blobs: Blobs): Promise<string[]> {
  const f = await addFacility(store, 'NRB');
  const [log] = await addLogs(store, [{ facility: f, co2: 3 }]);
  const photo = stored(newBlobKey('facility-photos', 'png'));
  const thumb = stored(newBlobKey('facility-photos', 'png'));
  await store.facilities.replacePhoto({ facility_id: f.id, photo_guid: 'g', photo, thumb });
  const statement = stored(newBlobKey('facility-audits', 'pdf'));
  await store.facilities.addStatement({ facility_id: f.id, file_type: 'pdf', file: statement }, '2026-03-01T00:00:00.000Z');
  const docKey = newBlobKey('audit-evidence', 'pdf').split('/')[1];
  const audit = await store.audits.propose({ job_id: 'J', kiln_type: 0, facility_id: null, analysis_ids: [log.id], create_ts: '2026-05-01T00:00:00.000Z', proposed_by: null, algorithm_version: FIXTURE_ALGORITHM_VERSION });
  await store.audits.signoff({ audit_id: audit.id, analysis_ids: [log.id], signoff_ts: '2026-05-02T00:00:00.000Z', doc_key: docKey, doc_mime_type: 'application/pdf', signed_off_by: null, algorithm_version: FIXTURE_ALGORITHM_VERSION });
  const keys = [log.s3key, analysisKeyOf(log.id), photo.key, thumb.key, statement.key, `audit-evidence/${docKey}`];
  for (const key of keys) await blobs.put(key, Buffer.from(`named ${key}`));
  return keys;
}

/** One file no record names in every area. */
async function unnamedFiles(blobs: Blobs): Promise<string[]> {
  const keys = [newBlobKey('kilnlogs', 'csv'), 'analysis/424242.json', newBlobKey('facility-photos', 'png'), newBlobKey('facility-audits', 'pdf'), newBlobKey('audit-evidence', 'pdf')];
  for (const key of keys) await blobs.put(key, Buffer.from('left by a kill'));
  return keys;
}

async function keysIn(blobs: Blobs): Promise<string[]> {
  const keys: string[] = [];
  for (const area of FILE_AREAS) for await (const item of blobs.list(`${area}/`)) keys.push(item.key);
  return keys.sort();
}

describe('the grace period', () => {
  it('is none for the embedded store on its own folder, and the configured minutes wherever storage is shared', () => {
    expect(sweepGraceMs({ kind: 'embedded' }, { kind: 'local' }, 60)).toBe(0);
    expect(sweepGraceMs({ kind: 'postgres' }, { kind: 'local' }, 60)).toBe(HOUR);
    expect(sweepGraceMs({ kind: 'postgres' }, { kind: 's3' }, 90)).toBe(90 * 60_000);
    expect(sweepGraceMs({ kind: 'embedded' }, { kind: 's3' }, 60)).toBe(HOUR);
  });

  it('comes from FILE_SWEEP_GRACE_MINUTES: 60 unless set, 0 allowed (one server alone on its database and bucket), nonsense ignored', () => {
    expect(configFromEnv({}).fileSweepGraceMinutes).toBe(60);
    expect(configFromEnv({ FILE_SWEEP_GRACE_MINUTES: '15' }).fileSweepGraceMinutes).toBe(15);
    expect(configFromEnv({ FILE_SWEEP_GRACE_MINUTES: '0' }).fileSweepGraceMinutes).toBe(0);
    for (const nonsense of ['', '-5', '1.5', 'soon']) expect(configFromEnv({ FILE_SWEEP_GRACE_MINUTES: nonsense }).fileSweepGraceMinutes, nonsense).toBe(60);
  });
});

function sweepContract(openBlobs: () => Blobs) {
  let blobs: Blobs;
  beforeAll(() => {
    blobs = openBlobs();
  });
  // each test starts from empty storage
  beforeEach(async () => {
    for (const area of FILE_AREAS) await blobs.removePrefix(`${area}/`);
  });

  it('removes every file no record names, in every area, and keeps every file a record names', async () => {
    const store = new EmbeddedStore(tempDir('kiln-sweep-store-'));
    const named = await namedFiles(store, blobs);
    const unnamed = await unnamedFiles(blobs);
    // a file outside the areas records name files in is not the sweep's
    await blobs.put('elsewhere/keep.txt', Buffer.from('x'));

    const result = await sweepFiles(store, blobs, { graceMs: 0 });
    expect(result.removed.sort()).toEqual([...unnamed].sort());
    expect(result.missing).toEqual([]);
    expect(await keysIn(blobs)).toEqual([...named].sort());
    for (const key of named) expect((await blobs.readAll(key))?.toString()).toBe(`named ${key}`);
    expect((await blobs.readAll('elsewhere/keep.txt'))?.toString()).toBe('x');
    // nothing left to remove the second time
    expect((await sweepFiles(store, blobs, { graceMs: 0 })).removed).toEqual([]);
    await blobs.removePrefix('elsewhere/');
    await store.close();
  });

  it('with a grace period, spares a file no record names until it is older than the grace', async () => {
    const store = new EmbeddedStore(tempDir('kiln-sweep-store-'));
    const named = await namedFiles(store, blobs);
    const unnamed = await unnamedFiles(blobs);

    const now = await sweepFiles(store, blobs, { graceMs: HOUR });
    expect(now.removed).toEqual([]);
    expect(now.spared.sort()).toEqual([...unnamed].sort());
    expect(await keysIn(blobs)).toEqual([...named, ...unnamed].sort());

    const later = await sweepFiles(store, blobs, { graceMs: HOUR, now: new Date(Date.now() + 2 * HOUR) });
    expect(later.removed.sort()).toEqual([...unnamed].sort());
    expect(await keysIn(blobs)).toEqual([...named].sort());
    await store.close();
  });

  it('reports every record whose file is gone, and says so loudly', async () => {
    const store = new EmbeddedStore(tempDir('kiln-sweep-store-'));
    const [raw, analysis, photo] = await namedFiles(store, blobs);
    await blobs.remove(raw);
    await blobs.remove(analysis);
    await blobs.remove(photo);
    const result = await sweepFiles(store, blobs, { graceMs: 0 });
    expect(result.missing.sort()).toEqual([raw, analysis, photo].sort());

    const log = { log: vi.fn(), error: vi.fn() };
    reportSweep(result, log);
    expect(log.error).toHaveBeenCalledTimes(1);
    const said = String(log.error.mock.calls[0][0]);
    expect(said).toContain('FILES MISSING: 3 file(s)');
    for (const key of [raw, analysis, photo]) expect(said).toContain(key);
    await store.close();
  });
}

describe('on a local folder', () => {
  sweepContract(() => new LocalBlobs(tempDir('kiln-sweep-files-')));

  it('counts what it removed on the console, and says nothing when there was nothing', () => {
    const log = { log: vi.fn(), error: vi.fn() };
    reportSweep({ removed: ['kilnlogs/a.csv', 'analysis/3.json'], spared: [], missing: [] }, log);
    expect(log.log).toHaveBeenCalledWith('Removed 2 file(s) no record names (left by writes a stop cut short).');
    expect(log.error).not.toHaveBeenCalled();
    reportSweep({ removed: [], spared: ['kilnlogs/b.csv'], missing: [] }, log);
    expect(log.log).toHaveBeenCalledTimes(1);
  });
});

describe('on an S3-compatible bucket (s3rver on loopback)', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket();
  });
  afterAll(async () => {
    await bucket.stop();
  });
  sweepContract(() => new S3Blobs(bucket.settings));

  it('lists past 1,000 objects (a continuation token) and sweeps among them, with deletes racing uploads in one folder', async () => {
    const blobs = new S3Blobs(bucket.settings);
    for (const area of FILE_AREAS) await blobs.removePrefix(`${area}/`);
    const store = new EmbeddedStore(tempDir('kiln-sweep-many-'));
    const f = await addFacility(store, 'NRB');
    // more than 1,000 in one area: the sweep lists area by area
    const logs = Array.from({ length: 1_005 }, (_, i) => logRow(1_000 + i, { facility: f }));
    await store.kilnLogs.insertMany(logs);
    const named = logs.flatMap((log) => [log.s3key, analysisKeyOf(log.id)]);
    const unnamed = Array.from({ length: 15 }, () => newBlobKey('kilnlogs', 'csv'));
    await bucket.plant([...named, ...unnamed], 'a file');
    expect((await keysIn(blobs)).length).toBe(named.length + unnamed.length);

    // uploads into the folder the sweep is deleting from: each is kept whole, and the server stays up
    const uploads = Array.from({ length: 10 }, () => newBlobKey('kilnlogs', 'csv'));
    const [result] = await Promise.all([sweepFiles(store, blobs, { graceMs: 0 }), ...uploads.map((key) => blobs.put(key, Buffer.from(`new ${key}`)))]);
    expect(result.removed.filter((key) => unnamed.includes(key)).sort()).toEqual([...unnamed].sort());
    expect(result.missing).toEqual([]);
    const left = new Set(await keysIn(blobs));
    for (const key of unnamed) expect(left.has(key)).toBe(false);
    expect(named.filter((key) => !left.has(key))).toEqual([]);
    for (const key of uploads.filter((k) => !result.removed.includes(k))) expect((await blobs.readAll(key))?.toString()).toBe(`new ${key}`);
  }, 120_000);
});
