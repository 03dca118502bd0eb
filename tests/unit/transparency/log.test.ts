import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../../mock-server/store/embedded/embeddedStore';
import { loadPackageSigner, newSigningKeyPem } from '../../../mock-server/signing/packageSigner';
import {
  logAct,
  proveConsistency,
  proveInclusion,
  rawPublicKey,
  signedCheckpoint,
  treeHead,
  verifyNote,
} from '../../../mock-server/transparency/log';
import { openSignedCheckpoint } from '../../../src/domain/transparency/checkpoint';
import { entryBytes, type TransparencyEntry } from '../../../src/domain/transparency/entries';
import { leafHash, verifyConsistency, verifyInclusion } from '../../../src/domain/transparency/merkle';
import { judgeCheckpoint } from '../../../src/domain/transparency/witness';

/** The log over a store: acts appended, a checkpoint signed with the console's key, proofs a witness and a verifier check. */

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const ORIGIN = 'kiln-console.test/log';

const retirement = (n: number): TransparencyEntry => ({
  kind: 'retirement',
  asset_id: 1,
  retirement_id: n,
  serials: [n * 1000 + 1, n * 1000 + 1000],
  retired_g: 1000,
  beneficiary: `Beneficiary ${n}`,
  purpose: 'offset',
  retired_ts: `2026-06-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
});

describe('the transparency log over a store', () => {
  it('signs checkpoints a witness follows, and proves each entry in them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-log-'));
    dirs.push(dir);
    const store = new EmbeddedStore(dir);
    const signer = loadPackageSigner(dir, newSigningKeyPem());
    const key = rawPublicKey(signer.publicKeyPem);
    try {
      expect(await treeHead(store.transparency)).toMatchObject({ size: 0 });
      for (let n = 0; n < 11; n++) expect(await logAct(store.transparency, retirement(n), '2026-06-01T00:00:00.000Z')).toBe(n);
      const first = await signedCheckpoint(store.transparency, ORIGIN, signer);
      const opened = openSignedCheckpoint(first.note, ORIGIN, key, verifyNote);
      expect(opened).toEqual({ ok: true, checkpoint: first.checkpoint });

      for (let n = 11; n < 30; n++) await logAct(store.transparency, retirement(n), '2026-06-01T00:00:00.000Z');
      const second = await signedCheckpoint(store.transparency, ORIGIN, signer);
      expect(second.checkpoint.size).toBe(30);
      const consistency = await proveConsistency(store.transparency, 11, 30);
      expect(verifyConsistency(11, 30, first.checkpoint.root, second.checkpoint.root, consistency)).toBe(true);
      expect(judgeCheckpoint(first.checkpoint, second.checkpoint, consistency)).toEqual({ ok: true, grew: true });

      const proof = await proveInclusion(store.transparency, 7, 30);
      expect(verifyInclusion(7, 30, leafHash(entryBytes(retirement(7))), proof, second.checkpoint.root)).toBe(true);
      expect(verifyInclusion(7, 30, leafHash(entryBytes(retirement(8))), proof, second.checkpoint.root)).toBe(false);
      // a tree larger than the log holds is not proved
      await expect(proveInclusion(store.transparency, 7, 31)).rejects.toThrow(RangeError);
      await expect(proveConsistency(store.transparency, 11, 31)).rejects.toThrow(RangeError);
      await expect(proveInclusion(store.transparency, 30, 30)).rejects.toThrow(RangeError);
    } finally {
      await store.close();
    }
  });
});
