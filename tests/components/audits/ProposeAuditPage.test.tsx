import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification } from 'react-admin';
import ProposeAuditPage from '../../../src/audits/ProposeAuditPage';
import { renderInAdmin } from '../support/renderInAdmin';
import { fakeProvider, listsBy, makeAuditLog } from './auditFixtures';

afterEach(() => vi.restoreAllMocks());

const NAIROBI_1 = { ...makeAuditLog({ analysis_id: 21, kiln_id: 'CG1-0001' }), id: 21 };
const NAIROBI_2 = { ...makeAuditLog({ analysis_id: 22, kiln_id: 'CG1-0002', analysis_detail: { co2_removed: 10.04, biochar_produced: 4 } }), id: 22 };
const ANDES = { ...makeAuditLog({ analysis_id: 23, kiln_id: 'CG1-0100', facility_id: 2, facility_name: 'Andes Biochar' }), id: 23 };

function renderPage(methods: Record<string, unknown>) {
  return renderInAdmin(
    <>
      <ProposeAuditPage />
      <Notification />
    </>,
    fakeProvider(methods),
  );
}

async function chooseKilnType(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /Select Kiln Type/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('Propose Audit (spec §2, §5)', { timeout: 20000 }, () => {
  it('asks for a job identifier and at least one log, with the spec texts', async () => {
    const { getList } = listsBy({ potential_audit_logs: { data: [NAIROBI_1] } });
    const create = vi.fn();
    renderPage({ getList, create });
    expect(screen.getByText('Select a kiln type to list the logs that can be proposed.')).toBeInTheDocument();
    await chooseKilnType('C-Go-1');
    await screen.findByText('CG1-0001');
    await userEvent.click(screen.getByRole('button', { name: 'Create Audit Job' }));
    expect(await screen.findByText('Please provide a valid job identifier.')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one log to propose an audit.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("lists the logs of the chosen kiln type, 'Any/Unknown' as -1", async () => {
    const { getList, calls } = listsBy({ potential_audit_logs: { data: [NAIROBI_1] } });
    renderPage({ getList });
    await chooseKilnType('Any/Unknown');
    expect(await screen.findByText('CG1-0001')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ resource: 'potential_audit_logs', filter: { kiln_type: -1 } });
    expect(screen.getByRole('heading', { name: 'Proposed Logs' })).toBeInTheDocument();
  });

  it('says when no burn of the type waits for an audit', async () => {
    const { getList } = listsBy({ potential_audit_logs: { data: [] } });
    renderPage({ getList });
    await chooseKilnType('Retort');
    expect(await screen.findByText('No validated analysed burns of this kiln type are waiting for an audit.')).toBeInTheDocument();
  });

  it('keeps a selection to one facility and says why', async () => {
    const { getList } = listsBy({ potential_audit_logs: { data: [NAIROBI_1, ANDES, NAIROBI_2] } });
    renderPage({ getList });
    await chooseKilnType('C-Go-1');
    await screen.findByText('CG1-0001');
    await userEvent.click(within(rowOf('CG1-0001')).getByRole('checkbox'));
    expect(within(rowOf('CG1-0100')).getByRole('checkbox')).toBeDisabled();
    expect(await screen.findByText(/An audit covers one facility only: logs of Nairobi Char Works are selected/)).toBeInTheDocument();
    await userEvent.click(within(rowOf('CG1-0002')).getByRole('checkbox'));
    expect(screen.getByText('2 logs selected (1,517.7 kg CO2)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(within(rowOf('CG1-0100')).getByRole('checkbox')).toBeEnabled();
  });

  it('select-all takes only the first facility and warns', async () => {
    const { getList } = listsBy({ potential_audit_logs: { data: [NAIROBI_1, ANDES, NAIROBI_2] } });
    renderPage({ getList });
    await chooseKilnType('C-Go-1');
    await screen.findByText('CG1-0001');
    await userEvent.click(screen.getAllByRole('checkbox')[0]);
    expect(await screen.findByRole('alert')).toHaveTextContent('An audit covers one facility only');
    expect(within(rowOf('CG1-0001')).getByRole('checkbox')).toBeChecked();
    expect(within(rowOf('CG1-0002')).getByRole('checkbox')).toBeChecked();
    expect(within(rowOf('CG1-0100')).getByRole('checkbox')).not.toBeChecked();
  });

  it('creates the job, says so and resets the kiln type and job id', async () => {
    const { getList } = listsBy({ potential_audit_logs: { data: [NAIROBI_1, NAIROBI_2] } });
    const create = vi.fn(async () => ({ data: { id: 9, job_id: 'AUD-9', kiln_type: 0, create_ts: '2026-03-01T00:00:00Z' } }));
    renderPage({ getList, create });
    await chooseKilnType('C-Go-1');
    await screen.findByText('CG1-0001');
    await userEvent.type(screen.getByRole('textbox', { name: 'Input Audit Job Identifier' }), ' AUD-9 ');
    await userEvent.click(within(rowOf('CG1-0002')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('CG1-0001')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Audit Job' }));
    expect(await screen.findByText('Audit job created successfully.')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith('audit_proposals', expect.objectContaining({ data: { job_id: ' AUD-9 ', kiln_type: 0, analysis_ids: [21, 22] } }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Input Audit Job Identifier' })).toHaveValue(''));
    expect(screen.getByText('Select a kiln type to list the logs that can be proposed.')).toBeInTheDocument();
  });

  it("says the spec's failure text, with the server's reason for a refusal", async () => {
    const { getList } = listsBy({ potential_audit_logs: { data: [NAIROBI_1] } });
    const create = vi.fn(async () => {
      throw new HttpError('The burns cannot be proposed: log 21 is in another open proposal.', 409);
    });
    renderPage({ getList, create });
    await chooseKilnType('C-Go-1');
    await screen.findByText('CG1-0001');
    await userEvent.type(screen.getByRole('textbox', { name: 'Input Audit Job Identifier' }), 'AUD-10');
    await userEvent.click(within(rowOf('CG1-0001')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Audit Job' }));
    expect(await screen.findByText('An unknown error occurred creating the audit job. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('The burns cannot be proposed: log 21 is in another open proposal.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Input Audit Job Identifier' })).toHaveValue('AUD-10');
  });
});

describe('Propose Audit: burns of an older algorithm', { timeout: 20000 }, () => {
  it('says which burns need analysing again before they can be proposed', async () => {
    const old = makeAuditLog({ analysis_id: 40, kiln_id: 'CG1-0040', algorithm_version: '1.0.0' });
    const { getList } = listsBy({ potential_audit_logs: { data: [NAIROBI_1], meta: { needs_reanalysis: [old], algorithm_version: '2.0.0' } } });
    renderPage({ getList });
    await chooseKilnType('C-Go-1');
    expect(
      await screen.findByText('1 more burn (kiln CG1-0040) was analysed by an older algorithm than 2.0.0: analyse it again on Kiln Logs before it can be proposed.'),
    ).toBeInTheDocument();
    // it is not offered for the proposal
    expect(screen.queryByText('CG1-0040')).toBeNull();
  });
});

describe('Propose Audit: loading and the keyboard', { timeout: 20000 }, () => {
  it('says nothing is waiting only once the logs have loaded', async () => {
    let answer: (value: unknown) => void = () => {};
    const getList = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    renderPage({ getList });
    await chooseKilnType('C-Go-1');
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(screen.queryByText('No validated analysed burns of this kiln type are waiting for an audit.')).toBeNull();
    answer({ data: [], total: 0 });
    expect(await screen.findByText('No validated analysed burns of this kiln type are waiting for an audit.')).toBeInTheDocument();
  });

  it('selects a burn with the keyboard and creates the job with Enter', async () => {
    const { getList } = listsBy({ potential_audit_logs: { data: [NAIROBI_1] } });
    const create = vi.fn(async () => ({ data: { id: 9 } }));
    renderPage({ getList, create });
    await chooseKilnType('C-Go-1');
    await screen.findByText('CG1-0001');
    within(rowOf('CG1-0001')).getByRole('checkbox').focus();
    await userEvent.keyboard(' ');
    expect(within(rowOf('CG1-0001')).getByRole('checkbox')).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: 'Input Audit Job Identifier' }), 'AUD-11{Enter}');
    await waitFor(() => expect(create).toHaveBeenCalledWith('audit_proposals', expect.objectContaining({ data: { job_id: 'AUD-11', kiln_type: 0, analysis_ids: [21] } })));
  });
});

describe('Propose Audit: a failed read', { timeout: 20000 }, () => {
  it("notifies 'Error retrieving audit(ed) logs' and says so in place of the table", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { getList } = listsBy({ potential_audit_logs: new HttpError('Forbidden.', 403) });
    renderPage({ getList });
    await chooseKilnType('Terrafix');
    expect(await screen.findByText('Error retrieving audit(ed) logs')).toBeInTheDocument();
    expect(screen.getByText('The logs could not be loaded.')).toBeInTheDocument();
  });
});
