/**
 * The transparency log's Merkle tree, hashed exactly as RFC 9162 §2.1: a leaf is
 * SHA-256(0x00 ‖ entry), an interior node SHA-256(0x01 ‖ left ‖ right), and a tree
 * of n leaves splits at the largest power of two smaller than n.
 *
 * The tree is kept as the hashes of its complete subtrees: node (level, index)
 * covers leaves [index·2^level, (index+1)·2^level). Every subtree the RFC's
 * recursion reaches is either such a node or splits into one and a smaller
 * remainder, so a root or a proof reads O(log n) of them and an append writes
 * at most log₂ n + 1. Which nodes a computation reads depends only on the sizes
 * and indices, never on the hashes, so `nodesRead` tells a store what to fetch
 * in one query before the computation runs on what it fetched.
 */
import { sha256 } from '@noble/hashes/sha2.js';

export type Hash = Uint8Array;

/** A complete subtree: level 0 is a leaf. */
export interface NodeId {
  level: number;
  index: number;
}

/** Reads a complete subtree's hash; the tree must hold it. */
export type NodeReader = (level: number, index: number) => Hash;

const LEAF = Uint8Array.of(0);
const INTERIOR = Uint8Array.of(1);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const leafHash = (entry: Uint8Array): Hash => sha256(concat(LEAF, entry));
export const interiorHash = (left: Hash, right: Hash): Hash => sha256(concat(INTERIOR, left, right));
/** MTH of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT: Hash = sha256(new Uint8Array(0));

/** The largest power of two smaller than n (n > 1). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;
const log2 = (n: number) => Math.round(Math.log2(n));

function checkSize(name: string, n: number, min = 0): void {
  if (!Number.isSafeInteger(n) || n < min) throw new RangeError(`${name} must be a whole number of at least ${min}, not ${n}.`);
}

/** MTH(D[start : start+n]) for a range the RFC's recursion reaches (start a multiple of n's split), n ≥ 1. */
function rangeHash(start: number, n: number, read: NodeReader): Hash {
  if (isPowerOfTwo(n) && start % n === 0) return read(log2(n), start / n);
  const k = splitPoint(n);
  return interiorHash(rangeHash(start, k, read), rangeHash(start + k, n - k, read));
}

/** The root of the tree's first `size` leaves. */
export function rootAt(size: number, read: NodeReader): Hash {
  checkSize('The tree size', size);
  return size === 0 ? EMPTY_ROOT : rangeHash(0, size, read);
}

/** RFC 9162 §2.1.3.1: the audit path of leaf `index` in the tree of `size` leaves, leaf side first. */
export function inclusionProof(index: number, size: number, read: NodeReader): Hash[] {
  checkSize('The tree size', size, 1);
  checkSize('The leaf index', index);
  if (index >= size) throw new RangeError(`Leaf ${index} is not in a tree of ${size}.`);
  const path = (m: number, start: number, n: number): Hash[] => {
    if (n === 1) return [];
    const k = splitPoint(n);
    return m < k
      ? [...path(m, start, k), rangeHash(start + k, n - k, read)]
      : [...path(m - k, start + k, n - k), rangeHash(start, k, read)];
  };
  return path(index, 0, size);
}

/** RFC 9162 §2.1.4.1: the proof that the tree of `first` leaves is a prefix of the tree of `second` (0 < first ≤ second). */
export function consistencyProof(first: number, second: number, read: NodeReader): Hash[] {
  checkSize('The first tree size', first, 1);
  checkSize('The second tree size', second, 1);
  if (first > second) throw new RangeError(`A tree of ${first} cannot be a prefix of one of ${second}.`);
  const subproof = (m: number, start: number, n: number, whole: boolean): Hash[] => {
    if (m === n) return whole ? [] : [rangeHash(start, n, read)];
    const k = splitPoint(n);
    return m <= k
      ? [...subproof(m, start, k, whole), rangeHash(start + k, n - k, read)]
      : [...subproof(m - k, start + k, n - k, false), rangeHash(start, k, read)];
  };
  return subproof(first, 0, second, true);
}

/** The nodes to store when leaf `size` (0-based: the tree had `size` leaves) is appended: the leaf and every subtree it completes. */
export function appendedNodes(size: number, leaf: Hash, read: NodeReader): (NodeId & { hash: Hash })[] {
  checkSize('The tree size', size);
  const nodes = [{ level: 0, index: size, hash: leaf }];
  let { level, index, hash } = nodes[0];
  while (index % 2 === 1) {
    hash = interiorHash(read(level, index - 1), hash);
    level += 1;
    index = (index - 1) / 2;
    nodes.push({ level, index, hash });
  }
  return nodes;
}

/** The nodes a computation over the tree reads, found by running it on placeholder hashes (what it reads never depends on them). */
export function nodesRead(compute: (read: NodeReader) => unknown): NodeId[] {
  const seen = new Map<string, NodeId>();
  const placeholder = new Uint8Array(32);
  compute((level, index) => {
    seen.set(`${level}/${index}`, { level, index });
    return placeholder;
  });
  return [...seen.values()];
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const odd = (n: number) => n % 2 === 1;
// tree sizes reach past 2^31: halve by division, not by shifting
const half = (n: number) => Math.floor(n / 2);
/** RFC 9162's "right-shift both fn and sn equally until either LSB(fn) is set or fn is 0". */
function toOdd(fn: number, sn: number): [number, number] {
  while (!odd(fn) && fn !== 0) [fn, sn] = [half(fn), half(sn)];
  return [fn, sn];
}

/** RFC 9162 §2.1.3.2: whether `proof` puts the leaf with this hash at `index` of the tree of `size` with this root. */
export function verifyInclusion(index: number, size: number, leaf: Hash, proof: readonly Hash[], root: Hash): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = interiorHash(p, r);
      [fn, sn] = toOdd(fn, sn);
    } else {
      r = interiorHash(r, p);
    }
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 && equal(r, root);
}

/** RFC 9162 §2.1.4.2: whether `proof` shows the tree of `first` leaves with `firstRoot` is a prefix of the tree of `second` with `secondRoot`. */
export function verifyConsistency(first: number, second: number, firstRoot: Hash, secondRoot: Hash, proof: readonly Hash[]): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 1 || first > second) return false;
  if (first === second) return proof.length === 0 && equal(firstRoot, secondRoot);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) [fn, sn] = [half(fn), half(sn)];
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = interiorHash(c, fr);
      sr = interiorHash(c, sr);
      [fn, sn] = toOdd(fn, sn);
    } else {
      sr = interiorHash(sr, c);
    }
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 && equal(fr, firstRoot) && equal(sr, secondRoot);
}
