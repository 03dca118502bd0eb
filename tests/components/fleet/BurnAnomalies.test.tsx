import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { formatDateTime } from '../../../src/domain/dates';
import { BurnAnomalies } from '../../../src/fleet/BurnAnomalies';
import { logInAs } from '../support/renderApp';
import { renderWithNotification } from '../support/renderInAdmin';
import { makeAnomaly } from '../support/kilnLogs';

beforeEach(() => logInAs(1, 'kilnadmin'));
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const LOADED = { timeout: 5000 };

describe("a burn's dialog shows its fleet anomalies, open or with their check", { timeout: 20000 }, () => {
  it('asks for this burn only, and says which anomaly holds it and who checked the other, when and what they found', async () => {
    const open = makeAnomaly({ id: 5, log_id: 41, code: 'TARE_DRIFT', message: 'The empty weight moved 3.1 kg.' });
    const checked = makeAnomaly({
      id: 6,
      log_id: 41,
      code: 'YIELD_OUTLIER',
      message: 'Yield 35 % is outside the kiln’s range.',
      checked_ts: '2026-03-03T10:00:00.000Z',
      checked_by: 2,
      checked_by_name: 'Ada Auditor',
      check_note: 'Weighed the char again: 35 % is right.',
    });
    const listFleetAnomalies = vi.fn(async () => ({ rows: [open, checked], total: 2 }));
    renderWithNotification(<BurnAnomalies logId={41} />, { listFleetAnomalies });
    expect(await screen.findByText('The empty weight moved 3.1 kg.', {}, LOADED)).toBeInTheDocument();
    expect(listFleetAnomalies).toHaveBeenCalledWith(expect.objectContaining({ filter: { log_id: [41] } }));
    expect(screen.getByText(/^Open: the burn is held out of audits/)).toBeInTheDocument();
    expect(
      screen.getByText(`Checked by Ada Auditor on ${formatDateTime('2026-03-03T10:00:00.000Z')}: Weighed the char again: 35 % is right.`),
    ).toBeInTheDocument();
  });

  it('says so when none was raised, and when they cannot be loaded', async () => {
    const { unmount } = renderWithNotification(<BurnAnomalies logId={7} />, {
      listFleetAnomalies: vi.fn(async () => ({ rows: [], total: 0 })),
    });
    expect(await screen.findByText('No fleet anomaly was raised on this burn.', {}, LOADED)).toBeInTheDocument();
    unmount();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithNotification(<BurnAnomalies logId={7} />, { listFleetAnomalies: vi.fn(() => Promise.reject(new Error('down'))) });
    expect(await screen.findByText('The anomalies could not be loaded.', {}, { timeout: 10000 })).toBeInTheDocument();
  });
});
