/**
 * The transparency page's check, in the browser (docs/security.md, "Transparency log"): what the
 * visitor typed, and whether an entry's bytes are in the tree the signed checkpoint names, by the
 * RFC 9162 inclusion proof the server sent. Nothing here trusts the server's word: the root comes
 * from the checkpoint opened with the console key, the leaf from the bytes themselves.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { openSignedCheckpoint, type Checkpoint, type NoteVerifier } from './checkpoint';
import type { TransparencyEntry } from './entries';
import { leafHash, verifyInclusion } from './merkle';

/**
 * The box's text: '#' and digits, an entry index; digits alone, a transaction id if one is (a
 * transaction id may be a number), else that entry index; anything else, a SHA-256 or a
 * transaction id the server looks up.
 */
export type LookupQuery = { kind: 'index'; index: number; orTransaction: boolean } | { kind: 'search'; q: string } | { kind: 'empty' };

export const MAX_LOOKUP_LENGTH = 200;

export function lookupQuery(text: string): LookupQuery {
  const typed = text.trim();
  if (!typed) return { kind: 'empty' };
  // a number past the safe range is no index
  const [, hash, digits] = /^(#?)(\d+)$/.exec(typed) ?? [];
  if (digits !== undefined && Number.isSafeInteger(Number(digits))) return { kind: 'index', index: Number(digits), orTransaction: !hash };
  return { kind: 'search', q: typed.slice(0, MAX_LOOKUP_LENGTH) };
}

export type EntryCheck =
  { included: true; entry: TransparencyEntry | null; text: string } | { included: false; reason: 'past_checkpoint' | 'proof_fails' };

const decoder = new TextDecoder('utf-8', { fatal: false });

function parsedEntry(text: string): TransparencyEntry | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 'kind' in value ? (value as TransparencyEntry) : null;
  } catch {
    return null;
  }
}

/** Whether entry `index`, these bytes, is in the checkpoint's tree by this proof (lowercase hex hashes). */
export function checkEntry(index: number, bytes: Uint8Array, proofHex: readonly string[], checkpoint: Checkpoint): EntryCheck {
  if (index >= checkpoint.size) return { included: false, reason: 'past_checkpoint' };
  const proof = proofHex.map(fromHex);
  if (proof.some((hash) => hash === null)) return { included: false, reason: 'proof_fails' };
  if (!verifyInclusion(index, checkpoint.size, leafHash(bytes), proof as Uint8Array[], checkpoint.root))
    return { included: false, reason: 'proof_fails' };
  const text = decoder.decode(bytes);
  return { included: true, entry: parsedEntry(text), text };
}

const fromHex = (hex: string): Uint8Array | null => (/^[0-9a-f]{64}$/.test(hex) ? hexToBytes(hex) : null);

/** What an entry is of, in a few words for the list of latest entries (its kind and the record it names). */
export function entrySummary(entry: TransparencyEntry): { kind: TransparencyEntry['kind']; subject: string; ts: string } {
  switch (entry.kind) {
    case 'log_start':
      return { kind: entry.kind, subject: String(entry.brought_in), ts: entry.started_ts };
    case 'kilnlog':
      return { kind: entry.kind, subject: `${entry.log_id}${entry.kiln_id ? ` (${entry.kiln_id})` : ''}`, ts: entry.received_ts };
    case 'signoff':
      return { kind: entry.kind, subject: entry.job_id, ts: entry.signoff_ts };
    case 'issuance':
      return { kind: entry.kind, subject: entry.transaction_id, ts: entry.minted_ts };
    case 'retirement':
      return { kind: entry.kind, subject: String(entry.retirement_id), ts: entry.retired_ts };
    case 'kiln_key':
      return { kind: entry.kind, subject: entry.fingerprint.slice(0, 16), ts: entry.ts };
    case 'calibration':
      return { kind: entry.kind, subject: String(entry.calibration_id), ts: entry.approved_ts };
    case 'lab_key':
      return { kind: entry.kind, subject: entry.fingerprint.slice(0, 16), ts: entry.ts };
  }
}

/** DER of an Ed25519 SubjectPublicKeyInfo before its 32 key bytes (RFC 8410 §4). */
const ED25519_SPKI_PREFIX = '302a300506032b6570032100';

/** The raw 32-byte key of an Ed25519 public key in PEM (SPKI), as GET /api/signing-keys gives it; null for anything else. */
export function rawEd25519Key(pem: string): Uint8Array | null {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  let der: Uint8Array;
  try {
    der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  const prefix = Array.from(der.slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
  return der.length === 44 && prefix === ED25519_SPKI_PREFIX ? der.slice(12) : null;
}

const verifyEd25519: NoteVerifier = (text, signature, publicKey) => {
  try {
    return ed25519.verify(signature, text, publicKey);
  } catch {
    return false;
  }
};

export type OpenedCheckpoint = { ok: true; checkpoint: Checkpoint; kid: string } | { ok: false; reason: string };

/**
 * The checkpoint of a note signed under its own origin by one of these console keys: the first
 * line names the log, a key must sign it. Which key is said (kid), for a visitor who pinned one.
 */
export function openCheckpoint(note: string, keys: readonly { kid: string; public_key: string }[]): OpenedCheckpoint {
  const origin = note.slice(0, note.indexOf('\n'));
  let reason = 'no console key is given';
  for (const key of keys) {
    const raw = rawEd25519Key(key.public_key);
    if (!raw) continue;
    const opened = openSignedCheckpoint(note, origin, raw, verifyEd25519);
    if (opened.ok) return { ok: true, checkpoint: opened.checkpoint, kid: key.kid };
    reason = opened.reason;
  }
  return { ok: false, reason };
}
