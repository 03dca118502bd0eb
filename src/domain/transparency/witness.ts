/**
 * A witness's judgement of a log's new checkpoint against the one it holds
 * (both signatures already checked, openSignedCheckpoint): the log may only
 * grow, and must prove the tree the witness saw is a prefix of the new one.
 * Anything else means the log rewrote or hid what it had shown.
 */
import type { Checkpoint } from './checkpoint';
import { verifyConsistency, type Hash } from './merkle';

export type WitnessVerdict = { ok: true; grew: boolean } | { ok: false; reason: string };

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether `fetched` follows from `held` (null: the first checkpoint seen), by the log's consistency proof. */
export function judgeCheckpoint(held: Checkpoint | null, fetched: Checkpoint, proof: readonly Hash[]): WitnessVerdict {
  if (held === null) return { ok: true, grew: fetched.size > 0 };
  if (fetched.origin !== held.origin) return { ok: false, reason: `the checkpoint is of ${fetched.origin}, not of ${held.origin}` };
  if (fetched.size < held.size) return { ok: false, reason: `the tree shrank from ${held.size} to ${fetched.size} entries` };
  if (fetched.size === held.size)
    return same(fetched.root, held.root) ? { ok: true, grew: false } : { ok: false, reason: `another root at the same size, ${held.size}` };
  if (held.size === 0) return { ok: true, grew: true };
  return verifyConsistency(held.size, fetched.size, held.root, fetched.root, proof)
    ? { ok: true, grew: true }
    : { ok: false, reason: `no proof that the tree of ${held.size} is a prefix of the tree of ${fetched.size}` };
}
