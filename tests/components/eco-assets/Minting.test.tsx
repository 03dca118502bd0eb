import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import MintingPage from '../../../src/eco-assets/MintingPage';
import { formatSignoffTime } from '../../../src/domain/dates';
import { logInAs } from '../support/renderApp';
import { renderWithNotification } from '../support/renderInAdmin';
import { availableCo2, fakeProvider } from './ecoFixtures';

// a logged-in broker: a success is announced only within a session
beforeEach(() => logInAs(5, 'broker'));
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function renderMinting(methods: Record<string, unknown>) {
  return renderWithNotification(<MintingPage />, fakeProvider(methods));
}

const dialog = () => within(screen.getByRole('dialog'));
// a label names the audit: job id · signoff time · CO2 to allocate
const amountOf = (jobId: string) =>
  dialog().getByLabelText(new RegExp(`^${jobId} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} · CO2 to allocate`));

/** Opens the mint modal, types its note, transaction id and the CO2 to allocate per audit job id, and presses OK. */
async function mintWith(note: string, transactionId: string, co2ByJobId: Record<string, string>) {
  await userEvent.click(await screen.findByRole('button', { name: 'Mint Eco Asset' }));
  await userEvent.type(dialog().getByLabelText(/^Minting Note/), note);
  await userEvent.type(dialog().getByLabelText(/^Transaction ID/), transactionId);
  for (const [jobId, co2] of Object.entries(co2ByJobId)) await userEvent.type(amountOf(jobId), co2);
  await userEvent.click(dialog().getByRole('button', { name: 'OK' }));
}

describe('Eco-Asset Minting (spec §2, §5)', { timeout: 20000 }, () => {
  it('shows a row per facility with the CO2 left, expanding to its audits', async () => {
    renderMinting({ getAvailableCo2: async () => availableCo2() });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const nairobi = (await screen.findByText('Nairobi Biochar')).closest('tr') as HTMLElement;
    expect(within(nairobi).getByText('100.0')).toBeInTheDocument();
    // facilities by name
    const names = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names).toEqual(['Nairobi Biochar', 'Tasmania Biochar']);
    expect(screen.queryByText(/AUD-2026-05-03/)).not.toBeInTheDocument();
    const expand = within(nairobi).getByRole('button', { name: 'Show the audits of Nairobi Biochar' });
    await userEvent.click(expand);
    expect(expand).toHaveAttribute('aria-expanded', 'true');
    // the audit named as on every screen: job id · signoff time · proposal number
    const audit = screen
      .getByText(`AUD-2026-05-03 · ${formatSignoffTime('2026-05-20T12:00:00.000Z')} · Proposal 3`)
      .closest('tr') as HTMLElement;
    expect(within(audit).getByText('120.5')).toBeInTheDocument();
    expect(within(audit).getByText('20.5')).toBeInTheDocument();
    expect(within(audit).getAllByText('100.0')).toHaveLength(1);
  });

  it('says when no audited CO2 exists, and keeps Mint Eco Asset disabled', async () => {
    renderMinting({ getAvailableCo2: async () => ({ audits_by_facility: {} }) });
    expect(await screen.findByText('No audited CO2 is available to mint.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mint Eco Asset' })).toBeDisabled();
  });

  it('notifies a failed load with the spec texts and offers Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // a server failure is tried three times before it counts
    const failure = new HttpError('boom', 500);
    const getAvailableCo2 = vi
      .fn()
      .mockRejectedValueOnce(failure)
      .mockRejectedValueOnce(failure)
      .mockRejectedValueOnce(failure)
      .mockResolvedValue(availableCo2());
    renderMinting({ getAvailableCo2 });
    expect(await screen.findByText('Error retrieving available audits.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('The available CO2 could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('An unknown error occurred retrieving the eco assets. Please try again later.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nairobi Biochar')).toBeInTheDocument();
  });

  it('mints from two audits: bounds each amount, sends only amounts above 0, then closes, reloads and opens empty', async () => {
    const getAvailableCo2 = vi.fn(async () => availableCo2());
    const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { id: 5, ...data } }));
    renderMinting({ getAvailableCo2, create });
    await userEvent.click(await screen.findByRole('button', { name: 'Mint Eco Asset' }));
    const ok = dialog().getByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();
    expect(dialog().getByText('Please choose greater than 0 co2 from at least one source.')).toBeInTheDocument();
    // the used-up audit is not offered
    expect(dialog().queryByText(/AUD-2026-05-04/)).not.toBeInTheDocument();

    await userEvent.type(dialog().getByLabelText(/^Minting Note/), 'Forward sale');
    await userEvent.type(dialog().getByLabelText(/^Transaction ID/), 'TX-77');
    // the bound reads the same in the helper and in the error
    expect(dialog().getByText('0 to 100.000 kg left')).toBeInTheDocument();
    await userEvent.type(amountOf('AUD-2026-05-03'), '100.001');
    expect(await dialog().findByText('Between 0 and 100.000 kg, what is left of this audit.')).toBeInTheDocument();
    expect(ok).toBeDisabled();
    // no total of an amount it refuses (m15)
    expect(dialog().queryByText(/^To mint:/)).not.toBeInTheDocument();
    await userEvent.clear(amountOf('AUD-2026-05-03'));
    await userEvent.type(amountOf('AUD-2026-05-03'), '40.25');
    await userEvent.click(dialog().getByRole('button', { name: 'Allocate all 60.000 kg left of audit AUD-2026-06-09' }));
    expect(amountOf('AUD-2026-06-09')).toHaveValue('60');
    expect(dialog().getByText('To mint: 100.250 kg')).toBeInTheDocument();
    await waitFor(() => expect(ok).toBeEnabled());
    await userEvent.click(ok);

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data).toEqual({
      minting_note: 'Forward sale',
      transaction_id: 'TX-77',
      co2_utilisation: { 3: 40.25, 9: 60 },
    });
    expect(await screen.findByText('Eco Asset minted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(getAvailableCo2).toHaveBeenCalledTimes(2));
    await userEvent.click(screen.getByRole('button', { name: 'Mint Eco Asset' }));
    expect(dialog().getByLabelText(/^Minting Note/)).toHaveValue('');
    expect(amountOf('AUD-2026-05-03')).toHaveValue('');
  });

  it('shows the buffer share in force, and the split of the amount into issued and buffer before the broker confirms', async () => {
    renderMinting({
      getAvailableCo2: async () => availableCo2(),
      getBufferShare: async () => ({ buffer_percent: 10, set_ts: null, set_by_username: null }),
    });
    expect(await screen.findByTestId('buffer-share')).toHaveTextContent(
      'Buffer share in force: 10 % of each mint is withheld in the buffer pool.',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mint Eco Asset' }));
    await userEvent.type(amountOf('AUD-2026-05-03'), '12.345');
    // 1,234.5 g of buffer rounds half a gram away from zero; issued is the rest, to the gram
    expect(await dialog().findByTestId('mint-split')).toHaveTextContent('Issued: 11.110 kg · Buffer pool (10 %): 1.235 kg');
  });

  it('leaves out an amount of 0: only the audits above 0 are sent', async () => {
    const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { id: 5, ...data } }));
    renderMinting({ getAvailableCo2: async () => availableCo2(), create });
    await mintWith('n', 't', { 'AUD-2026-05-03': '0', 'AUD-2026-06-09': '1.5' });
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][1].data).toEqual({ minting_note: 'n', transaction_id: 't', co2_utilisation: { 9: 1.5 } });
  });

  it("a refusal (409) is notified with the server's sentence, closes the modal and reloads what is left", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const getAvailableCo2 = vi.fn(async () => availableCo2());
    const create = vi
      .fn()
      .mockRejectedValue(new HttpError('The CO2 cannot be allocated: audit 9 has 10 kg left, not 60.', 409, { message: '…' }));
    renderMinting({ getAvailableCo2, create });
    await mintWith('n', 't', { 'AUD-2026-06-09': '60' });
    expect(await screen.findByText('Error minting Eco Asset')).toBeInTheDocument();
    expect(screen.getByText('The CO2 cannot be allocated: audit 9 has 10 kg left, not 60.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(getAvailableCo2).toHaveBeenCalledTimes(2));
  });

  it('a 400 keeps the modal open with the reason on its field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reason = 'Transaction ID TX-1 is already used.';
    const create = vi.fn().mockRejectedValue(new HttpError(reason, 400, { message: reason, errors: { transaction_id: reason } }));
    renderMinting({ getAvailableCo2: async () => availableCo2(), create });
    await mintWith('n', 'TX-1', { 'AUD-2026-06-09': '1' });
    expect(await screen.findByText('Error minting Eco Asset')).toBeInTheDocument();
    expect(await dialog().findByText(reason)).toBeInTheDocument();
    expect(dialog().getByRole('button', { name: 'OK' })).toBeDisabled();
  });
});
