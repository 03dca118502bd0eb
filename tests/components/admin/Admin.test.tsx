import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Statistics } from '../../../src/domain/api/admin';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';

afterEach(() => vi.unstubAllGlobals());
// whole-console renders on a loaded 2-core machine
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30000 });

const STATS: Statistics = {
  computed_ts: '2026-05-01T10:00:00.000Z',
  users: 6,
  facilities: 4,
  kilns: 12,
  kilnlogs: 390,
  valid_kilnlogs: 316,
  invalid_kilnlogs: 66,
  error_kilnlogs: 8,
  archived_kilnlogs: 10,
  audits_proposed: 1,
  audits_signed_off: 3,
  eco_assets: 2,
  storage_bytes: 3 * 1024 * 1024,
  audited_co2: 12345.6,
  utilised_co2: 2000,
  audited_biochar: 5000,
};

const changesPage = () =>
  new Response(JSON.stringify([{ id: 1, date: '2026-10-09', title: 'Dark mode', body: '<p>x</p>' }]), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Content-Range': 'items 0-0/1' },
  });

describe('Admin', () => {
  it('shows the statistics and counts them again on Update Statistics', async () => {
    await logInAs(0, 'superadmin');
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/admin/statistics') return json(STATS);
      if (url === '/api/admin/statistics/update') return json({ ...STATS, valid_kilnlogs: 317, computed_ts: '2026-05-02T10:00:00.000Z' });
      if (url.startsWith('/api/admin/changes')) return changesPage();
      return json([]);
    });
    renderApp('/admin');
    const valid = (await screen.findByText('Valid logs')).parentElement!;
    expect(within(valid).getByText('316')).toBeInTheDocument();
    expect(within(screen.getByText('Audited CO2').parentElement!).getByText('12,346 kg')).toBeInTheDocument();
    expect(within(screen.getByText('Storage used').parentElement!).getByText(/^3(\.0+)? MB$/)).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Dark mode' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Statistics' }));
    await waitFor(() => expect(within(screen.getByText('Valid logs').parentElement!).getByText('317')).toBeInTheDocument());
    expect(calls).toContain('POST /api/admin/statistics/update');
  });

  it('is not open to a role without update statistics', async () => {
    await logInAs(2, 'useradmin');
    mockFetch(() => json([]));
    renderApp('/admin');
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});

describe('Home', () => {
  it('sanitises Recent Changes bodies again in the browser, whatever the server sent', async () => {
    await logInAs(3);
    mockFetch(() =>
      json([
        {
          id: 1,
          date: '2026-10-09',
          title: 'Tampered',
          body: '<p onclick="steal()">Hello<script>window.hacked=1</script><img src=x onerror="window.hacked=1"><a href="javascript:alert(1)">link</a></p>',
        },
      ]),
    );
    const { container } = renderApp('/home');
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('Hello')).toBeInTheDocument();
    expect(container.querySelector('script, img, [onclick]')).toBeNull();
    expect(within(item).getByText('link')).not.toHaveAttribute('href');
  });
});
