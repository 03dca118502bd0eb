/**
 * The log's checkpoint: a C2SP tlog-checkpoint (origin, tree size, base64 root
 * hash, one line each) signed as a C2SP signed-note with Ed25519
 * (https://c2sp.org/tlog-checkpoint, https://c2sp.org/signed-note). The key
 * name is the origin; the key ID is SHA-256(name ‖ 0x0A ‖ 0x01 ‖ public key)[:4].
 * Signing and verifying are handed in, so the server signs with node:crypto and
 * a browser or a witness verifies with what it has.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { Hash } from './merkle';

export interface Checkpoint {
  origin: string;
  size: number;
  root: Hash;
}

/** Ed25519 over the note text, as the signer or verifier at hand does it. */
export type NoteSigner = (text: Uint8Array) => Uint8Array;
export type NoteVerifier = (text: Uint8Array, signature: Uint8Array, publicKey: Uint8Array) => boolean;

const ED25519 = 0x01;
const SIGNATURE_DASH = '\u2014 ';
const utf8 = new TextEncoder();

/** Whether the text holds an ASCII control character (below U+0020), newlines aside when they are allowed. */
function hasControl(text: string, newlines: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && !(newlines && code === 0x0a)) return true;
  }
  return false;
}
const decoder = new TextDecoder('utf-8', { fatal: true });

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The note's key ID of an Ed25519 key named `name`. */
export function noteKeyId(name: string, publicKey: Uint8Array): Uint8Array {
  return sha256(new Uint8Array([...utf8.encode(name), 0x0a, ED25519, ...publicKey])).slice(0, 4);
}

/** A valid origin (and key name): non-empty, no spaces, no plus, no control characters. */
export const isOrigin = (origin: string): boolean => origin.length > 0 && !/[\s+]/u.test(origin) && !hasControl(origin, false);

/** The checkpoint's note text, its final newline included. */
export function checkpointText({ origin, size, root }: Checkpoint): string {
  if (!isOrigin(origin)) throw new Error(`Not a checkpoint origin: ${JSON.stringify(origin)}`);
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`Not a tree size: ${size}`);
  return `${origin}\n${size}\n${base64(root)}\n`;
}

/** A signed note: the text (ending in a newline), a blank line, and the signature line of the key named `name`. */
export function signNote(text: string, name: string, publicKey: Uint8Array, sign: NoteSigner): string {
  if (!text.endsWith('\n')) throw new Error('A note text ends in a newline.');
  const signature = sign(utf8.encode(text));
  return `${text}\n${SIGNATURE_DASH}${name} ${base64(new Uint8Array([...noteKeyId(name, publicKey), ...signature]))}\n`;
}

/** The signed checkpoint: its note signed by the key named after the origin. */
export const signCheckpoint = (checkpoint: Checkpoint, publicKey: Uint8Array, sign: NoteSigner): string =>
  signNote(checkpointText(checkpoint), checkpoint.origin, publicKey, sign);

/** A verifier key as Go's sumdb/note writes one: name+keyID(hex)+base64(0x01 ‖ public key). */
export const verifierKey = (name: string, publicKey: Uint8Array): string =>
  `${name}+${[...noteKeyId(name, publicKey)].map((b) => b.toString(16).padStart(2, '0')).join('')}+${base64(new Uint8Array([ED25519, ...publicKey]))}`;

/** The name and Ed25519 public key of a verifier key; null when it is malformed or its key ID does not match. */
export function parseVerifierKey(key: string): { name: string; publicKey: Uint8Array } | null {
  const match = /^([^+\s]+)\+([0-9a-f]{8})\+(\S+)$/.exec(key.trim());
  const material = match ? fromBase64(match[3]) : null;
  if (!match || !material || material.length !== 33 || material[0] !== ED25519) return null;
  const publicKey = material.slice(1);
  return verifierKey(match[1], publicKey) === key.trim() ? { name: match[1], publicKey } : null;
}

export type NoteReading = { ok: true; text: string } | { ok: false; reason: string };

/**
 * The text of a signed note that carries a signature by `publicKey` under `name` that verifies. The note
 * must be UTF-8 without control characters but newlines; signatures of other keys (a witness's
 * cosignature, a rotated key) are ignored, as the note format asks.
 */
export function openNote(note: string | Uint8Array, name: string, publicKey: Uint8Array, verify: NoteVerifier): NoteReading {
  let text: string;
  try {
    text = typeof note === 'string' ? note : decoder.decode(note);
  } catch {
    return { ok: false, reason: 'the note is not UTF-8' };
  }
  if (hasControl(text, true)) return { ok: false, reason: 'the note holds a control character' };
  const split = text.lastIndexOf('\n\n');
  if (split < 0 || !text.endsWith('\n')) return { ok: false, reason: 'the note has no signature block' };
  const body = text.slice(0, split + 1);
  const keyId = noteKeyId(name, publicKey);
  const signatures = text
    .slice(split + 2, -1)
    .split('\n')
    .map((line) => {
      const match = /^\u2014 (\S+) (\S+)$/u.exec(line);
      const bytes = match ? fromBase64(match[2]) : null;
      return match && bytes && bytes.length > 4 ? { name: match[1], id: bytes.slice(0, 4), signature: bytes.slice(4) } : null;
    });
  if (signatures.some((s) => s === null)) return { ok: false, reason: 'a signature line is malformed' };
  const ours = signatures.filter((s) => s!.name === name && s!.id.every((b, i) => b === keyId[i]));
  if (ours.length === 0) return { ok: false, reason: 'no signature by the trusted key' };
  if (!ours.every((s) => verify(utf8.encode(body), s!.signature, publicKey))) return { ok: false, reason: 'the signature does not verify' };
  return { ok: true, text: body };
}

export type CheckpointReading = { ok: true; checkpoint: Checkpoint } | { ok: false; reason: string };

/** The checkpoint of a note's text (its first three lines); extension lines are refused, as this log writes none. */
export function parseCheckpointText(text: string): CheckpointReading {
  const lines = text.split('\n');
  if (lines.length !== 4 || lines[3] !== '') return { ok: false, reason: 'a checkpoint is three lines, each ending in a newline' };
  const [origin, sizeText, rootText] = lines;
  if (!isOrigin(origin)) return { ok: false, reason: 'the origin line is empty or holds a space or a plus' };
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText)))
    return { ok: false, reason: 'the tree size is not a decimal number without leading zeros' };
  const root = fromBase64(rootText);
  if (!root || root.length !== 32) return { ok: false, reason: 'the root hash is not 32 bytes of base64' };
  return { ok: true, checkpoint: { origin, size: Number(sizeText), root } };
}

/** The checkpoint of a note signed by `publicKey` under the origin's name: `origin` is the log the reader trusts. */
export function openSignedCheckpoint(
  note: string | Uint8Array,
  origin: string,
  publicKey: Uint8Array,
  verify: NoteVerifier,
): CheckpointReading {
  const opened = openNote(note, origin, publicKey, verify);
  if (!opened.ok) return opened;
  const reading = parseCheckpointText(opened.text);
  if (reading.ok && reading.checkpoint.origin !== origin)
    return { ok: false, reason: `the checkpoint is of ${reading.checkpoint.origin}, not ${origin}` };
  return reading;
}
