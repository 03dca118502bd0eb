import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { FACILITY_LIST } from '../../helpers/facilities';
import { jsonBody } from '../support/configure';
import type { FacilityChange } from '../../../src/domain/api/configure';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LOADED = { timeout: 5000 };
const CREDIT_FIELDS = [/^Latitude Min/, /^Latitude Max/, /^Longitude Min/, /^Longitude Max/, /^WICF/, /^Carbon Removal Factor/];

const TRAIL: FacilityChange[] = [
  { id: 2, facility_id: 1, actor_id: 1, actor_username: 'superadmin', action: 'approve_kiln', detail: { kiln: { id: 13, kiln_id: 'CG1-0026' } }, ts: '2026-11-25T10:00:00.000Z' },
  {
    id: 1,
    facility_id: 1,
    actor_id: 1,
    actor_username: 'superadmin',
    action: 'update',
    detail: { values: { carbon_removal_factor: { from: 2.44, to: 2.5 } } },
    ts: '2026-11-24T10:00:00.000Z',
  },
];

async function openFacilities(role: 0 | 4) {
  await logInAs(role, role === 0 ? 'superadmin' : 'facilityadmin');
  const fetchMock = mockFetch((url, init) => {
    if (url.startsWith('/api/facilities?')) return json(FACILITY_LIST);
    if (url === '/api/facility/1/changes') return json(TRAIL);
    if (init.method === 'POST') return json({ status: 1 });
    return json({ message: 'Not found.' }, 404);
  });
  renderApp('/facilities');
  await screen.findByText('Nairobi Char Works', {}, LOADED);
  return { user: userEvent.setup(), fetchMock };
}

const editDialog = () => within(screen.getByRole('dialog', { name: 'Edit Facility' }));

describe("a facility's GPS box and carbon factors in the Facilities modal", { timeout: 30000 }, () => {
  it("are read-only for a facility admin, who still saves the facility's name with them unchanged", async () => {
    const { user, fetchMock } = await openFacilities(4);
    await user.click(screen.getByRole('button', { name: 'Edit facility NCW' }));
    const dialog = editDialog();
    for (const field of CREDIT_FIELDS) expect(dialog.getByRole('textbox', { name: field })).toHaveAttribute('readonly');
    expect(dialog.getAllByText('Set by a super-admin only.')).toHaveLength(CREDIT_FIELDS.length);
    expect(dialog.getByText(/only a super-admin changes them/)).toBeInTheDocument();
    // typing into a read-only field changes nothing
    await user.type(dialog.getByRole('textbox', { name: /^Latitude Min/ }), '9');
    expect(dialog.getByRole('textbox', { name: /^Latitude Min/ })).toHaveValue('-1.5');
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), '!');
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/facility/edit')).toHaveLength(1));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/facility/edit')!;
    expect(jsonBody(init!)).toMatchObject({ name: 'Nairobi Char Works!', latMin: -1.5, latMax: -1.1, config: { cgo1: { wicf: 0.4, carbonRemovalFactor: 2.5 } } });
  });

  it('are editable for a super-admin', async () => {
    const { user } = await openFacilities(0);
    await user.click(screen.getByRole('button', { name: 'Edit facility NCW' }));
    const dialog = editDialog();
    for (const field of CREDIT_FIELDS) expect(dialog.getByRole('textbox', { name: field })).not.toHaveAttribute('readonly');
    expect(dialog.queryByText('Set by a super-admin only.')).not.toBeInTheDocument();
  });
});

describe("a facility's credit trail", { timeout: 30000 }, () => {
  it('is offered to a super-admin, who reads who changed what and when', async () => {
    const { user } = await openFacilities(0);
    await user.click(screen.getByRole('button', { name: 'Changes to the GPS box, factors and kilns of NCW' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit trail – NCW' }));
    expect(await dialog.findByText('Approved kiln CG1-0026')).toBeInTheDocument();
    expect(dialog.getByText('Changed; Carbon Removal Factor 2.44 → 2.5')).toBeInTheDocument();
    expect(dialog.getAllByText('superadmin')).toHaveLength(2);
  });

  it('is not offered to a facility admin', async () => {
    await openFacilities(4);
    expect(screen.queryByRole('button', { name: /^Changes to the GPS box/ })).not.toBeInTheDocument();
  });
});
