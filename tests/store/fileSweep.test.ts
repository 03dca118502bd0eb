import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { newBlobKey, type Blobs } from '../../mock-server/blobs/blobs';
import { LocalBlobs } from '../../mock-server/blobs/localBlobs';
import { configFromEnv } from '../../mock-server/config';
import { S3Blobs } from '../../mock-server/blobs/s3Blobs';
import { analysisKeyOf } from '../../mock-server/store/fileAreas';
import type { DataStore } from '../../mock-server/store/dataStore';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import {
  FILE_AREAS,
  FILE_KEY_SPELLING,
  referencedKeys,
  reportSweep,
  SWEEP_PAGE,
  sweepFiles,
  sweepGraceMs,
} from '../../mock-server/store/fileSweep';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import type { StoredFile } from '../../mock-server/store/model';
import { useTestBucket } from '../helpers/s3';
import { addFacility, addLogs, logRow, proposeAudit, signOffAudit } from './fixtures';
import { freshDatabase } from './postgresDatabases';

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

const stored = (key: string): StoredFile => ({
  key,
  mime_type: 'image/png',
  size: 3,
  original_name: 'a.png',
  uploaded_ts: '2026-02-03T04:05:06.789Z',
  uploader_id: 1,
});

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
  const audit = await proposeAudit(store, [log.id]);
  await signOffAudit(store, audit.id, [log.id], { doc_key: docKey, doc_mime_type: 'application/pdf' });
  const keys = [log.s3key, analysisKeyOf(log.id), photo.key, thumb.key, statement.key, `audit-evidence/${docKey}`];
  for (const key of keys) await blobs.put(key, Buffer.from(`named ${key}`));
  return keys;
}

/** One file no record names in every area. */
async function unnamedFiles(blobs: Blobs): Promise<string[]> {
  const keys = [
    newBlobKey('kilnlogs', 'csv'),
    'analysis/424242.json',
    newBlobKey('facility-photos', 'png'),
    newBlobKey('facility-audits', 'pdf'),
    newBlobKey('audit-evidence', 'pdf'),
  ];
  for (const key of keys) await blobs.put(key, Buffer.from('left by a kill'));
  return keys;
}

async function keysIn(blobs: Blobs): Promise<string[]> {
  const keys: string[] = [];
  for (const area of FILE_AREAS) for await (const item of blobs.list(`${area}/`)) keys.push(item.key);
  return keys.sort();
}

/** What the sweep finds, worked out from every key at once as it was before it read in pages: the files no record names, and the named keys with no file. */
async function wholeSets(store: DataStore, blobs: Blobs): Promise<{ orphans: string[]; missing: string[] }> {
  const listed = await keysIn(blobs);
  const named = referencedKeys(await store.fileReferences());
  const present = new Set(listed);
  return { orphans: listed.filter((key) => !named.has(key)), missing: [...named].filter((key) => !present.has(key)).sort() };
}

/** Empties every file area and opens an embedded store with 1,005 logs of one facility; `named` are their 2,010 files' keys, none stored yet. */
async function storeWithManyLogs(blobs: Blobs, tempPrefix: string): Promise<{ store: EmbeddedStore; named: string[] }> {
  for (const area of FILE_AREAS) await blobs.removePrefix(`${area}/`);
  const store = new EmbeddedStore(tempDir(tempPrefix));
  const f = await addFacility(store, 'NRB');
  const logs = Array.from({ length: 1_005 }, (_, i) => logRow(1_000 + i, { facility: f }));
  await store.kilnLogs.insertMany(logs);
  return { store, named: logs.flatMap((log) => [log.s3key, analysisKeyOf(log.id)]) };
}

/**
 * 1,005 logs (2,010 named files, one of them gone) and 15 files no record
 * names, some among the logs' analysis files in key order, swept in pages
 * of 300 keys: the same files as the whole sets give.
 */
async function sweepManyInPages(blobs: Blobs, plant: (keys: string[]) => Promise<void>): Promise<void> {
  const { store, named } = await storeWithManyLogs(blobs, 'kiln-sweep-pages-');
  // analysis/10000.json sorts between analysis/1000.json and analysis/1001.json
  const unnamed = [
    ...Array.from({ length: 10 }, () => newBlobKey('kilnlogs', 'csv')),
    'analysis/10000.json',
    'analysis/100.json',
    'analysis/20049.json',
    'analysis/9.json',
    newBlobKey('facility-photos', 'png'),
  ];
  await plant([...named, ...unnamed]);
  const gone = named[7];
  await blobs.remove(gone);
  const expected = await wholeSets(store, blobs);
  expect(expected).toEqual({ orphans: [...unnamed].sort(), missing: [gone] });

  const reads = vi.spyOn(store, 'fileKeysAfter');
  const spared = await sweepFiles(store, blobs, { graceMs: HOUR, pageSize: 300 });
  expect(spared).toEqual({ removed: [], spared: expected.orphans, missing: [gone] });
  // 2,010 named keys: 6 full pages and a last one
  expect(reads.mock.calls.map(([, limit]) => limit)).toEqual(Array(7).fill(300));
  const swept = await sweepFiles(store, blobs, { graceMs: 0, pageSize: 300 });
  expect(swept).toEqual({ removed: expected.orphans, spared: [], missing: [gone] });
  expect(await keysIn(blobs)).toEqual(named.filter((key) => key !== gone).sort());
  await store.close();
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
    for (const nonsense of ['', '-5', '1.5', 'soon'])
      expect(configFromEnv({ FILE_SWEEP_GRACE_MINUTES: nonsense }).fileSweepGraceMinutes, nonsense).toBe(60);
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

  it('in pages of 2 keys on each side, removes, spares and reports the same files as the whole sets give', async () => {
    const store = new EmbeddedStore(tempDir('kiln-sweep-store-'));
    const named = await namedFiles(store, blobs);
    const unnamed = await unnamedFiles(blobs);
    const gone = named[1];
    await blobs.remove(gone);
    const expected = await wholeSets(store, blobs);
    expect(expected).toEqual({ orphans: [...unnamed].sort(), missing: [gone] });

    const reads = vi.spyOn(store, 'fileKeysAfter');
    expect(await sweepFiles(store, blobs, { graceMs: HOUR, pageSize: 2 })).toEqual({
      removed: [],
      spared: expected.orphans,
      missing: [gone],
    });
    // 6 named keys: 3 full pages and an empty one
    expect(reads).toHaveBeenCalledTimes(4);
    expect(await sweepFiles(store, blobs, { graceMs: 0, pageSize: 2 })).toEqual({ removed: expected.orphans, spared: [], missing: [gone] });
    expect(await keysIn(blobs)).toEqual(named.filter((key) => key !== gone).sort());
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

  it('sweeps 2,025 files in pages of 300 keys, finding what the whole sets give', async () => {
    const blobs = new LocalBlobs(tempDir('kiln-sweep-pages-files-'), false);
    await sweepManyInPages(blobs, async (keys) => {
      for (let i = 0; i < keys.length; i += 100)
        await Promise.all(keys.slice(i, i + 100).map((key) => blobs.put(key, Buffer.from('a file'))));
    });
  }, 120_000);
});

describe('on an S3-compatible bucket (s3rver on loopback)', () => {
  const bucket = useTestBucket();
  sweepContract(() => new S3Blobs(bucket().settings));

  it('sweeps 2,025 objects in pages of 300 keys, finding what the whole sets give', async () => {
    await sweepManyInPages(new S3Blobs(bucket().settings), (keys) => bucket().plant(keys, 'a file'));
  }, 120_000);

  it('lists past 1,000 objects (a continuation token) and sweeps among them, with deletes racing uploads in one folder', async () => {
    const blobs = new S3Blobs(bucket().settings);
    // more than 1,000 in one area: the sweep lists area by area
    const { store, named } = await storeWithManyLogs(blobs, 'kiln-sweep-many-');
    const unnamed = Array.from({ length: 15 }, () => newBlobKey('kilnlogs', 'csv'));
    await bucket().plant([...named, ...unnamed], 'a file');
    expect((await keysIn(blobs)).length).toBe(named.length + unnamed.length);

    // uploads into the folder the sweep is deleting from: each is kept whole, and the server stays up
    const uploads = Array.from({ length: 10 }, () => newBlobKey('kilnlogs', 'csv'));
    const [result] = await Promise.all([
      sweepFiles(store, blobs, { graceMs: 0 }),
      ...uploads.map((key) => blobs.put(key, Buffer.from(`new ${key}`))),
    ]);
    expect(result.removed.filter((key) => unnamed.includes(key)).sort()).toEqual([...unnamed].sort());
    expect(result.missing).toEqual([]);
    const left = new Set(await keysIn(blobs));
    for (const key of unnamed) expect(left.has(key)).toBe(false);
    expect(named.filter((key) => !left.has(key))).toEqual([]);
    for (const key of uploads.filter((k) => !result.removed.includes(k))) expect((await blobs.readAll(key))?.toString()).toBe(`new ${key}`);
  }, 120_000);
});

const adminUrl = inject('postgresUrl');
const stores: [string, () => Promise<DataStore>][] = [
  ['embedded', async () => new EmbeddedStore(tempDir('kiln-sweep-keys-'))],
  ...(adminUrl
    ? [['PostgreSQL', async () => PostgresStore.open(await freshDatabase(adminUrl))] as [string, () => Promise<DataStore>]]
    : []),
];

describe.each(stores)('the keys records name, page by page, on the %s store', (_name, open) => {
  it('are those fileReferences names, each once, in byte order (COLLATE "C"), whatever the page size', async () => {
    const store = await open();
    await namedFiles(store, new LocalBlobs(tempDir('kiln-sweep-keys-files-'), false));
    const f = await addFacility(store, 'MSA');
    // analysis keys sort apart from their ids' numbers: analysis/10.json, analysis/100.json, analysis/9.json
    await store.kilnLogs.insertMany([9, 10, 100].map((id) => logRow(id, { facility: f })));
    // byte order puts upper case, then '_', before lower case, as the bucket lists them
    await store.facilities.replacePhoto({
      facility_id: f.id,
      photo_guid: 'g',
      photo: stored('facility-photos/a.png'),
      thumb: stored('facility-photos/B.png'),
    });
    await store.facilities.addStatement(
      { facility_id: f.id, file_type: 'pdf', file: stored('facility-audits/_x.pdf') },
      '2026-03-01T00:00:00.000Z',
    );
    // two records naming one file: the key comes once
    await store.facilities.addStatement(
      { facility_id: f.id, file_type: 'pdf', file: stored('facility-audits/_x.pdf') },
      '2026-03-02T00:00:00.000Z',
    );

    const expected = [...referencedKeys(await store.fileReferences())].sort();
    expect(expected).toEqual(
      expect.arrayContaining([
        'analysis/10.json',
        'analysis/100.json',
        'analysis/9.json',
        'facility-audits/_x.pdf',
        'facility-photos/B.png',
        'facility-photos/a.png',
      ]),
    );
    for (const pageSize of [1, 2, 5, SWEEP_PAGE]) {
      const keys: string[] = [];
      for (let after: string | null = null; ;) {
        const page: string[] = await store.fileKeysAfter(after, pageSize, FILE_KEY_SPELLING);
        expect(page.length).toBeLessThanOrEqual(pageSize);
        keys.push(...page);
        if (page.length < pageSize) break;
        after = page[page.length - 1];
      }
      expect(keys, `pages of ${pageSize}`).toEqual(expected);
    }
    await store.close();
  });
});
