import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { BufferSharePanel } from '../../../src/admin/BufferSharePanel';
import { StatisticsPanel } from '../../../src/admin/StatisticsPanel';
import type { Statistics } from '../../../src/domain/api/admin';
import { fakeProvider } from '../eco-assets/ecoFixtures';
import { renderWithNotification } from '../support/renderInAdmin';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { confirmDelete, deletesOf, expectNotified, quietFailedCalls } from '../support/writeOutcome';

quietFailedCalls();
// whole-console renders on a loaded 2-core machine
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30000 });

/** The Admin screen's writes follow the one outcome policy of every form (forms/useFormSave.ts). */

const STATS = { computed_ts: '2026-05-01T10:00:00.000Z', valid_kilnlogs: 316 } as Statistics;

describe('Update Statistics', () => {
  it('notifies a failure with the unknown server error and keeps the counts shown', async () => {
    const updateStatistics = vi.fn().mockRejectedValue(new HttpError('boom', 500, { message: 'boom' }));
    renderWithNotification(<StatisticsPanel />, fakeProvider({ getStatistics: async () => STATS, updateStatistics }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Update Statistics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown server error. Try again later or contact support.');
    expect(within(screen.getByText('Valid logs').parentElement!).getByText('316')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Statistics' })).toBeEnabled());
  });
});

describe('the buffer share', () => {
  const share = async () => ({ buffer_percent: 10, set_ts: null, set_by_username: null });

  async function saveShare(percent: string) {
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Buffer share (%)' });
    await waitFor(() => expect(field).toHaveValue('10'));
    await user.clear(field);
    await user.type(field, percent);
    await user.click(screen.getByRole('button', { name: 'Save Buffer Share' }));
    return { user, field };
  }

  it("puts a 400's reason on the share until it is changed, and says so", async () => {
    const reason = 'buffer_percent must not change while a mint is under way.';
    const setBufferShare = vi.fn().mockRejectedValue(new HttpError(reason, 400, { message: reason, errors: { buffer_percent: reason } }));
    renderWithNotification(
      <BufferSharePanel />,
      fakeProvider({ getBufferShare: share, listBufferShareChanges: async () => [], setBufferShare }),
    );
    const { user, field } = await saveShare('15');
    await expectNotified('Error saving the buffer share', reason);
    expect(field).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('button', { name: 'Save Buffer Share' })).toBeDisabled();
    await user.type(field, '.5');
    expect(field).toHaveAccessibleDescription('0 to 50, at most 2 decimals');
    expect(screen.getByRole('button', { name: 'Save Buffer Share' })).toBeEnabled();
  });

  it('judges the share as it is typed with the rule the server applies, and after a save shows the share saved', async () => {
    const setBufferShare = vi.fn(async ({ buffer_percent }: { buffer_percent: number }) => ({
      buffer_percent,
      set_ts: '2026-11-04T11:00:00.000Z',
      set_by_username: 'superadmin',
    }));
    renderWithNotification(
      <BufferSharePanel />,
      fakeProvider({ getBufferShare: share, listBufferShareChanges: async () => [], setBufferShare }),
    );
    const field = await screen.findByRole('textbox', { name: 'Buffer share (%)' });
    await waitFor(() => expect(field).toHaveValue('10'));
    expect(field).toHaveAccessibleDescription('0 to 50, at most 2 decimals');
    expect(screen.getByRole('button', { name: 'Save Buffer Share' })).toBeDisabled();
    const user = userEvent.setup();
    await user.type(field, '0');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Must be between 0 and 50.'));
    expect(screen.getByRole('button', { name: 'Save Buffer Share' })).toBeDisabled();
    // typed back to the share in force: nothing to save, and nothing wrong
    await user.type(field, '{Backspace}');
    await waitFor(() => expect(field).toHaveAccessibleDescription('0 to 50, at most 2 decimals'));
    expect(screen.getByRole('button', { name: 'Save Buffer Share' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '12.5');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Buffer Share' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save Buffer Share' }));
    expect(await screen.findByText('Buffer share saved.')).toBeInTheDocument();
    expect(setBufferShare).toHaveBeenCalledWith({ buffer_percent: 12.5 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Buffer Share' })).toBeDisabled());
    expect(screen.getByRole('textbox', { name: 'Buffer share (%)' })).toHaveValue('12.5');
  });

  it('notifies a 500 with the server error text', async () => {
    const setBufferShare = vi.fn().mockRejectedValue(new HttpError('boom', 500, { message: 'boom' }));
    renderWithNotification(
      <BufferSharePanel />,
      fakeProvider({ getBufferShare: share, listBufferShareChanges: async () => [], setBufferShare }),
    );
    await saveShare('15');
    await expectNotified('Error saving the buffer share', 'Unknown server error. Try again later or contact support.');
  });
});

describe('a Recent Changes entry', () => {
  it("puts a 400's reason on its field and notifies a 500", async () => {
    await logInAs(0, 'superadmin');
    const reason = 'title is too long.';
    let status = 400;
    mockFetch((url, init) =>
      url === '/api/admin/changes' && init.method === 'POST'
        ? json(status === 400 ? { message: reason, errors: { title: reason } } : { message: 'boom' }, status)
        : json([]),
    );
    renderApp('/admin/changes/create');
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.type(title, 'Dark mode');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectNotified('Server communication error', reason);
    await waitFor(() => expect(title).toHaveAccessibleDescription(reason));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/changes/create');

    status = 500;
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(/^Server communication error$/));
  });
});

describe("a Recent Changes entry's delete", () => {
  const ENTRY = { id: 5, date: '2026-10-09', title: 'Dark mode', body: '<p>Dark mode.</p>' };

  /** Entry 5 in the editor, deleted after the confirmation; `answer` answers the DELETE. */
  async function deleteEntry(answer: () => Response) {
    await logInAs(0, 'superadmin');
    const fetchMock = mockFetch((url, init) => {
      if (init.method === 'DELETE') return answer();
      return url === '/api/admin/changes/5' ? json(ENTRY) : json([]);
    });
    renderApp('/admin/changes/5');
    await screen.findByDisplayValue('Dark mode');
    await confirmDelete();
    return fetchMock;
  }

  it('notifies a success as every write does and returns to Admin', async () => {
    const fetchMock = await deleteEntry(() => json(ENTRY));
    expect(await screen.findByText('Entry deleted.')).toBeInTheDocument();
    expect(deletesOf(fetchMock)).toEqual(['/api/admin/changes/5']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });

  it.each([
    { status: 403, sentence: 'You may not update statistics.' },
    { status: 409, sentence: 'The entry was changed meanwhile.' },
  ])("notifies a refusal ($status) with the entry's save title and the server's sentence, and stays", async ({ status, sentence }) => {
    await deleteEntry(() => json({ message: sentence }, status));
    await expectNotified('Server communication error', sentence);
    expect(screen.queryByText('Entry deleted.')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/changes/5');
  });

  it('notifies a 500 with the title alone, as a failed save of the entry', async () => {
    await deleteEntry(() => json({ message: 'boom' }, 500));
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(/^Server communication error$/));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/changes/5');
  });
});
