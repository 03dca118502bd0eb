import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { FACILITY_LIST, makeFacility } from '../../helpers/facilities';
import { jsonBody } from '../support/configure';
import { editedFacility, openFacilitiesAs } from '../support/facilities';
import type { FacilityChange } from '../../../src/domain/api/configure';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LOADED = { timeout: 5000 };
const CREDIT_FIELDS = [/^Latitude Min/, /^Latitude Max/, /^Longitude Min/, /^Longitude Max/, /^WICF/, /^Carbon Removal Factor/];

const TRAIL: FacilityChange[] = [
  {
    id: 2,
    facility_id: 1,
    actor_id: 1,
    actor_username: 'superadmin',
    action: 'approve_kiln',
    detail: { kiln: { id: 13, kiln_id: 'CG1-0026' } },
    ts: '2026-11-25T10:00:00.000Z',
  },
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

const openFacilities = (role: 0 | 4) => openFacilitiesAs(role, { trail: TRAIL });

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
    expect(editedFacility(fetchMock)).toMatchObject({
      name: 'Nairobi Char Works!',
      latMin: -1.5,
      latMax: -1.1,
      config: { cgo1: { wicf: 0.4, carbonRemovalFactor: 2.5 } },
    });
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

  it('words the key and signed-burns entries', async () => {
    const fingerprint = 'ab12cd34ef56ab12'.repeat(4);
    const kiln = { id: 2, kiln_id: 'CG1-0012' };
    const key = { id: 7, fingerprint, label: 'Main board' };
    const entries: FacilityChange[] = [
      { ...TRAIL[0], id: 5, action: 'signed_burns_only', detail: { signed_burns_only: { from: false, to: true } } },
      { ...TRAIL[0], id: 4, action: 'revoke_kiln_key', detail: { kiln, key } },
      { ...TRAIL[0], id: 3, action: 'add_kiln_key', detail: { kiln, key } },
    ];
    await logInAs(0, 'superadmin');
    mockFetch((url) => {
      if (url.startsWith('/api/facilities?')) return json(FACILITY_LIST);
      if (url === '/api/facility/1/changes') return json(entries);
      return json({ message: 'Not found.' }, 404);
    });
    renderApp('/facilities');
    await screen.findByText('Nairobi Char Works', {}, LOADED);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Changes to the GPS box, factors and kilns of NCW' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit trail – NCW' }));
    expect(await dialog.findByText('Audits: Signed burns only')).toBeInTheDocument();
    expect(dialog.getByText('Revoked key Main board (ab12 cd34 ef56 ab12…) of kiln CG1-0012')).toBeInTheDocument();
    expect(dialog.getByText('Added key Main board (ab12 cd34 ef56 ab12…) to kiln CG1-0012')).toBeInTheDocument();
  });

  it('is not offered to a facility admin', async () => {
    await openFacilities(4);
    expect(screen.queryByRole('button', { name: /^Changes to the GPS box/ })).not.toBeInTheDocument();
  });
});

describe("whether a facility's audits take only device-signed burns", { timeout: 30000 }, () => {
  /** NCW takes any burn, KSM only signed ones; the setting call answers `answer` and changes NCW's. */
  function serve(answer: (body: unknown) => Response = (body) => json(body)) {
    let ncw = makeFacility();
    return mockFetch((url, init) => {
      if (url.startsWith('/api/facilities?'))
        return json({ ...FACILITY_LIST, facilities: [ncw, { ...FACILITY_LIST.facilities[1], signed_burns_only: true }] });
      if (url === '/api/facility/1/signed-burns' && init.method === 'POST') {
        const body = jsonBody(init) as { signed_burns_only: boolean };
        const res = answer(body);
        if (res.ok) ncw = { ...ncw, signed_burns_only: body.signed_burns_only };
        return res;
      }
      return json({ message: 'Not found.' }, 404);
    });
  }
  const rowOf = (name: string) => within(screen.getByText(name).closest('tr') as HTMLElement);

  it('is shown to a facility admin, who has no switch', async () => {
    await logInAs(4, 'facilityadmin');
    serve();
    renderApp('/facilities');
    await screen.findByText('Nairobi Char Works', {}, LOADED);
    expect(screen.getByRole('columnheader', { name: 'Audits Take' })).toBeInTheDocument();
    expect(rowOf('Nairobi Char Works').getByText('Any burn')).toBeInTheDocument();
    expect(rowOf('Kisumu Biochar').getByText('Signed burns only')).toBeInTheDocument();
    // the rules are known once the actions they allow are shown
    await screen.findByRole('button', { name: 'Edit facility NCW' }, LOADED);
    expect(screen.queryByRole('switch', { name: /take only device-signed burns/ })).not.toBeInTheDocument();
  });

  it('is switched by a super-admin: the call names the facility and the setting, and the row shows it stored', async () => {
    await logInAs(0, 'superadmin');
    const fetchMock = serve();
    renderApp('/facilities');
    await screen.findByText('Nairobi Char Works', {}, LOADED);
    const ncw = await screen.findByRole('switch', { name: 'Audits of NCW take only device-signed burns' });
    expect(ncw).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Audits of KSM take only device-signed burns' })).toBeChecked();
    await userEvent.setup().click(ncw);
    expect(await screen.findByText('Audits of NCW now take only device-signed burns.', {}, LOADED)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Audits of NCW take only device-signed burns' })).toBeChecked());
    expect(rowOf('Nairobi Char Works').getByText('Signed burns only')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/facility/1/signed-burns');
    expect(calls.map(([, init]) => jsonBody(init!))).toEqual([{ signed_burns_only: true }]);
  });

  it("shows the server's refusal and keeps the setting as it was", async () => {
    await logInAs(0, 'superadmin');
    serve(() => json({ message: 'Only a super-admin decides this.' }, 403));
    renderApp('/facilities');
    await screen.findByText('Nairobi Char Works', {}, LOADED);
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Audits of NCW take only device-signed burns' }));
    expect(await screen.findByText('Only a super-admin decides this.', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('Error changing which burns audits take.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Audits of NCW take only device-signed burns' })).not.toBeChecked();
  });
});
