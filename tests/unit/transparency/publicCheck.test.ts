import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signCheckpoint } from '../../../src/domain/transparency/checkpoint';
import { checkEntry, lookupQuery, openCheckpoint, rawEd25519Key } from '../../../src/domain/transparency/publicCheck';
import { inclusionProof, interiorHash, leafHash } from '../../../src/domain/transparency/merkle';

const key = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    raw: new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')),
    pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sign: (text: Uint8Array) => new Uint8Array(sign(null, text, privateKey)),
  };
};
const hex = (hash: Uint8Array) => Buffer.from(hash).toString('hex');

describe("the transparency page's check, in the browser", () => {
  it('reads the box: #digits an index, digits a numeric transaction id or else an index, anything else looked up, blank nothing', () => {
    expect(lookupQuery(' 12 ')).toEqual({ kind: 'index', index: 12, orTransaction: true });
    expect(lookupQuery('#0')).toEqual({ kind: 'index', index: 0, orTransaction: false });
    expect(lookupQuery('99999999999999999999')).toEqual({ kind: 'search', q: '99999999999999999999' });
    expect(lookupQuery('TX-1')).toEqual({ kind: 'search', q: 'TX-1' });
    expect(lookupQuery(`${'ab'.repeat(32)}\n`)).toEqual({ kind: 'search', q: 'ab'.repeat(32) });
    expect(lookupQuery('  \t')).toEqual({ kind: 'empty' });
    expect(lookupQuery('x'.repeat(500))).toEqual({ kind: 'search', q: 'x'.repeat(200) });
  });

  it("takes an Ed25519 PEM's raw key, and nothing else", () => {
    const k = key();
    expect(rawEd25519Key(k.pem)).toEqual(k.raw);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(rawEd25519Key(rsa)).toBeNull();
    expect(rawEd25519Key('-----BEGIN PUBLIC KEY-----\n!!!\n-----END PUBLIC KEY-----')).toBeNull();
    expect(rawEd25519Key('')).toBeNull();
  });

  it('opens a checkpoint signed by any of the console keys (a rotated one too) and says which; refuses any other', () => {
    const [old, current, stranger] = [key(), key(), key()];
    const checkpoint = { origin: 'log.test', size: 3, root: new Uint8Array(32).fill(7) };
    const keys = [
      { kid: 'old', public_key: old.pem },
      { kid: 'current', public_key: current.pem },
    ];
    const byCurrent = signCheckpoint(checkpoint, current.raw, current.sign);
    expect(openCheckpoint(byCurrent, keys)).toEqual({ ok: true, checkpoint, kid: 'current' });
    expect(openCheckpoint(signCheckpoint(checkpoint, old.raw, old.sign), keys)).toMatchObject({ ok: true, kid: 'old' });
    expect(openCheckpoint(signCheckpoint(checkpoint, stranger.raw, stranger.sign), keys)).toEqual({
      ok: false,
      reason: 'no signature by the trusted key',
    });
    // a changed size under the same signature
    expect(openCheckpoint(byCurrent.replace('\n3\n', '\n4\n'), keys)).toEqual({ ok: false, reason: 'the signature does not verify' });
    expect(openCheckpoint(byCurrent, [])).toEqual({ ok: false, reason: 'no console key is given' });
  });

  it("checks an entry's bytes against the checkpoint's root by its proof, and nothing the proof does not prove", () => {
    const entries = ['{"n":0}', '{"n":1}', '{"n":2}'].map((e) => new TextEncoder().encode(e));
    const leaves = entries.map(leafHash);
    const root = interiorHash(interiorHash(leaves[0], leaves[1]), leaves[2]);
    const read = (level: number, index: number) => (level === 0 ? leaves[index] : interiorHash(leaves[2 * index], leaves[2 * index + 1]));
    const checkpoint = { origin: 'log.test', size: 3, root };
    const proof = inclusionProof(1, 3, read).map(hex);
    expect(checkEntry(1, entries[1], proof, checkpoint)).toEqual({ included: true, entry: null, text: '{"n":1}' });
    expect(checkEntry(1, entries[2], proof, checkpoint)).toEqual({ included: false, reason: 'proof_fails' });
    expect(checkEntry(0, entries[1], proof, checkpoint)).toEqual({ included: false, reason: 'proof_fails' });
    expect(checkEntry(1, entries[1], [...proof.slice(0, -1), 'zz'], checkpoint)).toEqual({ included: false, reason: 'proof_fails' });
    expect(checkEntry(3, entries[1], proof, checkpoint)).toEqual({ included: false, reason: 'past_checkpoint' });
    const kilnlog = new TextEncoder().encode('{"kind":"kilnlog","log_id":4}');
    const single = { origin: 'log.test', size: 1, root: leafHash(kilnlog) };
    expect(checkEntry(0, kilnlog, [], single)).toMatchObject({ included: true, entry: { kind: 'kilnlog', log_id: 4 } });
  });
});
