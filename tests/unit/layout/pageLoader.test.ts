import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pageLoader } from '../../../src/layout/pageLoader';

const Page: ComponentType = () => null;

describe('pageLoader', () => {
  it('fetches a page once however often it is asked for, and holds the page once it has arrived', async () => {
    const importPage = vi.fn(() => Promise.resolve({ default: Page }));
    const load = pageLoader(importPage);
    expect(load.loaded).toBeUndefined();
    const first = load();
    const second = load();
    expect(second).toBe(first);
    await first;
    await load();
    expect(importPage).toHaveBeenCalledTimes(1);
    expect(load.loaded).toBe(Page);
  });

  it('asks again after a failed fetch, so a retry can still bring the page', async () => {
    const importPage = vi
      .fn<() => Promise<{ default: ComponentType }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Page });
    const load = pageLoader(importPage);
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(load.loaded).toBeUndefined();
    await expect(load()).resolves.toEqual({ default: Page });
    expect(importPage).toHaveBeenCalledTimes(2);
    expect(load.loaded).toBe(Page);
  });
});
