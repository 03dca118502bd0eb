import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkpointText,
  noteKeyId,
  openNote,
  openSignedCheckpoint,
  parseCheckpointText,
  parseVerifierKey,
  signCheckpoint,
  signNote,
  verifierKey,
  type NoteVerifier,
} from '../../../src/domain/transparency/checkpoint';
import { entryBytes } from '../../../src/domain/transparency/entries';
import { EMPTY_ROOT } from '../../../src/domain/transparency/merkle';

/**
 * Checkpoints as C2SP tlog-checkpoint and signed-note write them, checked against
 * the published example of Go's golang.org/x/mod/sumdb/note (note.go): its key,
 * its key ID and its signature, byte for byte (Ed25519 signs deterministically).
 */

const GO_SIGNER = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const GO_VERIFIER = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const GO_TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE = `${GO_TEXT}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

// PKCS#8 and SPKI prefixes of a raw Ed25519 seed and public key (RFC 8410)
const PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI = Buffer.from('302a300506032b6570032100', 'hex');
const goSeed = Buffer.from(GO_SIGNER.split('+').slice(4).join('+'), 'base64').subarray(1);
const goPrivate = createPrivateKey({ key: Buffer.concat([PKCS8, goSeed]), format: 'der', type: 'pkcs8' });
const rawPublic = (key: KeyObject) => new Uint8Array(key.export({ format: 'der', type: 'spki' }).subarray(SPKI.length));
const goPublic = rawPublic(createPublicKey(goPrivate));

const ed25519Verify: NoteVerifier = (text, signature, publicKey) =>
  verify(null, text, createPublicKey({ key: Buffer.concat([SPKI, publicKey]), format: 'der', type: 'spki' }), signature);
const signerOf = (key: KeyObject) => (text: Uint8Array) => new Uint8Array(sign(null, text, key));

describe('signed notes (C2SP signed-note)', () => {
  it("reproduce Go's example note: key, key ID and signature", () => {
    expect(verifierKey('PeterNeumann', goPublic)).toBe(GO_VERIFIER);
    expect(Buffer.from(noteKeyId('PeterNeumann', goPublic)).toString('hex')).toBe('c74f20a3');
    expect(signNote(GO_TEXT, 'PeterNeumann', goPublic, signerOf(goPrivate))).toBe(GO_NOTE);
    expect(openNote(GO_NOTE, 'PeterNeumann', goPublic, ed25519Verify)).toEqual({ ok: true, text: GO_TEXT });
    expect(parseVerifierKey(GO_VERIFIER)).toEqual({ name: 'PeterNeumann', publicKey: goPublic });
  });

  it('refuse a changed text, another key, a control character, a malformed signature line, and ignore unknown signers', () => {
    expect(openNote(GO_NOTE.replace('cryptography', 'cryptographY'), 'PeterNeumann', goPublic, ed25519Verify)).toEqual({
      ok: false,
      reason: 'the signature does not verify',
    });
    const other = rawPublic(generateKeyPairSync('ed25519').publicKey);
    expect(openNote(GO_NOTE, 'PeterNeumann', other, ed25519Verify)).toMatchObject({ ok: false, reason: 'no signature by the trusted key' });
    expect(openNote(GO_NOTE, 'EnochRoot', goPublic, ed25519Verify)).toMatchObject({ ok: false });
    expect(openNote(GO_NOTE.replace('problem,', 'problem,\t'), 'PeterNeumann', goPublic, ed25519Verify)).toMatchObject({
      reason: 'the note holds a control character',
    });
    expect(openNote(`${GO_NOTE}\u2014 broken\n`, 'PeterNeumann', goPublic, ed25519Verify)).toMatchObject({
      reason: 'a signature line is malformed',
    });
    expect(openNote(GO_TEXT, 'PeterNeumann', goPublic, ed25519Verify)).toMatchObject({ ok: false });
    // a witness's cosignature beside the log's own is ignored
    const cosigned = `${GO_NOTE}\u2014 witness.example/w ${Buffer.alloc(72, 7).toString('base64')}\n`;
    expect(openNote(cosigned, 'PeterNeumann', goPublic, ed25519Verify)).toEqual({ ok: true, text: GO_TEXT });
    expect(parseVerifierKey(GO_VERIFIER.replace('c74f20a3', 'c74f20a4'))).toBeNull();
    expect(parseVerifierKey('PeterNeumann+c74f20a3+AQ==')).toBeNull();
  });
});

describe('checkpoints (C2SP tlog-checkpoint)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const key = rawPublic(publicKey);
  const root = new Uint8Array(32).map((_, i) => i);

  it('write origin, decimal size and base64 root, one line each, signed under the origin', () => {
    const checkpoint = { origin: 'kiln-console.example/log', size: 20852163, root };
    expect(checkpointText(checkpoint)).toBe(`kiln-console.example/log\n20852163\n${Buffer.from(root).toString('base64')}\n`);
    const note = signCheckpoint(checkpoint, key, signerOf(privateKey));
    expect(note.split('\n')[4]).toMatch(/^\u2014 kiln-console\.example\/log [A-Za-z0-9+/]+=*$/);
    expect(openSignedCheckpoint(note, 'kiln-console.example/log', key, ed25519Verify)).toEqual({ ok: true, checkpoint });
    expect(openSignedCheckpoint(note, 'another.example/log', key, ed25519Verify)).toMatchObject({ ok: false });
    const empty = signCheckpoint({ origin: 'o', size: 0, root: EMPTY_ROOT }, key, signerOf(privateKey));
    expect(openSignedCheckpoint(empty, 'o', key, ed25519Verify)).toMatchObject({ ok: true, checkpoint: { size: 0 } });
  });

  it('name what is wrong with a malformed checkpoint', () => {
    const b64 = Buffer.from(root).toString('base64');
    expect(parseCheckpointText(`o\n012\n${b64}\n`)).toMatchObject({ ok: false, reason: expect.stringContaining('leading zeros') });
    expect(parseCheckpointText(`o\n-1\n${b64}\n`)).toMatchObject({ ok: false });
    expect(parseCheckpointText(`o\n12\n${b64.slice(4)}\n`)).toMatchObject({ reason: expect.stringContaining('32 bytes') });
    expect(parseCheckpointText(`o p\n12\n${b64}\n`)).toMatchObject({ reason: expect.stringContaining('origin') });
    expect(parseCheckpointText(`o\n12\n${b64}\next\n`)).toMatchObject({ ok: false });
    expect(parseCheckpointText(`o\n12\n${b64}`)).toMatchObject({ ok: false });
    expect(() => checkpointText({ origin: 'has space', size: 1, root })).toThrow();
  });
});

describe('log entries', () => {
  it('are canonical JSON (RFC 8785): keys sorted, no spaces, the same bytes for the same fields', () => {
    const entry = {
      kind: 'retirement',
      retired_ts: '2026-06-01T00:00:00.000Z',
      asset_id: 3,
      retirement_id: 9,
      serials: [100001, 140500],
      retired_g: 40500,
      beneficiary: 'Åsa\u2019s café "Œ"',
      purpose: 'offset',
    } as const;
    const text = new TextDecoder().decode(entryBytes(entry));
    expect(text).toBe(
      '{"asset_id":3,"beneficiary":"Åsa\u2019s café \\"Œ\\"","kind":"retirement","purpose":"offset","retired_g":40500,"retired_ts":"2026-06-01T00:00:00.000Z","retirement_id":9,"serials":[100001,140500]}',
    );
    expect(entryBytes({ ...entry })).toEqual(entryBytes(entry));
  });

  it('refuse carbon that is not whole grams', () => {
    expect(() =>
      entryBytes({
        kind: 'retirement',
        asset_id: 1,
        retirement_id: 1,
        serials: [1, 2],
        retired_g: 0.5,
        beneficiary: 'b',
        purpose: 'p',
        retired_ts: 't',
      }),
    ).toThrow(/whole number/);
  });
});
