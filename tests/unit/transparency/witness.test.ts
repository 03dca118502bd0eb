import { describe, expect, it } from 'vitest';
import {
  appendedNodes,
  consistencyProof,
  EMPTY_ROOT,
  leafHash,
  rootAt,
  type Hash,
  type NodeReader,
} from '../../../src/domain/transparency/merkle';
import { judgeCheckpoint } from '../../../src/domain/transparency/witness';

/** A witness holds what it saw: growth with a proof passes; a shrink, a fork, a rewrite or another log fails. */

function tree(entries: string[]): NodeReader {
  const nodes = new Map<string, Hash>();
  const read: NodeReader = (level, index) => nodes.get(`${level}/${index}`)!;
  entries.forEach((entry, size) => {
    for (const n of appendedNodes(size, leafHash(new TextEncoder().encode(entry)), read)) nodes.set(`${n.level}/${n.index}`, n.hash);
  });
  return read;
}

const ORIGIN = 'kiln-console.example/log';
const entries = Array.from({ length: 50 }, (_, i) => `{"n":${i}}`);
const honest = tree(entries);
const at = (size: number, read = honest) => ({ origin: ORIGIN, size, root: size === 0 ? EMPTY_ROOT : rootAt(size, read) });

describe('a witness judging a new checkpoint', () => {
  it('takes the first checkpoint it sees, and growth proved consistent', () => {
    expect(judgeCheckpoint(null, at(20), [])).toEqual({ ok: true, grew: true });
    expect(judgeCheckpoint(at(20), at(50), consistencyProof(20, 50, honest))).toEqual({ ok: true, grew: true });
    expect(judgeCheckpoint(at(50), at(50), [])).toEqual({ ok: true, grew: false });
    expect(judgeCheckpoint(at(0), at(7), [])).toEqual({ ok: true, grew: true });
  });

  it('refuses a smaller tree, another root at the same size, growth without its proof, and another log', () => {
    expect(judgeCheckpoint(at(50), at(49), [])).toMatchObject({ ok: false, reason: 'the tree shrank from 50 to 49 entries' });
    const rewritten = tree(entries.map((e, i) => (i === 3 ? '{"n":"gone"}' : e)));
    expect(judgeCheckpoint(at(50), at(50, rewritten), [])).toMatchObject({ ok: false, reason: 'another root at the same size, 50' });
    // the log rewrote entry 3 after the witness saw 20 entries: its own proof cannot bridge the two
    expect(judgeCheckpoint(at(20), at(50, rewritten), consistencyProof(20, 50, rewritten))).toMatchObject({ ok: false });
    expect(judgeCheckpoint(at(20), at(50), [])).toMatchObject({ ok: false });
    expect(judgeCheckpoint(at(20), { ...at(50), origin: 'other.example/log' }, consistencyProof(20, 50, honest))).toMatchObject({
      ok: false,
    });
  });
});
