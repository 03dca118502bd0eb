import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import ProposeAuditPage from '../../../src/audits/ProposeAuditPage';
import { renderWithNotification } from '../support/renderInAdmin';
import { fakeProvider, listsBy, makeAuditLog } from './auditFixtures';
import { json, mockFetch } from '../support/renderApp';
import { makeAnomaly, page } from '../support/kilnLogs';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const NAIROBI_1 = { ...makeAuditLog({ analysis_id: 21, kiln_id: 'CG1-0001' }), id: 21 };
const NAIROBI_2 = {
  ...makeAuditLog({ analysis_id: 22, kiln_id: 'CG1-0002', analysis_detail: { co2_removed: 10.04, biochar_produced: 4 } }),
  id: 22,
};
const ANDES = { ...makeAuditLog({ analysis_id: 23, kiln_id: 'CG1-0100', facility_id: 2, facility_name: 'Andes Biochar' }), id: 23 };

const FACILITIES = [
  { id: 1, mnemonic: 'NRB', name: 'Nairobi Char Works' },
  { id: 2, mnemonic: 'AND', name: 'Andes Biochar' },
];

function renderPage(methods: Record<string, unknown>) {
  return renderWithNotification(<ProposeAuditPage />, fakeProvider({ listFacilityOptions: async () => FACILITIES, ...methods }));
}

async function chooseKilnType(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /Select Kiln Type/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('Propose Audit (spec §2, §5)', { timeout: 30000 }, () => {
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

  it('marks each listed burn with an open anomaly, naming the codes and linking to the Fleet screen; the mark does not select the row', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/fleet/anomalies?')
        ? page([makeAnomaly({ id: 7, log_id: 22, code: 'TARE_DRIFT' })], 1)
        : json({ message: 'Not found.' }, 404),
    );
    const { getList } = listsBy({ potential_audit_logs: { data: [NAIROBI_1, NAIROBI_2] } });
    renderPage({ getList });
    await chooseKilnType('C-Go-1');
    await screen.findByText('CG1-0001');
    const mark = await within(rowOf('CG1-0002')).findByRole('link', { name: 'Open anomaly TARE_DRIFT: see it on the Fleet screen' });
    expect(mark.getAttribute('href')).toMatch(/\/fleet\?log_id=22$/);
    expect(within(rowOf('CG1-0001')).queryByRole('link', { name: /Open anomal/ })).not.toBeInTheDocument();
    const filters = fetchMock.mock.calls
      .filter(([url]) => String(url).startsWith('/api/fleet/anomalies?'))
      .map(([url]) => JSON.parse(new URL(String(url), 'http://localhost').searchParams.get('filter') ?? '{}'));
    expect(filters).toContainEqual({ open: true, log_id: [21, 22] });
    await userEvent.click(mark);
    expect(within(rowOf('CG1-0002')).getByRole('checkbox')).not.toBeChecked();
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
    expect(create).toHaveBeenCalledWith(
      'audit_proposals',
      expect.objectContaining({ data: { job_id: ' AUD-9 ', kiln_type: 0, analysis_ids: [21, 22] } }),
    );
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
    const { getList } = listsBy({
      potential_audit_logs: { data: [NAIROBI_1], meta: { needs_reanalysis: [old], algorithm_version: '2.0.0' } },
    });
    renderPage({ getList });
    await chooseKilnType('C-Go-1');
    expect(
      await screen.findByText(
        '1 more burn (kiln CG1-0040) was analysed by an older algorithm than 2.0.0: analyse it again on Kiln Logs before it can be proposed.',
      ),
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
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'audit_proposals',
        expect.objectContaining({ data: { job_id: 'AUD-11', kiln_type: 0, analysis_ids: [21] } }),
      ),
    );
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

/** n burns of Nairobi, one an hour from 1 March 2026 (log time ascending with the id), each 10.05 kg CO2. */
const manyBurns = (n: number, facility = { facility_id: 1, facility_name: 'Nairobi Char Works' }, firstId = 100) =>
  Array.from({ length: n }, (_, i) => ({
    ...makeAuditLog({
      analysis_id: firstId + i,
      kiln_id: `CG1-${String(firstId + i).padStart(4, '0')}`,
      logts: `2026-03-${String(1 + Math.floor(i / 24)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00:00`,
      analysis_detail: { co2_removed: 10.05, biochar_produced: 4 },
      ...facility,
    }),
    id: firstId + i,
  }));

const selectionBar = () => screen.getByRole('region', { name: 'Selection' });

describe('Propose Audit that scales (review M1, M2)', { timeout: 30000 }, () => {
  it('keeps the count and CO2 of the selection beside Create Audit Job in one bar, with no hidden bulk toolbar', async () => {
    const { getList } = listsBy({ potential_audit_logs: { data: [NAIROBI_1, NAIROBI_2] } });
    renderPage({ getList });
    // before any choice the bar says what an empty proposal adds up to
    expect(within(selectionBar()).getByText('0 logs selected (0.0 kg CO2)')).toBeInTheDocument();
    expect(within(selectionBar()).getByRole('button', { name: 'Create Audit Job' })).toBeInTheDocument();
    await chooseKilnType('C-Go-1');
    await screen.findByText('CG1-0001');
    await userEvent.click(within(rowOf('CG1-0001')).getByRole('checkbox'));
    expect(within(selectionBar()).getByText('1 log selected (1,507.7 kg CO2)')).toBeInTheDocument();
    expect(getComputedStyle(selectionBar()).position).toBe('sticky');
    // react-admin's bulk toolbar (its count and an Unselect button, clipped out of sight) is gone from the page and the tab order
    expect(screen.queryByText(/items? selected/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Unselect/ })).toBeNull();
  });

  it('lists one facility’s burns when a facility is picked, and drops a selection of another facility', async () => {
    const ANDES_2 = { ...makeAuditLog({ analysis_id: 24, kiln_id: 'CG1-0101', facility_id: 2, facility_name: 'Andes Biochar' }), id: 24 };
    const { getList, calls } = listsBy({
      potential_audit_logs: ({ filter }) => ({
        data: [NAIROBI_1, ANDES, NAIROBI_2, ANDES_2].filter(
          (l) => filter.facility_id === undefined || l.facility_id === filter.facility_id,
        ),
      }),
    });
    renderPage({ getList });
    await chooseKilnType('C-Go-1');
    await screen.findByText('CG1-0001');
    await userEvent.click(within(rowOf('CG1-0001')).getByRole('checkbox'));
    expect(within(selectionBar()).getByText('1 log selected (1,507.7 kg CO2)')).toBeInTheDocument();
    // the picker offers every facility first
    await userEvent.click(screen.getByRole('combobox', { name: 'Facility' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Every facility',
      'NRB – Nairobi Char Works',
      'AND – Andes Biochar',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'AND – Andes Biochar' }));
    await screen.findByText('CG1-0101');
    expect(calls.at(-1)).toEqual({ resource: 'potential_audit_logs', filter: { kiln_type: 0, facility_id: 2 } });
    expect(screen.queryByText('CG1-0001')).toBeNull();
    expect(within(selectionBar()).getByText('0 logs selected (0.0 kg CO2)')).toBeInTheDocument();
    await userEvent.click(within(rowOf('CG1-0101')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('CG1-0100')).getByRole('checkbox'));
    expect(within(selectionBar()).getByText('2 logs selected (3,015.3 kg CO2)')).toBeInTheDocument();
    // back to every facility: the selection stays, and the other facility's burns cannot join it
    await userEvent.click(screen.getByRole('combobox', { name: 'Facility' }));
    await userEvent.click(screen.getByRole('option', { name: 'Every facility' }));
    await screen.findByText('CG1-0001');
    expect(calls.at(-1)).toEqual({ resource: 'potential_audit_logs', filter: { kiln_type: 0 } });
    expect(within(selectionBar()).getByText('2 logs selected (3,015.3 kg CO2)')).toBeInTheDocument();
    expect(within(rowOf('CG1-0001')).getByRole('checkbox')).toBeDisabled();
  });

  it('pages the burns newest first, sorts by log time, and counts a selection across pages', async () => {
    const burns = manyBurns(30);
    const { getList } = listsBy({ potential_audit_logs: { data: burns } });
    renderPage({ getList });
    await chooseKilnType('C-Go-1');
    const table = await screen.findByRole('region', { name: 'Proposed Logs' });
    await within(table).findByText('CG1-0129');
    // 25 a page, newest log first
    const kilnIds = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[3].textContent);
    expect(kilnIds()).toHaveLength(25);
    expect(kilnIds()[0]).toBe('CG1-0129');
    await userEvent.click(within(rowOf('CG1-0129')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await within(table).findByText('CG1-0104');
    expect(kilnIds()).toHaveLength(5);
    await userEvent.click(within(rowOf('CG1-0100')).getByRole('checkbox'));
    expect(within(selectionBar()).getByText('2 logs selected (20.1 kg CO2)')).toBeInTheDocument();
    // the Log Time header turns the order round: the oldest first
    await userEvent.click(within(table).getByRole('button', { name: /sort by log ?time/i }));
    await within(table).findByText('CG1-0100');
    expect(kilnIds()[0]).toBe('CG1-0100');
    expect(within(rowOf('CG1-0100')).getByRole('checkbox')).toBeChecked();
  });
});
