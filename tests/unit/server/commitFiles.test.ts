import { describe, expect, it } from 'vitest';
import type { Blobs } from '../../../mock-server/blobs/blobs';
import { allEnded, commitFiles } from '../../../mock-server/store/commit';

/**
 * A change's files are written first and its record last (mock-server/store/commit.ts):
 * when the record cannot be written the files go, and with allEnded no write still
 * under way puts a file back after its clean-up.
 */

/** a folder of files in memory, writes ending when the test says */
function memoryBlobs() {
  const files = new Set<string>();
  const blobs = {
    put: async (key: string) => void files.add(key),
    remove: async (key: string) => void files.delete(key),
  } as unknown as Blobs;
  const slowPut = (key: string) => {
    let end!: () => void;
    const written = new Promise<void>((resolve) => (end = resolve)).then(() => void files.add(key));
    return { written, end };
  };
  return { files, blobs, slowPut };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('commitFiles with allEnded', () => {
  it('answers every result in order once all ended', async () => {
    await expect(allEnded([Promise.resolve(1), Promise.resolve('two'), Promise.resolve(null)])).resolves.toEqual([1, 'two', null]);
  });

  it('throws the first failure only after the writes still under way have ended, so the clean-up leaves no file', async () => {
    const { files, blobs, slowPut } = memoryBlobs();
    const slow = slowPut('analysis/7.json');
    let settled = false;
    const change = commitFiles(blobs, {
      added: ['kilnlogs/a.csv', 'analysis/7.json'],
      async write() {
        await blobs.put('kilnlogs/a.csv', Buffer.from(''));
        await allEnded([Promise.reject(new Error('database down')), slow.written]);
        return 'stored';
      },
    }).finally(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    slow.end();
    await expect(change).rejects.toThrow('database down');
    expect([...files]).toEqual([]);
  });

  it('keeps the files of a change whose record was written', async () => {
    const { files, blobs } = memoryBlobs();
    await commitFiles(blobs, {
      added: ['kilnlogs/b.csv'],
      async write() {
        await allEnded([blobs.put('kilnlogs/b.csv', Buffer.from(''))]);
        return 'stored';
      },
    });
    expect([...files]).toEqual(['kilnlogs/b.csv']);
  });
});
