import { appendedNodes, leafHash, nodesRead, type Hash, type NodeId } from '../../src/domain/transparency/merkle';
import { nodeKey } from './parts/transparency';
import type { TransparencyNodeRecord } from './model';

const utf8 = new TextEncoder();
export const toHex = (hash: Hash) => Buffer.from(hash).toString('hex');
export const fromHex = (hex: string): Hash => new Uint8Array(Buffer.from(hex, 'hex'));

/** The nodes appending leaf `size` reads: the left siblings of the subtrees it completes. */
export const nodesToAppend = (size: number): NodeId[] => nodesRead((read) => appendedNodes(size, new Uint8Array(32), read));

/**
 * The rows appending `entry` as leaf `size` stores, both engines alike: the leaf and every
 * subtree it completes, from `known`, the nodes of nodesToAppend(size).
 */
export function appendRows(size: number, entry: string, known: ReadonlyMap<string, Hash>): TransparencyNodeRecord[] {
  const missing = nodesToAppend(size).find(({ level, index }) => !known.has(nodeKey(level, index)));
  if (missing) throw new Error(`The transparency log lacks node ${nodeKey(missing.level, missing.index)} of its ${size} entries.`);
  return appendedNodes(size, leafHash(utf8.encode(entry)), (level, index) => known.get(nodeKey(level, index))!).map(
    ({ level, index, hash }) => ({ level, idx: index, hash: toHex(hash) }),
  );
}
