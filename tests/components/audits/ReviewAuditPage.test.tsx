import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../../src/providers/i18nProvider';
import { createQueryClient } from '../../../src/providers/queryClient';
import ReviewAuditPage from '../../../src/audits/ReviewAuditPage';
import { renderWithNotification } from '../support/renderInAdmin';
import { fakeProvider, listsBy, makeAuditLog } from './auditFixtures';

afterEach(() => vi.restoreAllMocks());

const PROPOSAL_FACILITY = { proposed_by_name: 'other', facility_id: 1, facility_name: 'Nairobi Char Works', analysis_ids: [31, 32] };
const PROPOSALS = [
  // proposed by someone else: whoever proposed may not sign off (four eyes)
  { id: 3, create_ts: '2026-03-07T15:04:00', kiln_type: -1, job_id: 'AUD-2026-03-03', proposed_by: 99, ...PROPOSAL_FACILITY },
  { id: 4, create_ts: '2026-03-08T09:30:00', kiln_type: 2, job_id: 'AUD-2026-03-04', proposed_by: 99, ...PROPOSAL_FACILITY },
];
const LOGS = [
  { ...makeAuditLog({ analysis_id: 31, kiln_id: 'TX-0001', type: 2 }), id: 31 },
  { ...makeAuditLog({ analysis_id: 32, kiln_id: 'TX-0002', type: 2 }), id: 32 },
];
const SUMMARY = [{ name: 'Nairobi Char Works', count: 2, co2: 3015.34, biochar: 1236.12 }];

function renderPage(methods: Record<string, unknown>) {
  return renderWithNotification(<ReviewAuditPage />, fakeProvider(methods));
}

async function chooseProposal(jobId: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Proposed Audit' }));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(jobId) }));
}

/** The page with both proposals, AUD-2026-03-04 chosen and its burns shown; answers the provider's calls. */
async function openProposalWithBurns(methods: Record<string, unknown> = {}) {
  const { getList, calls } = listsBy({
    audit_proposals: { data: PROPOSALS },
    auditable_logs: { data: LOGS, meta: { co2_summary: SUMMARY } },
  });
  renderPage({ getList, ...methods });
  await chooseProposal('AUD-2026-03-04');
  await screen.findByText('TX-0001');
  return calls;
}

const pdf = () => new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' });
const fileInput = () => screen.getByLabelText('Choose Audit Statement', { selector: 'input' });

describe('Review Proposed Logs (spec §2)', { timeout: 20000 }, () => {
  it("labels each proposal with its time, its type tag or 'Unknown Kiln Type', and its job id", async () => {
    const { getList } = listsBy({ audit_proposals: { data: PROPOSALS } });
    renderPage({ getList });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Proposed Audit' }));
    const unknown = await screen.findByRole('option', { name: /AUD-2026-03-03/ });
    expect(unknown).toHaveTextContent('07-Mar-2026 15:04');
    expect(within(unknown).getByText('Unknown Kiln Type')).toBeInTheDocument();
    expect(within(screen.getByRole('option', { name: /AUD-2026-03-04/ })).getByText('Terrafix')).toBeInTheDocument();
  });

  it('shows the summary per facility and the audit logs of the chosen proposal', async () => {
    const { getList, calls } = listsBy({
      audit_proposals: { data: PROPOSALS },
      auditable_logs: { data: LOGS, meta: { co2_summary: SUMMARY } },
    });
    renderPage({ getList });
    await chooseProposal('AUD-2026-03-04');
    expect(await screen.findByRole('heading', { name: 'Summary of Audit for Related Facilities' })).toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'Audit Summary' });
    expect(
      within(summary)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Facility Name', 'Log Count', 'CO2 Removed (kg)', 'Biochar Produced (kg)']);
    expect(within(summary).getByRole('row', { name: /Nairobi Char Works/ })).toHaveTextContent('Nairobi Char Works23,015.31,236.1');
    expect(screen.getByRole('heading', { name: 'Audit Logs' })).toBeInTheDocument();
    expect(await screen.findByText('TX-0001')).toBeInTheDocument();
    expect(calls).toContainEqual({ resource: 'auditable_logs', filter: { audit: 4 } });
    // read-only: no selection
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('says when a proposal has no burns left to audit', async () => {
    const { getList } = listsBy({ audit_proposals: { data: PROPOSALS }, auditable_logs: { data: [], meta: { co2_summary: [] } } });
    renderPage({ getList });
    await chooseProposal('AUD-2026-03-03');
    expect(await screen.findByText('No validated analysed burns available to be audited!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Signoff' })).toBeNull();
  });

  it('keeps Signoff disabled until a statement is chosen, shows Processing, then clears the file and refreshes', async () => {
    let finish: () => void = () => {};
    const signOffAudit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const calls = await openProposalWithBurns({ signOffAudit });
    const signoff = screen.getByRole('button', { name: 'Signoff' });
    expect(signoff).toBeDisabled();
    const file = pdf();
    await userEvent.upload(fileInput(), file);
    expect(screen.getByText('statement.pdf')).toBeInTheDocument();
    expect(signoff).toBeEnabled();
    const proposalReads = calls.filter((c) => c.resource === 'audit_proposals').length;
    await userEvent.click(signoff);
    // nothing is signed off before the summary is confirmed
    const confirm = await screen.findByRole('dialog', { name: /Sign off audit AUD-2026-03-04\?/ });
    expect(confirm).toHaveTextContent('This cannot be undone');
    expect(signOffAudit).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign off' }));
    expect(await screen.findByRole('button', { name: 'Processing' })).toBeDisabled();
    expect(signOffAudit).toHaveBeenCalledWith({ proposalId: 4, file, fileType: 'pdf', analysisIds: [31, 32] });
    finish();
    expect(await screen.findByText('Signoff successfully recorded.')).toBeInTheDocument();
    // the signed-off proposal leaves the page, its file with it
    expect(screen.queryByText('statement.pdf')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.resource === 'audit_proposals').length).toBeGreaterThan(proposalReads));
  });

  it('refuses a statement that is not png, jpg, jpeg or pdf', async () => {
    await openProposalWithBurns();
    await userEvent.upload(fileInput(), new File(['GIF89a'], 'statement.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(screen.getByText('Choose one PNG, JPG, JPEG or PDF file.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Signoff' })).toBeDisabled();
  });

  it('says a failed signoff with the spec texts, keeps the file and refreshes', async () => {
    const signOffAudit = vi.fn(async () => {
      throw new HttpError('Audit 4 is already signed off.', 409);
    });
    const calls = await openProposalWithBurns({ signOffAudit });
    await userEvent.upload(fileInput(), pdf());
    const proposalReads = calls.filter((c) => c.resource === 'audit_proposals').length;
    await userEvent.click(screen.getByRole('button', { name: 'Signoff' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign off' }));
    expect(await screen.findByText('Audit signoff')).toBeInTheDocument();
    expect(screen.getByText('Error recording signoff. Please contact us if this persists.')).toBeInTheDocument();
    // the confirmation's summary names the file too until its closing transition ends: then the page alone keeps it
    await waitFor(() => expect(screen.getAllByText('statement.pdf')).toHaveLength(1));
    await waitFor(() => expect(calls.filter((c) => c.resource === 'audit_proposals').length).toBeGreaterThan(proposalReads));
  });

  it('notifies when the proposals cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { getList } = listsBy({ audit_proposals: new HttpError('Forbidden.', 403) });
    renderPage({ getList });
    expect((await screen.findAllByText('Error retrieving proposed audits for review.')).length).toBeGreaterThan(0);
  });

  it('says when no proposal waits for review', async () => {
    const { getList } = listsBy({ audit_proposals: { data: [] } });
    renderPage({ getList });
    expect(await screen.findByText('No proposed audits are waiting for review.')).toBeInTheDocument();
  });
});

describe('Review Proposed Logs: states and roles', { timeout: 20000 }, () => {
  it('keeps the dropdown disabled while the proposals load', async () => {
    const getList = vi.fn(() => new Promise(() => {}));
    renderPage({ getList });
    expect(await screen.findByRole('combobox', { name: 'Proposed Audit' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('offers no signoff to a reader without the create audit rule (a broker)', async () => {
    const { getList } = listsBy({ audit_proposals: { data: PROPOSALS }, auditable_logs: { data: LOGS, meta: { co2_summary: SUMMARY } } });
    const authProvider = {
      login: async () => {},
      logout: async () => {},
      checkAuth: async () => {},
      checkError: async () => {},
      canAccess: async ({ resource, action }: { resource: string; action: string }) => !(resource === 'audits' && action === 'create'),
    };
    render(
      <AdminContext
        i18nProvider={i18nProvider}
        dataProvider={testDataProvider(fakeProvider({ getList }))}
        authProvider={authProvider}
        queryClient={createQueryClient()}
      >
        <ReviewAuditPage />
      </AdminContext>,
    );
    await chooseProposal('AUD-2026-03-04');
    expect(await screen.findByText('TX-0001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Signoff' })).toBeNull();
    expect(screen.queryByText('Choose Audit Statement')).toBeNull();
  });

  it('chooses a proposal with the keyboard', async () => {
    const { getList } = listsBy({ audit_proposals: { data: PROPOSALS }, auditable_logs: { data: LOGS, meta: { co2_summary: SUMMARY } } });
    renderPage({ getList });
    const dropdown = await screen.findByRole('combobox', { name: 'Proposed Audit' });
    await waitFor(() => expect(dropdown).not.toHaveAttribute('aria-disabled'));
    dropdown.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('TX-0001')).toBeInTheDocument();
  });
});
