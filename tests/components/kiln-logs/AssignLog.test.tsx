import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { jsonBody, makeKiln } from '../support/configure';
import { makeKilnLog, page } from '../support/kilnLogs';

afterEach(() => vi.unstubAllGlobals());

const LOADED = { timeout: 25000 };

const FILED = makeKilnLog({ id: 1, kiln_id: 'CG1-0007' });
const PENDING = makeKilnLog({ id: 2, kiln_id: 'CG1-0026', kiln_pending: true });
const UNASSIGNED = makeKilnLog({
  id: 3,
  kiln_id: 'RTR-0011-X',
  kiln: null,
  facility_id: null,
  facility_name: null,
  gps_in_range: null,
  analysis: null,
  analysis_detail: null,
  valid: false,
  error_message: "Unknown kiln 'RTR-0011-X'.",
});
const REGISTRY = {
  kilns: [makeKiln({ id: 12, kiln_id: 'RTR-0011', facility_id: 4, facility_mnemonic: 'RIV', facility_name: 'Riverina Carbon Farm' })],
  facilities: [{ id: 4, mnemonic: 'RIV', name: 'Riverina Carbon Farm' }],
};

function serveKilnLogs() {
  return mockFetch((url, init) => {
    if (url.startsWith('/api/kilnlogs?')) return page([FILED, PENDING, UNASSIGNED]);
    if (url === '/api/kiln/registry/list') return json(REGISTRY);
    if (init.method === 'POST' && url === '/api/kilnlogs/3/assign')
      return json({ ...UNASSIGNED, kiln: 12, facility_id: 4, facility_name: 'Riverina Carbon Farm' });
    return json({ message: 'Not found.' }, 404);
  });
}

const rowOf = (kilnId: string) => within(screen.getByText(kilnId).closest('tr') as HTMLElement);

describe('Kiln Logs: pending burns and unassigned logs', { timeout: 60000 }, () => {
  it('marks a burn of a pending kiln Pending, and offers a super-admin Assign on the unassigned log only', async () => {
    await logInAs(0, 'superadmin');
    const fetchMock = serveKilnLogs();
    renderApp('/kiln_logs');
    await screen.findByText('RTR-0011-X', {}, LOADED);
    expect(rowOf('CG1-0026').getByText('Pending')).toBeInTheDocument();
    expect(rowOf('CG1-0007').queryByText('Pending')).not.toBeInTheDocument();
    expect(rowOf('CG1-0007').queryByRole('button', { name: 'Assign to a kiln' })).not.toBeInTheDocument();
    expect(rowOf('CG1-0026').queryByRole('button', { name: 'Assign to a kiln' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(rowOf('RTR-0011-X').getByRole('button', { name: 'Assign to a kiln' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign log 3 to a kiln' }));
    await user.click(dialog.getByRole('combobox', { name: 'Kiln' }));
    await user.click(await screen.findByRole('option', { name: 'RTR-0011 · RIV' }));
    await user.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Kiln log assigned and analysed.')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url === '/api/kilnlogs/3/assign');
    expect(posts).toHaveLength(1);
    expect(jsonBody(posts[0][1]!)).toEqual({ kiln: 12 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign log 3 to a kiln' })).not.toBeInTheDocument());
  });

  it('offers a kiln file admin no Assign', async () => {
    await logInAs(3, 'kilnadmin');
    serveKilnLogs();
    renderApp('/kiln_logs');
    await screen.findByText('RTR-0011-X', {}, LOADED);
    expect(screen.queryByRole('button', { name: 'Assign to a kiln' })).not.toBeInTheDocument();
  });
});
