import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/apiDataProvider';
import { json, mockFetch } from '../support/renderApp';
import { makeKilnLog } from '../support/kilnLogs';

afterEach(() => vi.unstubAllGlobals());

// the one write path: archive and restore are the lists' delete, so react-admin's undoable mode needs no command of its own
describe('the kiln log resources in the data provider', () => {
  it("archives a log through the live logs' delete (POST /kilnlogs/{id}/archive); no log is deleted", async () => {
    const archived = makeKilnLog({ id: 7, archived_ts: '2026-03-02T10:00:00.000Z' });
    const fetchMock = mockFetch((url, init) =>
      url === '/api/kilnlogs/7/archive' && init.method === 'POST' ? json(archived) : json({ message: 'Not found.' }, 404),
    );
    const { data } = await dataProvider.delete('kiln_logs', { id: 7, previousData: makeKilnLog({ id: 7 }) });
    expect(data).toEqual(archived);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([['/api/kilnlogs/7/archive', 'POST']]);
  });

  it("restores an archived log through the archived logs' delete (POST /archived_kilnlogs/{id}/restore)", async () => {
    const restored = makeKilnLog({ id: 9 });
    const fetchMock = mockFetch((url, init) =>
      url === '/api/archived_kilnlogs/9/restore' && init.method === 'POST' ? json(restored) : json({ message: 'Not found.' }, 404),
    );
    const { data } = await dataProvider.delete('archived_kiln_logs', { id: 9, previousData: makeKilnLog({ id: 9 }) });
    expect(data).toEqual(restored);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([['/api/archived_kilnlogs/9/restore', 'POST']]);
  });

  it("rejects with the server's refusal, which the list reports", async () => {
    mockFetch(() => json({ message: 'Log 1 is an audited burn: it cannot be archived.' }, 409));
    await expect(dataProvider.delete('kiln_logs', { id: 1, previousData: makeKilnLog({ id: 1 }) })).rejects.toMatchObject({
      status: 409,
      message: 'Log 1 is an audited burn: it cannot be archived.',
    });
  });
});
