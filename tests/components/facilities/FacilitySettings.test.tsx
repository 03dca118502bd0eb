import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { FACILITY_LIST, makeFacility } from '../../helpers/facilities';
import { editedFacility, openFacilitiesAs } from '../support/facilities';
import type { FacilityChange } from '../../../src/domain/api/configure';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CONDITIONS = { gases_recovered_or_combusted: true, heat_used: false, pollution_control: true, temperature_measured: false };
const NCW = makeFacility({ batch_period_days: 14, vm0044_high_tech_conditions: CONDITIONS, temperature_monitored: false });
const TRAIL: FacilityChange[] = [
  {
    id: 1,
    facility_id: 1,
    actor_id: 1,
    actor_username: 'superadmin',
    action: 'update',
    detail: { settings: { batch_period_days: { from: 31, to: 14 }, temperature_monitored: { from: false, to: true } } },
    ts: '2026-11-24T10:00:00.000Z',
  },
];

const openEdit = (role: 0 | 4) =>
  openFacilitiesAs(role, { list: { ...FACILITY_LIST, facilities: [NCW, FACILITY_LIST.facilities[1]] }, trail: TRAIL });

describe("a facility's batch and methodology settings in its form", { timeout: 30000 }, () => {
  it('are set by a super-admin: the period, each VM0044 condition and the temperature monitoring, sent with the edit', async () => {
    const { user, fetchMock } = await openEdit(0);
    await user.click(screen.getByRole('button', { name: 'Edit facility NCW' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Facility' }));
    const period = dialog.getByRole('textbox', { name: /^Batch Period \(days\)/ });
    expect(period).toHaveValue('14');
    expect(dialog.getByRole('checkbox', { name: 'Pyrolysis gases recovered or combusted' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'At least 70 % of the heat used' })).not.toBeChecked();
    await user.clear(period);
    expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
    await user.type(period, '0');
    expect(dialog.getByText('Must be between 1 and 3660.')).toBeInTheDocument();
    await user.clear(period);
    await user.type(period, '28');
    await user.click(dialog.getByRole('checkbox', { name: 'At least 70 % of the heat used' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Production temperature monitored' }));
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/facility/edit')).toBe(true));
    expect(editedFacility(fetchMock)).toMatchObject({
      batch_period_days: 28,
      vm0044_high_tech_conditions: { ...CONDITIONS, heat_used: true },
      temperature_monitored: true,
    });
  });

  it('are shown to a facility admin in words, with no input, and left out of the edit', async () => {
    const { user, fetchMock } = await openEdit(4);
    await user.click(screen.getByRole('button', { name: 'Edit facility NCW' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Facility' }));
    expect(dialog.getByText('Batch period: 14 days')).toBeInTheDocument();
    expect(
      dialog.getByText('VM0044 high-tech conditions met: Pyrolysis gases recovered or combusted, Pollution control in place'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Production temperature not monitored')).toBeInTheDocument();
    expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: /^Batch Period/ })).not.toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), '!');
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/facility/edit')).toBe(true));
    const body = editedFacility(fetchMock);
    expect(body.name).toBe('Nairobi Char Works!');
    for (const field of ['batch_period_days', 'vm0044_high_tech_conditions', 'temperature_monitored'])
      expect(body).not.toHaveProperty(field);
  });

  it("are worded in the facility's credit trail", async () => {
    const { user } = await openEdit(0);
    await user.click(screen.getByRole('button', { name: 'Changes to the GPS box, factors and kilns of NCW' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit trail – NCW' }));
    expect(await dialog.findByText('Changed; Batch Period (days) 31 → 14; Production temperature monitored no → yes')).toBeInTheDocument();
  });
});
