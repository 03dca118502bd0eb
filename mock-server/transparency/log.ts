import { createPublicKey, verify } from 'node:crypto';
import { signCheckpoint, type Checkpoint, type NoteVerifier } from '../../src/domain/transparency/checkpoint';
import { entryBytes, entryLookups, entrySubject, type TransparencyEntry } from '../../src/domain/transparency/entries';
import { consistencyProof, inclusionProof, nodesRead, rootAt, type Hash, type NodeReader } from '../../src/domain/transparency/merkle';
import type { PackageSigner } from '../signing/packageSigner';
import { nodeKey, type TransparencyStore } from '../store/parts/transparency';

/**
 * The transparency log over its store part: appending an act's entry, the tree head, a signed
 * checkpoint and proofs, each reading the O(log n) nodes it needs in one call to the store.
 */

const decoder = new TextDecoder();

/** Appends the act's entry and files it under its lookup keys (inside the act's transaction: `log` is its part); its index. */
export async function logAct(log: TransparencyStore, entry: TransparencyEntry, loggedTs: string): Promise<number> {
  const index = await log.append(decoder.decode(entryBytes(entry)), loggedTs, entrySubject(entry));
  for (const key of entryLookups(entry)) await log.addLookup(key, index);
  return index;
}

/** Runs a tree computation on the nodes the store holds for it. */
async function onStoredNodes<T>(log: TransparencyStore, compute: (read: NodeReader) => T): Promise<T> {
  const known = await log.nodes(nodesRead(compute));
  return compute((level, index) => {
    const hash = known.get(nodeKey(level, index));
    if (!hash) throw new Error(`The transparency log lacks node ${nodeKey(level, index)}.`);
    return hash;
  });
}

/** The tree's size and root now (or at `size`, no more than it holds). */
export async function treeHead(log: TransparencyStore, size?: number): Promise<{ size: number; root: Hash }> {
  const held = await log.size();
  const at = size ?? held;
  if (at > held) throw new RangeError(`The log holds ${held} entries, not ${at}.`);
  return { size: at, root: await onStoredNodes(log, (read) => rootAt(at, read)) };
}

/** The raw 32-byte Ed25519 public key of a PEM (SPKI): what a signed note's key ID is made from. */
export function rawPublicKey(pem: string): Uint8Array {
  const { crv, x } = createPublicKey(pem).export({ format: 'jwk' });
  if (crv !== 'Ed25519' || !x) throw new Error('The signing key is not an Ed25519 key.');
  return new Uint8Array(Buffer.from(x, 'base64url'));
}

/** Verifies an Ed25519 signature of a note with a raw public key, as node:crypto does. */
export const verifyNote: NoteVerifier = (text, signature, publicKey) =>
  verify(
    null,
    text,
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' }),
    signature,
  );

/** The log's checkpoint now (or at `at` entries), signed with the console's signing key under the log's origin. */
export async function signedCheckpoint(
  log: TransparencyStore,
  origin: string,
  signer: PackageSigner,
  at?: number,
): Promise<{ checkpoint: Checkpoint; note: string }> {
  const { size, root } = await treeHead(log, at);
  const checkpoint = { origin, size, root };
  return { checkpoint, note: signCheckpoint(checkpoint, rawPublicKey(signer.publicKeyPem), (text) => new Uint8Array(signer.sign(text))) };
}

/** RFC 9162 inclusion proof of entry `index` in the tree of `size` entries (at most what the log holds). */
export async function proveInclusion(log: TransparencyStore, index: number, size: number): Promise<Hash[]> {
  const held = await log.size();
  if (size > held) throw new RangeError(`The log holds ${held} entries, not ${size}.`);
  return onStoredNodes(log, (read) => inclusionProof(index, size, read));
}

/** RFC 9162 consistency proof from the tree of `first` entries to the tree of `second` (at most what the log holds). */
export async function proveConsistency(log: TransparencyStore, first: number, second: number): Promise<Hash[]> {
  const held = await log.size();
  if (second > held) throw new RangeError(`The log holds ${held} entries, not ${second}.`);
  return onStoredNodes(log, (read) => consistencyProof(first, second, read));
}
