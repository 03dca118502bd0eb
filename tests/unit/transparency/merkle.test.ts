import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  appendedNodes,
  consistencyProof,
  EMPTY_ROOT,
  inclusionProof,
  leafHash,
  nodesRead,
  rootAt,
  verifyConsistency,
  verifyInclusion,
  type Hash,
  type NodeReader,
} from '../../../src/domain/transparency/merkle';

/**
 * The log's tree against RFC 9162 §2.1 itself: MTH, PATH and PROOF written here
 * from the RFC's text over whole lists of entries, importing nothing of the
 * console or the server, for every tree of 1 to 70 leaves and random proofs
 * of larger ones.
 */

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const ZERO = Buffer.from([0]);
const ONE = Buffer.from([1]);

/** "k is the largest power of two smaller than n" */
function k(n: number): number {
  let p = 1;
  while (p * 2 < n) p *= 2;
  return p;
}
function MTH(D: Buffer[]): Buffer {
  const n = D.length;
  if (n === 0) return sha();
  if (n === 1) return sha(ZERO, D[0]);
  return sha(ONE, MTH(D.slice(0, k(n))), MTH(D.slice(k(n))));
}
function PATH(m: number, D: Buffer[]): Buffer[] {
  const n = D.length;
  if (n === 1) return [];
  return m < k(n) ? [...PATH(m, D.slice(0, k(n))), MTH(D.slice(k(n)))] : [...PATH(m - k(n), D.slice(k(n))), MTH(D.slice(0, k(n)))];
}
function SUBPROOF(m: number, D: Buffer[], b: boolean): Buffer[] {
  const n = D.length;
  if (m === n) return b ? [] : [MTH(D)];
  return m <= k(n)
    ? [...SUBPROOF(m, D.slice(0, k(n)), b), MTH(D.slice(k(n)))]
    : [...SUBPROOF(m - k(n), D.slice(k(n)), false), MTH(D.slice(0, k(n)))];
}
const PROOF = (m: number, D: Buffer[]) => SUBPROOF(m, D, true);

const entries = (n: number, seed = 0) => Array.from({ length: n }, (_, i) => Buffer.from(`{"kind":"burn","n":${i + seed}}`));
const hex = (hashes: readonly Uint8Array[]) => hashes.map((h) => Buffer.from(h).toString('hex'));

/** A tree grown one append at a time, as the log stores it: its complete subtrees only. */
function grow(D: Buffer[]): { read: NodeReader; stored: number } {
  const nodes = new Map<string, Hash>();
  const read: NodeReader = (level, index) => {
    const hash = nodes.get(`${level}/${index}`);
    if (!hash) throw new Error(`node ${level}/${index} is not stored`);
    return hash;
  };
  D.forEach((entry, size) => {
    for (const node of appendedNodes(size, leafHash(entry), read)) nodes.set(`${node.level}/${node.index}`, node.hash);
  });
  return { read, stored: nodes.size };
}

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('the transparency tree (RFC 9162 §2.1)', () => {
  it('has the empty root SHA-256 of nothing, and a leaf hash of 0x00 ‖ entry', () => {
    expect(Buffer.from(EMPTY_ROOT).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(Buffer.from(leafHash(Buffer.from('x')))).toEqual(sha(ZERO, Buffer.from('x')));
    expect(rootAt(0, () => new Uint8Array())).toEqual(EMPTY_ROOT);
  });

  it('makes the RFC root, inclusion proofs and consistency proofs for every size from 1 to 70, and they verify', () => {
    const all = entries(70);
    const { read, stored } = grow(all);
    // a tree of n leaves keeps fewer than 2n nodes
    expect(stored).toBeLessThan(2 * all.length);
    for (let n = 1; n <= 70; n++) {
      const D = all.slice(0, n);
      const root = rootAt(n, read);
      expect(Buffer.from(root)).toEqual(MTH(D));
      for (let m = 0; m < n; m++) {
        const proof = inclusionProof(m, n, read);
        expect(hex(proof), `PATH(${m}, D[${n}])`).toEqual(hex(PATH(m, D)));
        expect(verifyInclusion(m, n, leafHash(D[m]), proof, root)).toBe(true);
      }
      for (let m = 1; m <= n; m++) {
        const proof = consistencyProof(m, n, read);
        expect(hex(proof), `PROOF(${m}, D[${n}])`).toEqual(hex(PROOF(m, D)));
        expect(verifyConsistency(m, n, MTH(D.slice(0, m)), root, proof)).toBe(true);
      }
    }
  });

  it('refuses a proof with a changed hash, a missing or extra step, another leaf, index or size, or another root', () => {
    const all = entries(70);
    const { read } = grow(all);
    for (const [m, n] of [
      [0, 1],
      [5, 6],
      [13, 64],
      [63, 64],
      [64, 65],
      [37, 70],
      [69, 70],
    ]) {
      const root = rootAt(n, read);
      const leaf = leafHash(all[m]);
      const proof = inclusionProof(m, n, read);
      const flipped = proof.map((h, i) => (i === 0 ? Uint8Array.from(h, (b, j) => (j === 0 ? b ^ 1 : b)) : h));
      if (proof.length > 0) {
        expect(verifyInclusion(m, n, leaf, flipped, root)).toBe(false);
        expect(verifyInclusion(m, n, leaf, proof.slice(1), root)).toBe(false);
      }
      expect(verifyInclusion(m, n, leaf, [...proof, root], root)).toBe(false);
      expect(verifyInclusion(m, n, leafHash(all[(m + 1) % all.length]), proof, root)).toBe(false);
      expect(verifyInclusion(n, n, leaf, proof, root)).toBe(false);
      expect(verifyInclusion(m, n, leaf, proof, rootAt(n === 1 ? 2 : n - 1, read))).toBe(false);
    }
    for (const [m, n] of [
      [1, 2],
      [3, 7],
      [4, 8],
      [6, 70],
      [32, 70],
      [69, 70],
    ]) {
      const proof = consistencyProof(m, n, read);
      const [a, b] = [rootAt(m, read), rootAt(n, read)];
      expect(verifyConsistency(m, n, a, b, proof)).toBe(true);
      expect(verifyConsistency(m, n, b, b, proof)).toBe(false);
      expect(verifyConsistency(m, n, a, a, proof)).toBe(false);
      expect(verifyConsistency(m, n, a, b, proof.slice(0, -1))).toBe(false);
      expect(verifyConsistency(m, n, a, b, [...proof, a])).toBe(false);
      expect(verifyConsistency(m + 1, n, a, b, proof)).toBe(false);
    }
    // the same size: only no proof, and only the same root
    expect(verifyConsistency(9, 9, rootAt(9, read), rootAt(9, read), [])).toBe(true);
    expect(verifyConsistency(9, 9, rootAt(9, read), rootAt(8, read), [])).toBe(false);
    expect(verifyConsistency(10, 9, rootAt(9, read), rootAt(9, read), [])).toBe(false);
  });

  it('finds a rewritten entry: the root changes, the old proofs fail, and no consistency proof links the two trees', () => {
    const honest = entries(40);
    const rewritten = honest.map((e, i) => (i === 17 ? Buffer.from('{"kind":"burn","n":"changed"}') : e));
    const before = grow(honest.slice(0, 30)).read;
    const after = grow(rewritten).read;
    const proof = consistencyProof(30, 40, after);
    expect(verifyConsistency(30, 40, rootAt(30, before), rootAt(40, after), proof)).toBe(false);
    expect(Buffer.from(rootAt(30, after))).not.toEqual(Buffer.from(rootAt(30, before)));
    // the entry a witness was shown no longer proves against the rewritten tree, nor the rewrite against the tree it saw
    expect(verifyInclusion(17, 40, leafHash(honest[17]), inclusionProof(17, 40, after), rootAt(40, after))).toBe(false);
    expect(verifyInclusion(17, 30, leafHash(rewritten[17]), inclusionProof(17, 30, after), rootAt(30, before))).toBe(false);
  });

  it('proves random leaves and prefixes of larger trees, reading O(log n) nodes for each', () => {
    const rnd = random(7);
    const all = entries(5000, 100);
    const { read } = grow(all);
    for (let trial = 0; trial < 40; trial++) {
      const n = 1 + Math.floor(rnd() * all.length);
      const m = Math.floor(rnd() * n);
      const D = all.slice(0, n);
      const proof = inclusionProof(m, n, read);
      expect(hex(proof)).toEqual(hex(PATH(m, D)));
      expect(verifyInclusion(m, n, leafHash(D[m]), proof, rootAt(n, read))).toBe(true);
      const first = 1 + Math.floor(rnd() * n);
      const consistency = consistencyProof(first, n, read);
      expect(hex(consistency)).toEqual(hex(PROOF(first, D)));
      expect(verifyConsistency(first, n, rootAt(first, read), rootAt(n, read), consistency)).toBe(true);
      // log₂ 5000 ≈ 12.3: a proof reads a few nodes a level
      expect(nodesRead((r) => inclusionProof(m, n, r)).length).toBeLessThanOrEqual(4 * 13);
      expect(nodesRead((r) => consistencyProof(first, n, r)).length).toBeLessThanOrEqual(4 * 13);
    }
  });

  it('computes the same from the nodes it says it reads, and refuses a leaf outside the tree', () => {
    const { read } = grow(entries(70));
    const needed = nodesRead((r) => inclusionProof(45, 70, r));
    const fetched = new Map(needed.map(({ level, index }) => [`${level}/${index}`, read(level, index)]));
    const onlyFetched: NodeReader = (level, index) => fetched.get(`${level}/${index}`)!;
    expect(hex(inclusionProof(45, 70, onlyFetched))).toEqual(hex(inclusionProof(45, 70, read)));
    expect(() => inclusionProof(70, 70, read)).toThrow(RangeError);
    expect(() => inclusionProof(-1, 70, read)).toThrow(RangeError);
    expect(() => consistencyProof(0, 70, read)).toThrow(RangeError);
    expect(() => consistencyProof(71, 70, read)).toThrow(RangeError);
    expect(() => rootAt(1.5, read)).toThrow(RangeError);
  });
});
