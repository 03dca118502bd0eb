import { describe, expect, it, vi } from 'vitest';
import { copyChecksSettled, queueCopyCheck } from '../../../mock-server/fleet/copyCheck';
import type { DataStore } from '../../../mock-server/store/dataStore';

/** The copy check's queue (mock-server/fleet/copyCheck.ts): one check at a time, after the caller, never a thrown error. */
describe('the copy check queue', () => {
  it('runs each server\u2019s checks one at a time in order, after the caller goes on, and logs a failed one without throwing', async () => {
    const order: string[] = [];
    let running = 0;
    const records = vi.fn(async ([id]: readonly number[]) => {
      running++;
      expect(running).toBe(1);
      order.push(`start ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`end ${id}`);
      running--;
      if (id === 2) throw new Error('the store is gone');
      return [];
    });
    const data = { fleet: { records } } as unknown as DataStore;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const files = { readRaw: () => Promise.reject(new Error('never read')) };
    queueCopyCheck({ data, files }, 1);
    queueCopyCheck({ data, files }, 2);
    queueCopyCheck({ data, files }, 3);
    // nothing ran within the caller's turn
    expect(order).toEqual([]);
    await copyChecksSettled(data);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0][0])).toContain('Copy check of log 2 failed');
    errors.mockRestore();
    // a store with nothing queued is settled at once
    await copyChecksSettled({} as DataStore);
  });
});
