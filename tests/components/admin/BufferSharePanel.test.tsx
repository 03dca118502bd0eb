import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BufferSharePanel } from '../../../src/admin/BufferSharePanel';
import type { BufferShare, BufferShareChange } from '../../../src/domain/api/ecoAssets';
import { formatDateTime } from '../../../src/domain/dates';
import { renderInAdmin } from '../support/renderInAdmin';
import { fakeProvider } from '../eco-assets/ecoFixtures';

configure({ asyncUtilTimeout: 5000 });

const SEEDED: BufferShareChange = { id: 1, buffer_percent: 10, actor_id: null, actor_username: null, ts: '2026-11-01T08:00:00.000Z' };
const BY_GONE_USER: BufferShareChange = { id: 2, buffer_percent: 5, actor_id: 7, actor_username: null, ts: '2026-11-02T09:00:00.000Z' };
const BY_SUPERADMIN: BufferShareChange = {
  id: 3,
  buffer_percent: 12.5,
  actor_id: 1,
  actor_username: 'superadmin',
  ts: '2026-11-03T10:30:00.000Z',
};

/** the trail's rows below its head, each as [When, By, What] */
const trailRows = () =>
  within(screen.getByRole('region', { name: 'Changes to the buffer share' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Admin: the buffer share', { timeout: 20000 }, () => {
  it('shows beside the setting every share set, newest first, with who set it, what it was and when', async () => {
    const share: BufferShare = { buffer_percent: 12.5, set_ts: BY_SUPERADMIN.ts, set_by_username: 'superadmin' };
    renderInAdmin(
      <BufferSharePanel />,
      fakeProvider({ getBufferShare: async () => share, listBufferShareChanges: async () => [BY_SUPERADMIN, BY_GONE_USER, SEEDED] }),
    );
    await waitFor(() => expect(trailRows()).toHaveLength(3));
    expect(trailRows()).toEqual([
      [formatDateTime(BY_SUPERADMIN.ts), 'superadmin', 'Set from 5 % to 12.5 %'],
      [formatDateTime(BY_GONE_USER.ts), 'user #7', 'Set from 10 % to 5 %'],
      [formatDateTime(SEEDED.ts), 'the demo data', 'Set from 0 % to 10 %'],
    ]);
    // the setting and its trail are one card
    expect(
      within(screen.getByRole('region', { name: 'Buffer Pool' })).getByRole('region', { name: 'Changes to the buffer share' }),
    ).toBeInTheDocument();
  });

  it('says so when no share was set, and reads the trail again once a share is saved', async () => {
    let trail: BufferShareChange[] = [];
    const setBufferShare = vi.fn(async ({ buffer_percent }: { buffer_percent: number }) => {
      trail = [{ id: 4, buffer_percent, actor_id: 1, actor_username: 'superadmin', ts: '2026-11-04T11:00:00.000Z' }];
      return { buffer_percent, set_ts: trail[0].ts, set_by_username: 'superadmin' };
    });
    renderInAdmin(
      <BufferSharePanel />,
      fakeProvider({
        getBufferShare: async () => ({ buffer_percent: 0, set_ts: null, set_by_username: null }),
        listBufferShareChanges: async () => trail,
        setBufferShare,
      }),
    );
    expect(await screen.findByText('No buffer share set yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Buffer share (%)' });
    await user.clear(field);
    await user.type(field, '15');
    await user.click(screen.getByRole('button', { name: 'Save Buffer Share' }));
    expect(setBufferShare).toHaveBeenCalledWith({ buffer_percent: 15 });
    await waitFor(() => expect(trailRows()).toEqual([[formatDateTime('2026-11-04T11:00:00.000Z'), 'superadmin', 'Set from 0 % to 15 %']]));
  });

  it('says so when the trail cannot be read', async () => {
    renderInAdmin(
      <BufferSharePanel />,
      fakeProvider({
        getBufferShare: async () => ({ buffer_percent: 0, set_ts: null, set_by_username: null }),
        listBufferShareChanges: () => Promise.reject(new Error('down')),
      }),
    );
    expect(await screen.findByText('The changes to the buffer share could not be loaded.')).toBeInTheDocument();
  });
});
