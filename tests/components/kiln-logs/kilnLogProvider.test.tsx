import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/apiDataProvider';
import { json, mockFetch } from '../support/renderApp';
import { makeKilnLog } from '../support/kilnLogs';

afterEach(() => vi.unstubAllGlobals());

// archive and restore are the provider's own methods, not a delete in disguise (one write path)
describe('the kiln log commands in the data provider', () => {
  it.each([
    [
      'archives a log (POST /kilnlogs/{id}/archive); no log is deleted',
      (id: number) => dataProvider.archiveKilnLog(id),
      '/api/kilnlogs/7/archive',
      makeKilnLog({ id: 7, archived_ts: '2026-03-02T10:00:00.000Z' }),
    ],
    [
      'restores an archived log (POST /archived_kilnlogs/{id}/restore)',
      (id: number) => dataProvider.restoreKilnLog(id),
      '/api/archived_kilnlogs/9/restore',
      makeKilnLog({ id: 9 }),
    ],
  ])('%s', async (_title, command, path, answer) => {
    const fetchMock = mockFetch((url, init) =>
      url === path && init.method === 'POST' ? json(answer) : json({ message: 'Not found.' }, 404),
    );
    const data = await command(answer.id);
    expect(data).toEqual(answer);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([[path, 'POST']]);
  });

  it("rejects with the server's refusal, which the list reports", async () => {
    mockFetch(() => json({ message: 'Log 1 is an audited burn: it cannot be archived.' }, 409));
    await expect(dataProvider.archiveKilnLog(1)).rejects.toMatchObject({
      status: 409,
      message: 'Log 1 is an audited burn: it cannot be archived.',
    });
  });

  it.each(['kiln_logs', 'archived_kiln_logs'])(
    "refuses react-admin's delete on %s before any call: it archives nothing",
    async (resource) => {
      const fetchMock = mockFetch(() => json(makeKilnLog({ id: 7 })));
      const previousData = makeKilnLog({ id: 7 });
      await expect(dataProvider.delete(resource, { id: 7, previousData })).rejects.toThrow('These records are not deleted.');
      await expect(dataProvider.deleteMany(resource, { ids: [7] })).rejects.toThrow('These records are not deleted.');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
