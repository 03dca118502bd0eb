import { createHash, type KeyObject } from 'node:crypto';
import { openSignedCheckpoint } from '../../src/domain/transparency/checkpoint';
import { leafHash, verifyInclusion } from '../../src/domain/transparency/merkle';
import {
  CHECKPOINT_FILE,
  TRANSPARENCY_FILE,
  TRANSPARENCY_FORMAT,
  type PackageTransparency,
  type ProvedEntry,
} from '../transparency/packageProofs';
import { verifyNote } from '../transparency/log';
import type { PackageManifest } from './manifest';

/**
 * The package's transparency files checked offline (npm run verify): the checkpoint signed by the
 * console's key under the log's origin, each entry included in it by its proof, the signoff's
 * entry naming this manifest and each burn's entry naming its log's SHA-256.
 */

export interface TransparencyFindings {
  /** each difference, as `file: field: …` */
  problems: string[];
  /** the line a verified package prints; null when the package holds no transparency files */
  summary: string | null;
}

const utf8 = new TextEncoder();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const isHex = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
const fromHex = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));

function provedShape(value: unknown): value is ProvedEntry {
  const v = value as Partial<ProvedEntry> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isSafeInteger(v.index) &&
    typeof v.entry === 'string' &&
    Array.isArray(v.inclusion_proof) &&
    v.inclusion_proof.every(isHex)
  );
}

function parsed(bytes: Uint8Array): PackageTransparency | string {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return 'not JSON';
  }
  const t = value as Partial<PackageTransparency> | null;
  if (typeof t !== 'object' || t === null || t.format !== TRANSPARENCY_FORMAT) return `not ${TRANSPARENCY_FORMAT}`;
  if (typeof t.origin !== 'string' || !Number.isSafeInteger(t.tree_size) || !provedShape(t.signoff) || !Array.isArray(t.burns))
    return 'origin, tree_size, signoff or burns malformed';
  if (!t.burns.every((b) => provedShape(b) && Number.isSafeInteger((b as { analysis_id?: unknown }).analysis_id)))
    return 'a burn entry malformed';
  return t as PackageTransparency;
}

/** The Ed25519 key's 32 raw bytes, as a signed note's key ID is made from them. */
const rawKey = (key: KeyObject) => new Uint8Array(Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url'));

export function checkTransparency(
  read: (name: string) => Uint8Array | undefined,
  manifest: PackageManifest,
  manifestBytes: Uint8Array,
  key: KeyObject | null,
): TransparencyFindings {
  const file = read(TRANSPARENCY_FILE);
  const note = read(CHECKPOINT_FILE);
  if (!file && !note) return { problems: [], summary: null };
  if (!file || !note)
    return { problems: [`${file ? CHECKPOINT_FILE : TRANSPARENCY_FILE}: file: recorded "present", re-derived "missing"`], summary: null };
  const t = parsed(file);
  if (typeof t === 'string') return { problems: [`${TRANSPARENCY_FILE}: ${t}`], summary: null };
  if (!key) return { problems: [`${CHECKPOINT_FILE}: signature: no console key to check it with`], summary: null };
  const opened = openSignedCheckpoint(note, t.origin, rawKey(key), verifyNote);
  if (!opened.ok) return { problems: [`${CHECKPOINT_FILE}: signature: ${opened.reason}`], summary: null };
  const { checkpoint } = opened;
  const problems: string[] = [];
  if (checkpoint.size !== t.tree_size)
    problems.push(`${TRANSPARENCY_FILE}: tree_size: recorded ${t.tree_size}, checkpoint ${checkpoint.size}`);
  const included = (what: string, proved: ProvedEntry): Record<string, unknown> | null => {
    if (
      !verifyInclusion(
        proved.index,
        checkpoint.size,
        leafHash(utf8.encode(proved.entry)),
        proved.inclusion_proof.map(fromHex),
        checkpoint.root,
      )
    ) {
      problems.push(`${TRANSPARENCY_FILE}: ${what}: entry ${proved.index} is not included in the checkpoint's tree`);
      return null;
    }
    try {
      return JSON.parse(proved.entry) as Record<string, unknown>;
    } catch {
      problems.push(`${TRANSPARENCY_FILE}: ${what}: entry ${proved.index} is not JSON`);
      return null;
    }
  };
  const expect = (what: string, entry: Record<string, unknown> | null, fields: Record<string, unknown>) => {
    if (!entry) return;
    for (const [field, wanted] of Object.entries(fields))
      if (entry[field] !== wanted)
        problems.push(
          `${TRANSPARENCY_FILE}: ${what}: ${field}: recorded ${JSON.stringify(entry[field])}, re-derived ${JSON.stringify(wanted)}`,
        );
  };
  expect('signoff', included('signoff', t.signoff), {
    kind: 'signoff',
    audit_id: manifest.audit.id,
    job_id: manifest.audit.job_id,
    manifest_sha256: sha256(manifestBytes),
  });
  const byBurn = new Map(t.burns.map((b) => [b.analysis_id, b]));
  for (const burn of manifest.burns) {
    const proved = byBurn.get(burn.analysis_id);
    if (!proved) {
      problems.push(`${TRANSPARENCY_FILE}: burn ${burn.analysis_id}: recorded "an entry", re-derived "none"`);
      continue;
    }
    expect(`burn ${burn.analysis_id}`, included(`burn ${burn.analysis_id}`, proved), {
      kind: 'kilnlog',
      log_id: burn.analysis_id,
      sha256: burn.log_sha256,
    });
  }
  for (const id of byBurn.keys())
    if (!manifest.burns.some((b) => b.analysis_id === id)) problems.push(`${TRANSPARENCY_FILE}: burn ${id}: not a burn of manifest.json`);
  return {
    problems,
    summary: `transparency: the signoff (entry ${t.signoff.index}) and ${t.burns.length} burn${t.burns.length === 1 ? '' : 's'} included in ${checkpoint.origin} at ${checkpoint.size} entries (${CHECKPOINT_FILE}, signed by the console key)`,
  };
}
