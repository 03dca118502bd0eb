import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecentChange } from '../../../src/domain/api/admin';
import type { ApiDataProvider } from '../../../src/providers/dataProvider';

/** the provider the console's start asks through: what it answers, and how often it was asked */
const atStart = vi.hoisted(() => ({ answer: () => Promise.resolve([] as unknown[]), calls: 0 }));
vi.mock('../../../src/providers/dataProvider', () => ({
  dataProvider: {
    listRecentChanges: () => {
      atStart.calls++;
      return atStart.answer();
    },
  },
}));
vi.mock('../../../src/home/sanitizeHtml', () => ({ loadSanitizer: () => Promise.resolve((html: string) => html) }));

const CHANGE: RecentChange = { id: 1, date: '2026-01-15', title: 'Audit history', body: '<p>See past audits.</p>' };
const LATER: RecentChange = { ...CHANGE, id: 2 };

/** react-admin's wrapped provider, as Home's query receives it */
function reactAdminProvider() {
  const listRecentChanges = vi.fn(() => Promise.resolve([LATER]));
  return { provider: { listRecentChanges } as unknown as ApiDataProvider, listRecentChanges };
}

async function freshModule() {
  vi.resetModules();
  return import('../../../src/home/recentChangesFetch');
}

describe("Home's entries asked for as the console starts", () => {
  beforeEach(() => {
    atStart.calls = 0;
    atStart.answer = () => Promise.resolve([CHANGE]);
  });

  it('hands the answer asked for at start to the first query, once; later queries ask again', async () => {
    const { prefetchRecentChanges, fetchRecentChanges } = await freshModule();
    prefetchRecentChanges();
    const { provider, listRecentChanges } = reactAdminProvider();
    await expect(fetchRecentChanges(provider)).resolves.toEqual([CHANGE]);
    expect(listRecentChanges).not.toHaveBeenCalled();
    await expect(fetchRecentChanges(provider)).resolves.toEqual([LATER]);
    expect(listRecentChanges).toHaveBeenCalledTimes(1);
    expect(atStart.calls).toBe(1);
  });

  it("asks react-admin's provider again when the request at start failed, so its checks see the failure", async () => {
    atStart.answer = () => Promise.reject(new Error('401'));
    const { prefetchRecentChanges, fetchRecentChanges } = await freshModule();
    prefetchRecentChanges();
    const { provider, listRecentChanges } = reactAdminProvider();
    await expect(fetchRecentChanges(provider)).resolves.toEqual([LATER]);
    expect(listRecentChanges).toHaveBeenCalledTimes(1);
  });

  it('asks the provider when nothing was asked for at start', async () => {
    const { fetchRecentChanges } = await freshModule();
    const { provider, listRecentChanges } = reactAdminProvider();
    await expect(fetchRecentChanges(provider)).resolves.toEqual([LATER]);
    expect(listRecentChanges).toHaveBeenCalledTimes(1);
    expect(atStart.calls).toBe(0);
  });
});
