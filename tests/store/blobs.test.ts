import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drain, newBlobKey, type Blobs } from '../../mock-server/blobs/blobs';
import { LocalBlobs } from '../../mock-server/blobs/localBlobs';
import { S3Blobs } from '../../mock-server/blobs/s3Blobs';
import { useTestBucket } from '../helpers/s3';

/** Lists the keys under `prefix` in pages of 1, 2, 3 and the storage's own size, each time exactly `inOrder`. */
async function expectListed(blobs: Blobs, prefix: string, inOrder: string[]): Promise<void> {
  for (const pageSize of [1, 2, 3, undefined]) {
    const listed: string[] = [];
    for await (const item of blobs.list(prefix, pageSize)) listed.push(item.key);
    expect(listed, `pages of ${pageSize}`).toEqual(inOrder);
  }
}

const inKilnlogs = (names: string[]): string[] => names.map((name) => `kilnlogs/${name}`);

/** Puts each key (its own name as content), checks that `keys` sort bytewise into `inOrder` and that `prefix` lists exactly that. */
async function putAndExpectListed(blobs: Blobs, prefix: string, keys: string[], inOrder: string[]): Promise<void> {
  for (const key of keys) await blobs.put(key, Buffer.from(key));
  expect([...keys].sort()).toEqual(inOrder);
  await expectListed(blobs, prefix, inOrder);
}

/** One set of tests for every file storage: a local folder, and an S3-protocol server on loopback. */
function blobContract(open: () => Blobs) {
  let blobs: Blobs;
  beforeAll(() => {
    blobs = open();
  });

  it('stores bytes under a generated key and streams them back unchanged', async () => {
    const key = newBlobKey('kilnlogs', 'csv');
    expect(key).toMatch(/^kilnlogs\/[0-9a-f-]{36}\.csv$/);
    const bytes = Buffer.from('d,t,t1,t2,w\n2026-03-01,06:00:00,24.5,23.9,10234\n\u00e9\u0000\xff', 'latin1');
    await blobs.put(key, bytes, 'text/csv');
    const read = await blobs.get(key);
    expect(read).not.toBeNull();
    expect(read!.stream).toBeInstanceOf(Readable);
    expect(read!.size).toBe(bytes.length);
    expect((await drain(read!.stream)).equals(bytes)).toBe(true);
    expect((await blobs.readAll(key))?.equals(bytes)).toBe(true);
  });

  it('streams a large file in chunks rather than one buffer', async () => {
    const key = newBlobKey('kilnlogs', 'csv');
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 'x');
    await blobs.put(key, big);
    const read = await blobs.get(key);
    let chunks = 0;
    let total = 0;
    for await (const chunk of read!.stream) {
      chunks++;
      total += (chunk as Buffer).length;
    }
    expect(total).toBe(big.length);
    expect(chunks).toBeGreaterThan(1);
  });

  it('answers null for a missing key, removes idempotently and lists and clears by area', async () => {
    expect(await blobs.get('facility-photos/00000000-0000-4000-8000-000000000000.png')).toBeNull();
    expect(await blobs.readAll('analysis/424242.json')).toBeNull();
    const a = newBlobKey('facility-photos', 'png');
    const b = newBlobKey('facility-photos', 'jpg');
    await blobs.put(a, Buffer.from('aa'));
    await blobs.put(b, Buffer.from('bbb'));
    await blobs.put('analysis/7.json', Buffer.from('{}'));
    const listed = [];
    for await (const item of blobs.list('facility-photos/')) listed.push(item);
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual(
      [
        { key: a, size: 2 },
        { key: b, size: 3 },
      ].sort((x, y) => (x.key < y.key ? -1 : 1)),
    );
    // each with when it was written, to the second (S3 keeps whole seconds)
    for (const item of listed) expect(Math.abs(item.modified.getTime() - Date.now())).toBeLessThan(60_000);
    await blobs.remove(a);
    await blobs.remove(a);
    expect(await blobs.get(a)).toBeNull();
    await blobs.removePrefix('facility-photos/');
    expect(await blobs.get(b)).toBeNull();
    expect((await blobs.readAll('analysis/7.json'))?.toString()).toBe('{}');
  });

  it('lists an area in byte order, whatever the page size', async () => {
    await blobs.removePrefix('kilnlogs/');
    // '-' < '.' < digits < upper case < '_' < lower case
    await putAndExpectListed(
      blobs,
      'kilnlogs/',
      inKilnlogs(['a.csv', 'a-b.csv', 'a0.csv', 'B.csv', '_c.csv', '10.csv', '9.csv']),
      inKilnlogs(['10.csv', '9.csv', 'B.csv', '_c.csv', 'a-b.csv', 'a.csv', 'a0.csv']),
    );
    await blobs.removePrefix('kilnlogs/');
  });

  it('refuses keys that could leave their area', async () => {
    for (const key of ['../etc/passwd', 'kilnlogs/../../x', 'kilnlogs/..', '/abs/x', 'Kilnlogs/x', 'kilnlogs', 'kilnlogs/a b']) {
      await expect(blobs.put(key, Buffer.from('x')), key).rejects.toThrow('Not a file key');
    }
    await expect(blobs.removePrefix('')).rejects.toThrow();
  });
}

describe('local folder', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-blobs-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  blobContract(() => new LocalBlobs(root));

  it('keeps each file readable by the server user only', async () => {
    const blobs = new LocalBlobs(root);
    const key = newBlobKey('facility-audits', 'pdf');
    await blobs.put(key, Buffer.from('%PDF-1.4'));
    expect(fs.statSync(path.join(root, key)).mode & 0o777).toBe(0o600);
  });

  it('removes at start the temporary files of writes a crash cut short, and nothing else', async () => {
    const blobs = new LocalBlobs(root);
    const kept = newBlobKey('kilnlogs', 'csv');
    await blobs.put(kept, Buffer.from('kiln_id=K1'));
    // what write-file-atomic leaves when the process dies before its rename
    const cut = path.join(root, `${kept}.1450970758`);
    fs.writeFileSync(cut, 'kiln_id=K1 (half');
    expect(await blobs.removeInterruptedWrites()).toBe(1);
    expect(fs.existsSync(cut)).toBe(false);
    expect((await blobs.readAll(kept))?.toString()).toBe('kiln_id=K1');
    expect(await blobs.removeInterruptedWrites()).toBe(0);
  });

  // S3 lists every key in byte order; s3rver, the test's S3 server, does so only within a folder
  it('lists in byte order with subfolders among files and areas sharing a start, whatever the page size', async () => {
    const blobs = new LocalBlobs(fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-blobs-order-')), false);
    // a subfolder's keys come between a.csv and a0.csv, and kilnlogs-x/ before kilnlogs/
    const keys = [...inKilnlogs(['a/b.csv', 'a.csv', 'a-b.csv', 'a0.csv', 'B.csv', '_c.csv', 'a/a/z.csv']), 'kilnlogs-x/a.csv'];
    const inOrder = ['kilnlogs-x/a.csv', ...inKilnlogs(['B.csv', '_c.csv', 'a-b.csv', 'a.csv', 'a/a/z.csv', 'a/b.csv', 'a0.csv'])];
    await putAndExpectListed(blobs, 'kilnlogs', keys, inOrder);
    await expectListed(blobs, 'kilnlogs/', inOrder.slice(1));
    fs.rmSync(blobs.root, { recursive: true, force: true });
  });
});

describe('S3-compatible bucket (s3rver on loopback)', () => {
  const bucket = useTestBucket();
  blobContract(() => new S3Blobs(bucket().settings));
});
