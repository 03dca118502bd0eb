import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/apiDataProvider';
import { json, mockFetch } from '../support/renderApp';
import { makeKilnLog } from '../support/kilnLogs';

afterEach(() => vi.unstubAllGlobals());

// the one write path: archive and restore are the lists' delete, so react-admin's undoable mode needs no command of its own
describe('the kiln log resources in the data provider', () => {
  it.each([
    [
      "archives a log through the live logs' delete (POST /kilnlogs/{id}/archive); no log is deleted",
      'kiln_logs',
      '/api/kilnlogs/7/archive',
      makeKilnLog({ id: 7, archived_ts: '2026-03-02T10:00:00.000Z' }),
    ],
    [
      "restores an archived log through the archived logs' delete (POST /archived_kilnlogs/{id}/restore)",
      'archived_kiln_logs',
      '/api/archived_kilnlogs/9/restore',
      makeKilnLog({ id: 9 }),
    ],
  ])('%s', async (_title, resource, path, answer) => {
    const fetchMock = mockFetch((url, init) =>
      url === path && init.method === 'POST' ? json(answer) : json({ message: 'Not found.' }, 404),
    );
    const { data } = await dataProvider.delete(resource, { id: answer.id, previousData: makeKilnLog({ id: answer.id }) });
    expect(data).toEqual(answer);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([[path, 'POST']]);
  });

  it("rejects with the server's refusal, which the list reports", async () => {
    mockFetch(() => json({ message: 'Log 1 is an audited burn: it cannot be archived.' }, 409));
    await expect(dataProvider.delete('kiln_logs', { id: 1, previousData: makeKilnLog({ id: 1 }) })).rejects.toMatchObject({
      status: 409,
      message: 'Log 1 is an audited burn: it cannot be archived.',
    });
  });
});
