import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KilnCalibration } from '../../../src/domain/api/configure';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { makeKiln, REGISTRY } from '../support/configure';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LOADED = { timeout: 5000 };
const CGO1 = (perG: number) => JSON.stringify({ cgo1: { per_g_weight: perG, zero_weight: 84210 } });
const KILN = makeKiln({ id: 21, kiln_id: 'CAL-0001', config: CGO1(2.5), calibration_pending: true });
const FIRST: KilnCalibration = {
  id: 1,
  kiln_id: 21,
  config: CGO1(2.5),
  effective_from: '2024-01-01T00:00:00.000Z',
  proposed_by: null,
  proposed_by_name: null,
  proposed_ts: '2024-01-01T00:00:00.000Z',
  approved_by: null,
  approved_by_name: null,
  approved_ts: '2024-01-01T00:00:00.000Z',
  superseded_ts: null,
  certificate_sha256: null,
};
const PENDING: KilnCalibration = {
  ...FIRST,
  id: 2,
  config: CGO1(5),
  effective_from: null,
  proposed_by: 5,
  proposed_by_name: 'facilityadmin',
  proposed_ts: '2026-12-01T09:00:00.000Z',
  approved_ts: null,
  certificate_sha256: 'ab'.repeat(32),
};
const APPROVED: KilnCalibration = {
  ...PENDING,
  approved_by: 1,
  approved_by_name: 'superadmin',
  approved_ts: '2026-12-02T10:00:00.000Z',
  effective_from: '2026-12-02T10:00:00.000Z',
};

async function openRegistry(role: 0 | 4) {
  await logInAs(role, role === 0 ? 'superadmin' : 'facilityadmin');
  let approved = false;
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/kiln/registry/list') {
      const kiln = approved ? { ...KILN, config: CGO1(5), calibration_pending: false } : KILN;
      return json({ ...REGISTRY, kilns: [...REGISTRY.kilns, kiln] });
    }
    if (url === '/api/kilns/21/calibrations') return json(approved ? [FIRST, APPROVED] : [FIRST, PENDING]);
    if (init.method === 'POST' && url === '/api/kilns/21/calibrations/2/approve') {
      approved = true;
      return json(APPROVED);
    }
    return json({ message: 'Not found.' }, 404);
  });
  renderApp('/kiln_reg');
  await screen.findByText('CAL-0001', {}, LOADED);
  return { user: userEvent.setup(), fetchMock };
}

const rowOf = (kilnId: string) => within(screen.getByText(kilnId).closest('tr') as HTMLElement);

describe("a kiln's calibrations in the Kiln Registry", { timeout: 30000 }, () => {
  it('marks a kiln whose calibration change waits "calibration pending"; a facility admin sees the history but no Approve', async () => {
    const { user } = await openRegistry(4);
    expect(rowOf('CAL-0001').getByText('calibration pending')).toBeInTheDocument();
    expect(rowOf('CG1-0001').queryByText('calibration pending')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Calibrations of kiln CAL-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calibrations of kiln CAL-0001' });
    expect(await within(dialog).findByText('Pending approval')).toBeInTheDocument();
    expect(within(dialog).getByText('C-Go-1 Per g Weight 5, C-Go-1 Zero Weight 84210')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Approve calibration/ })).not.toBeInTheDocument();
  });

  it('lets a super-admin approve a pending calibration after a confirmation; the mark then goes', async () => {
    const { user, fetchMock } = await openRegistry(0);
    await user.click(screen.getByRole('button', { name: 'Calibrations of kiln CAL-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calibrations of kiln CAL-0001' });
    await user.click(await within(dialog).findByRole('button', { name: 'Approve calibration 2 of kiln CAL-0001' }));
    // nothing is sent before the confirmation
    const approvals = () =>
      fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url === '/api/kilns/21/calibrations/2/approve');
    expect(approvals()).toHaveLength(0);
    const confirm = await screen.findByRole('dialog', { name: 'Approve calibration 2?' });
    expect(within(confirm).getByText(/Burns logged before keep their calibration/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Calibration approved: it is in force from now.')).toBeInTheDocument();
    expect(approvals()).toHaveLength(1);
    await waitFor(() => expect(within(dialog).queryByText('Pending approval')).not.toBeInTheDocument());
    await waitFor(() => expect(rowOf('CAL-0001').queryByText('calibration pending')).not.toBeInTheDocument());
  });
});
