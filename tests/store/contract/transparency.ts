import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { nodeKey } from '../../../mock-server/store/parts/transparency';
import { addFacility, addLogs, mintAsset, proposeAudit, signOffAudit } from '../fixtures';
import { inclusionProof, leafHash, nodesRead, rootAt, verifyInclusion, type NodeReader } from '../../../src/domain/transparency/merkle';

/** The transparency log: entries appended with no gap and kept exactly, the tree's nodes stored as each append completes them. */
export function transparencyContract(store: () => DataStore): void {
  const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');
  /** RFC 9162's MTH over the entries themselves, for the root the stored nodes must give */
  const mth = (entries: string[]): string => {
    if (entries.length === 1) return sha(Buffer.from([0]), Buffer.from(entries[0]));
    let k = 1;
    while (k * 2 < entries.length) k *= 2;
    return sha(Buffer.from([1]), Buffer.from(mth(entries.slice(0, k)), 'hex'), Buffer.from(mth(entries.slice(k)), 'hex'));
  };
  /** Runs a tree computation on the nodes the store answers for it. */
  async function onStoredNodes<T>(compute: (read: NodeReader) => T): Promise<T> {
    const known = await store().transparency.nodes(nodesRead(compute));
    return compute((level, index) => {
      const hash = known.get(nodeKey(level, index));
      if (!hash) throw new Error(`node ${nodeKey(level, index)} missing`);
      return hash;
    });
  }
  const rootHex = async (size: number) => Buffer.from(await onStoredNodes((read) => rootAt(size, read))).toString('hex');

  it('appends at the end with no gap, keeps each entry exactly, and stores the nodes of RFC 9162 roots and proofs', async () => {
    expect(await store().transparency.size()).toBe(0);
    expect(await store().transparency.entry(0)).toBeNull();
    const entries = Array.from({ length: 37 }, (_, i) => `{"kind":"kilnlog","log_id":${i},"note":"Åsa\u2019s \\"kiln\\""}`);
    for (const [i, entry] of entries.entries()) {
      expect(await store().transparency.append(entry, '2026-06-01T00:00:00.000Z', `kilnlog:${i}`)).toBe(i);
    }
    expect(await store().transparency.size()).toBe(37);
    expect(await store().transparency.entry(5)).toEqual({ entry: entries[5], logged_ts: '2026-06-01T00:00:00.000Z' });
    expect(await store().transparency.entry(37)).toBeNull();
    expect(await store().transparency.entry(-1)).toBeNull();
    expect(await store().transparency.indexOf('kilnlog:20')).toBe(20);
    expect(await store().transparency.indexOf('kilnlog:37')).toBeNull();
    for (const size of [1, 2, 16, 17, 36, 37]) expect(await rootHex(size), `root of ${size}`).toBe(mth(entries.slice(0, size)));
    const proof = await onStoredNodes((read) => inclusionProof(20, 37, read));
    const root = await onStoredNodes((read) => rootAt(37, read));
    expect(verifyInclusion(20, 37, leafHash(Buffer.from(entries[20])), proof, root)).toBe(true);
    // a subtree not complete yet is not stored
    expect((await store().transparency.nodes([{ level: 1, index: 18 }])).size).toBe(0);
  });

  it('keeps an entry only with the act it records: a transaction that fails appends nothing, and the next append takes its index', async () => {
    await store().transparency.append('{"n":0}', '2026-06-01T00:00:00.000Z', 'n:0');
    await expect(
      store().transaction(async (tx) => {
        await tx.transparency.append('{"n":"lost"}', '2026-06-01T00:00:01.000Z', 'n:lost');
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    expect(await store().transparency.size()).toBe(1);
    expect(await store().transparency.indexOf('n:lost')).toBeNull();
    // one entry a subject: an act is never logged twice
    await expect(store().transparency.append('{"n":"again"}', '2026-06-01T00:00:02.000Z', 'n:0')).rejects.toThrow();
    expect(await store().transparency.append('{"n":1}', '2026-06-01T00:00:02.000Z', 'n:1')).toBe(1);
    expect(await rootHex(2)).toBe(mth(['{"n":0}', '{"n":1}']));
  });

  it('files an entry under lookup keys, each once, only beside an entry it holds, and only with its transaction', async () => {
    await store().transparency.append('{"n":0}', '2026-06-01T00:00:00.000Z', 'n:0');
    await store().transparency.addLookup('transaction:tx-1', 0);
    expect(await store().transparency.lookup('transaction:tx-1')).toBe(0);
    expect(await store().transparency.lookup('transaction:tx-2')).toBeNull();
    // a key is never moved to another entry
    await store().transparency.append('{"n":1}', '2026-06-01T00:00:01.000Z', 'n:1');
    await expect(store().transparency.addLookup('transaction:tx-1', 1)).rejects.toThrow();
    expect(await store().transparency.lookup('transaction:tx-1')).toBe(0);
    // nor filed beside an entry the log does not hold
    await expect(store().transparency.addLookup('package:none', 7)).rejects.toThrow();
    await expect(
      store().transaction(async (tx) => {
        await tx.transparency.addLookup('package:lost', 1);
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    expect(await store().transparency.lookup('package:lost')).toBeNull();
  });

  it('gives appends racing from many transactions one index each, with no gap and no fork', async () => {
    const entries = Array.from({ length: 24 }, (_, i) => `{"race":${i}}`);
    const indexes = await Promise.all(
      entries.map((entry) => store().transaction((tx) => tx.transparency.append(entry, '2026-06-01T00:00:00.000Z', entry))),
    );
    expect([...indexes].sort((a, b) => a - b)).toEqual(entries.map((_, i) => i));
    const inOrder = await Promise.all(entries.map(async (_, i) => (await store().transparency.entry(i))!.entry));
    expect(new Set(inOrder)).toEqual(new Set(entries));
    expect(await rootHex(24)).toBe(mth(inOrder));
  });

  it("hands over the records of every act a log brings in, read at one moment, a log by its entry's fields", async () => {
    const facility = await addFacility(store(), 'ACTS');
    const logs = await addLogs(store(), [
      { facility, co2: 3 },
      { facility, co2: 4 },
    ]);
    const audit = await proposeAudit(store(), [logs[0].id], { facility_id: facility.id });
    await signOffAudit(store(), audit.id, [logs[0].id]);
    const { asset } = await mintAsset(store(), [[audit.id, 1]], { transaction_id: 'ACTS-1' });
    const lab = await store().labs.create({
      name: 'Acts Lab',
      accreditation: 'A-1',
      created_by: null,
      created_ts: '2026-05-01T00:00:00.000Z',
    });
    const labKey = await store().labs.addKey({
      lab_id: lab.id,
      public_key: 'pem',
      fingerprint: createHash('sha256').update('acts lab key').digest('hex'),
      registered_by: 1,
      registered_ts: '2026-05-01T00:00:00.000Z',
    });
    const records = await store().transparency.actRecords();
    for (const log of logs)
      expect(records.kilnlogs).toContainEqual({
        id: log.id,
        kiln_id: log.kiln_id,
        sha256: log.sha256,
        key_fingerprint: log.key_fingerprint,
        upload_ts: log.upload_ts,
      });
    expect(records.audits.find((a) => a.id === audit.id)).toMatchObject({ signoff_ts: '2026-05-02T00:00:00.000Z' });
    expect(records.eco_assets.find((a) => a.id === asset.id)).toMatchObject({ transaction_id: 'ACTS-1' });
    expect(records.eco_allocations.filter((a) => a.eco_asset_id === asset.id).map((a) => a.audit_id)).toEqual([audit.id]);
    expect(records).toMatchObject({
      eco_retirements: expect.any(Array),
      kiln_keys: expect.any(Array),
      kiln_calibrations: expect.any(Array),
    });
    expect(records.lab_keys).toContainEqual(labKey);
  });
}
