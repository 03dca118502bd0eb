import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import type { Anomaly } from '../../../src/domain/api/fleet';
import { AnomalyList } from '../../../src/fleet/AnomalyList';
import { logInAs } from '../support/renderApp';
import { renderWithNotification } from '../support/renderInAdmin';
import { makeAnomaly } from '../support/kilnLogs';

// a logged-in kiln file admin: a success is announced only within a session
beforeEach(() => logInAs(1, 'kilnadmin'));
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const LOADED = { timeout: 5000 };
const OPEN = makeAnomaly({ id: 5, log_id: 41, code: 'TARE_DRIFT', message: 'The burn ended with no cooldown.' });

/** The anomaly list with one open anomaly; `check` answers marking it checked. */
function renderList(check: (params: { id: number; note: string }) => Promise<Anomaly>) {
  const listFleetAnomalies = vi.fn(async () => ({ rows: [OPEN], total: 1 }));
  const checkFleetAnomaly = vi.fn(check);
  renderWithNotification(<AnomalyList facilityId={null} kiln={null} canCheck />, { listFleetAnomalies, checkFleetAnomaly });
  return { listFleetAnomalies, checkFleetAnomaly };
}

/** Opens the check dialog of the open anomaly, types the note and presses Mark checked. */
async function checkWith(note: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Mark checked' }, LOADED));
  const dialog = within(await screen.findByRole('dialog', { name: 'Mark the anomaly of burn 41 checked' }));
  await user.type(dialog.getByRole('textbox', { name: /^What was checked and found/ }), note);
  await user.click(dialog.getByRole('button', { name: 'Mark checked' }));
  return dialog;
}

/** The notification with `title`, as the error catalogue's titled notifications show it. */
const notification = async (title: string) => (await screen.findByText(title, {}, LOADED)).closest('[role="alert"]') as HTMLElement;

describe('the Fleet check dialog reports its outcome like every form (one outcome policy)', { timeout: 20000 }, () => {
  it('sends the trimmed note, announces the success, closes and reloads the list', async () => {
    const { listFleetAnomalies, checkFleetAnomaly } = renderList(async ({ note }) => ({
      ...OPEN,
      checked_ts: '2026-03-03T10:00:00.000Z',
      check_note: note,
    }));
    await checkWith('  Scale recalibrated.  ');
    expect(await screen.findByText('Anomaly marked checked.', {}, LOADED)).toBeInTheDocument();
    expect(checkFleetAnomaly).toHaveBeenCalledWith({ id: 5, note: 'Scale recalibrated.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listFleetAnomalies.mock.calls.length).toBeGreaterThan(1));
  });

  it('notifies a server error with the generic text, closes the dialog and reloads the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { listFleetAnomalies } = renderList(() => Promise.reject(new HttpError('storage down', 500, { message: 'storage down' })));
    await checkWith('Looked at the curve.');
    const notified = await notification('The anomaly could not be marked checked.');
    expect(notified).toHaveTextContent('Unknown server error. Try again later or contact support.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listFleetAnomalies.mock.calls.length).toBeGreaterThan(1));
  });

  it("notifies a refusal (403) with the server's sentence and closes the dialog", async () => {
    renderList(() => Promise.reject(new HttpError('You may not check anomalies.', 403, { message: 'You may not check anomalies.' })));
    await checkWith('Looked at the curve.');
    const notified = await notification('The anomaly could not be marked checked.');
    expect(notified).toHaveTextContent('You may not check anomalies.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open after a 400, the server's reason on the note", async () => {
    const reason = 'note must say what was checked.';
    renderList(() => Promise.reject(new HttpError(reason, 400, { message: reason, errors: { note: reason } })));
    const dialog = await checkWith('x');
    expect(await notification('The anomaly could not be marked checked.')).toHaveTextContent(reason);
    const note = dialog.getByRole('textbox', { name: /^What was checked and found/ });
    await waitFor(() => expect(note).toHaveAccessibleDescription(reason));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Mark the anomaly of burn 41 checked' })).toBeInTheDocument();
  });
});
