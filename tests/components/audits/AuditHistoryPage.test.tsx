import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import AuditHistoryPage from '../../../src/audits/AuditHistoryPage';
import { renderWithNotification } from '../support/renderInAdmin';
import { windowWidth } from '../support/windowWidth';
import { fakeProvider, listsBy, makeAuditLog } from './auditFixtures';
import { stubObjectUrls } from '../support/objectUrls';

// pdf.js does not draw in jsdom: a document of two pages, each its number
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  type Children = { children?: ReactNode };
  function Document({ children, onLoadSuccess }: Children & { onLoadSuccess: (doc: { numPages: number }) => void }) {
    useEffect(() => onLoadSuccess({ numPages: 2 }), []);
    return <div>{children}</div>;
  }
  const Page = ({ pageNumber }: { pageNumber: number }) => <div>{`report page ${pageNumber}`}</div>;
  return { Document, Page, pdfjs: { GlobalWorkerOptions: {} }, PasswordResponses: { NEED_PASSWORD: 1, INCORRECT_PASSWORD: 2 } };
});

beforeEach(() => stubObjectUrls('blob:evidence'));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const FACILITIES = [
  { id: 1, mnemonic: 'NCW', name: 'Nairobi Char Works' },
  { id: 2, mnemonic: 'ANB', name: 'Andes Biochar' },
];
const audit = (id: number, day: number) => ({
  id,
  signoff_ts: new Date(2026, 2, day, 15, 4, 9).toISOString(),
  job_id: `AUD-${id}`,
  kiln_type: 0,
  audited_co2: 2015.6,
  audited_biochar: 806.4,
  docKey: `audits/${id}.png`,
  proposed_by_name: 'kilnadmin' as string | null,
  signed_off_by_name: 'superadmin' as string | null,
});
const CARBON = {
  facilities: [
    {
      id: 1,
      name: 'Nairobi Char Works',
      data: [
        { year: 2026, month: 3, audited_co2: 2015.64, utilised_co2: 100, audited_biochar: 806.44 },
        { year: 2025, month: 12, audited_co2: 10, utilised_co2: 0, audited_biochar: 4 },
      ],
    },
    { id: 2, name: 'Andes Biochar', data: [{ year: 2026, month: 1, audited_co2: 500, utilised_co2: 0, audited_biochar: 200 }] },
  ],
};

function renderPage(methods: Record<string, unknown>) {
  return renderWithNotification(
    <AuditHistoryPage />,
    fakeProvider({ listFacilityOptions: async () => FACILITIES, getCo2Summary: async () => CARBON, ...methods }),
  );
}

async function chooseFacility(name: RegExp) {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Facility' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('Audit History (spec §2)', { timeout: 20000 }, () => {
  it("lists the chosen facility's audits, ten a page, with the five columns and their formats", async () => {
    const audits = Array.from({ length: 12 }, (_, i) => audit(20 - i, 20 - i));
    const { getList, calls } = listsBy({ audits: (params) => ({ data: params.filter.facility_id ? audits : [] }) });
    renderPage({ getList });
    expect(await screen.findByText('Choose a facility to see its audits.')).toBeInTheDocument();
    await chooseFacility(/Nairobi/);
    expect(await screen.findByText('20-Mar-2026 15-04-09')).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ resource: 'audits', filter: { facility_id: 1 } }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Audit Date & Time', 'Audit Proposal ID', 'Kiln Type', 'Audited CO2 (kg)', 'Audited Biochar (kg)']),
    );
    const row = screen.getByText('20-Mar-2026 15-04-09').closest('tr') as HTMLElement;
    expect(within(row).getByText('C-Go-1')).toBeInTheDocument();
    // an audit's CO2 reads as it does on Minting and Review Eco Assets: kg with 1 decimal (one rule)
    expect(within(row).getByText('2,015.6')).toBeInTheDocument();
    expect(within(row).getByText('806.4')).toBeInTheDocument();
    // beside the spec's time and proposal number, the job id names the audit as the other screens do
    expect(headers).toContain('Job ID');
    expect(within(row).getByText('AUD-20')).toBeInTheDocument();
  });

  it('says who proposed and who signed off each audit, in its row, on a phone and in Audit Evidence (m14)', async () => {
    const gone = { ...audit(8, 8), signed_off_by_name: null };
    const { getList } = listsBy({ audits: { data: [audit(9, 9), gone] } });
    const getDocument = vi.fn(async () => ({ blob: new Blob(['png']), contentType: 'image/png' }));
    renderPage({ getList, getDocument });
    await chooseFacility(/Nairobi/);
    expect(await screen.findByRole('columnheader', { name: 'Proposed / Signed off by' })).toBeInTheDocument();
    const row = screen.getByText('AUD-9').closest('tr') as HTMLElement;
    expect(within(row).getByText('Proposed by kilnadmin · Signed off by superadmin')).toBeInTheDocument();
    // a deleted user is said to be unknown, not left blank
    const goneRow = screen.getByText('AUD-8').closest('tr') as HTMLElement;
    expect(within(goneRow).getByText('Proposed by kilnadmin · Signed off by unknown user')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'View Audit' }));
    const evidence = await screen.findByRole('dialog', { name: 'Audit Evidence' });
    expect(within(evidence).getByText('Proposed by kilnadmin · Signed off by superadmin')).toBeInTheDocument();
  });

  it('says who proposed and who signed off on the phone list (m14)', async () => {
    windowWidth(390);
    const { getList } = listsBy({ audits: { data: [audit(9, 9)] } });
    renderPage({ getList });
    await chooseFacility(/Nairobi/);
    const list = await screen.findByRole('list', { name: 'Audit History' });
    expect(await within(list).findByText('Proposed by kilnadmin · Signed off by superadmin')).toBeInTheDocument();
  });

  it('asks the provider for pages of 10', async () => {
    const getList = vi.fn(async () => ({ data: [audit(1, 1)], total: 1 }));
    renderPage({ getList });
    await chooseFacility(/Andes/);
    // the filter form applies a choice after its debounce
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'audits',
        expect.objectContaining({ pagination: { page: 1, perPage: 10 }, filter: { facility_id: 2 } }),
      ),
    );
  });

  it('says when the facility and range hold no audit', async () => {
    const { getList } = listsBy({ audits: { data: [] } });
    renderPage({ getList });
    await chooseFacility(/Andes/);
    expect(await screen.findByText('No audit history found for the selected facility and date range.')).toBeInTheDocument();
  });

  it("opens the evidence in 'Audit Evidence' and the burns in 'Audited Logs'", async () => {
    const getDocument = vi.fn(async () => ({ blob: new Blob(['png']), contentType: 'image/png' }));
    const { getList } = listsBy({
      audits: { data: [audit(7, 7)] },
      audited_logs: { data: [{ ...makeAuditLog({ analysis_id: 70, kiln_id: 'CG1-0070' }), id: 70 }] },
    });
    renderPage({ getList, getDocument });
    await chooseFacility(/Nairobi/);
    await userEvent.click(await screen.findByRole('button', { name: 'View Audit' }));
    const evidence = await screen.findByRole('dialog', { name: 'Audit Evidence' });
    expect(await within(evidence).findByRole('img')).toBeInTheDocument();
    expect(getDocument).toHaveBeenCalledWith({ kind: 'evidence', docKey: 'audits/7.png' });
    await userEvent.click(within(evidence).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'View Audited Logs' }));
    const logs = await screen.findByRole('dialog', { name: 'Audited Logs' });
    expect(await within(logs).findByText('CG1-0070')).toBeInTheDocument();
  });

  it('downloads the verification package from a row and from the Audit Evidence modal, under its name; a failure is said', async () => {
    const zip = new Blob(['PK']);
    const getAuditPackage = vi.fn(async () => ({ blob: zip, fileName: 'audit-AUD-7-2026-03-07.zip' }));
    const getDocument = vi.fn(async () => ({ blob: new Blob(['png']), contentType: 'image/png' }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { getList } = listsBy({ audits: { data: [audit(7, 7)] } });
    renderPage({ getList, getDocument, getAuditPackage });
    await chooseFacility(/Nairobi/);
    await userEvent.click(await screen.findByRole('button', { name: 'Download Verification Package' }));
    await waitFor(() => expect(clicked).toEqual(['audit-AUD-7-2026-03-07.zip']));
    expect(getAuditPackage).toHaveBeenCalledWith(7);
    expect(URL.createObjectURL).toHaveBeenCalledWith(zip);

    await userEvent.click(screen.getByRole('button', { name: 'View Audit' }));
    const evidence = await screen.findByRole('dialog', { name: 'Audit Evidence' });
    getAuditPackage.mockRejectedValueOnce(new HttpError('Audit 7 is not signed off yet.', 409));
    await userEvent.click(within(evidence).getByRole('button', { name: 'Download Verification Package' }));
    expect(await screen.findByText(/Audit 7 is not signed off yet\./)).toBeInTheDocument();
    expect(getAuditPackage).toHaveBeenCalledTimes(2);
  });

  it('opens the verification report in the viewer from a row and from the Audit Evidence modal; a failure is said', async () => {
    const getDocument = vi.fn(async (ref: { kind: string }) =>
      ref.kind === 'report'
        ? { blob: new Blob(['%PDF']), contentType: 'application/pdf' }
        : { blob: new Blob(['png']), contentType: 'image/png' },
    );
    const { getList } = listsBy({ audits: { data: [audit(7, 7)] } });
    renderPage({ getList, getDocument });
    await chooseFacility(/Nairobi/);
    await userEvent.click(await screen.findByRole('button', { name: 'View Report' }));
    const report = await screen.findByRole('dialog', { name: 'Verification Report' });
    expect(await within(report).findByText('report page 1')).toBeInTheDocument();
    expect(getDocument).toHaveBeenCalledWith({ kind: 'report', auditId: 7 });
    expect(await within(report).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(report).getByText(/^AUD-7 · .* · Proposal 7$/)).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Download Verification Package' })).toBeInTheDocument();
    await userEvent.click(within(report).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verification Report' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'View Audit' }));
    const evidence = await screen.findByRole('dialog', { name: 'Audit Evidence' });
    getDocument.mockRejectedValueOnce(new HttpError('Audit 7 is not signed off yet.', 409));
    await userEvent.click(within(evidence).getByRole('button', { name: 'View Report' }));
    expect(await screen.findByText('Error retrieving the verification report')).toBeInTheDocument();
    expect(getDocument).toHaveBeenLastCalledWith({ kind: 'report', auditId: 7 });
  });

  it("shows the chosen facility's Facility Carbon Stats: its total, by year or month", async () => {
    const { getList } = listsBy({ audits: { data: [audit(7, 7)] } });
    renderPage({ getList });
    await chooseFacility(/Nairobi/);
    // the chosen facility's panel replaces the all-facilities one once the filter applies
    await waitFor(() => expect(screen.getByRole('button', { name: 'Year' })).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Facility' })).toBeNull());
    const stats = screen.getByRole('region', { name: 'Facility Carbon Stats' });
    expect(await within(stats).findByRole('row', { name: /Total/ })).toHaveTextContent(/^Total2,025\.6\D.*100\.0\D.*810\.4\D/);
    await userEvent.click(within(stats).getByRole('button', { name: 'Month' }));
    expect(
      within(stats)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PeriodAudited CO2 (kg)Utilised CO2 (kg)Audited Biochar (kg)', '2026-Mar2,015.6100.0806.4', '2025-Dec10.00.04.0']);
    await userEvent.click(within(stats).getByRole('switch', { name: 'Total row' }));
    expect(within(stats).getAllByRole('row').at(-1)).toHaveTextContent(/^Total2,025\.6\D.*100\.0\D.*810\.4\D/);
  });

  it("only logs a failed carbon summary and reads 'No audited co2.'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { getList } = listsBy({ audits: { data: [] } });
    renderPage({
      getList,
      getCo2Summary: async () => {
        throw new HttpError('Forbidden.', 403);
      },
    });
    expect(await screen.findByText('No audited co2.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('notifies a failed history read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { getList } = listsBy({ audits: (params) => (params.filter.facility_id ? new HttpError('Forbidden.', 403) : { data: [] }) });
    renderPage({ getList });
    await chooseFacility(/Nairobi/);
    expect(await screen.findByText('Error retrieving audit history.')).toBeInTheDocument();
  });
});

describe('Audit History export', { timeout: 20000 }, () => {
  it('writes one CSV row per audited burn with the analysis version it was certified with', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const frozen = (id: number, version: string) => ({
      ...makeAuditLog({ analysis_id: id, kiln_id: `CG1-${id}`, algorithm_version: version }),
      id,
    });
    const { getList, calls } = listsBy({
      audits: (params) => ({
        data: params.filter.facility_id ? [{ ...audit(7, 7), facility_id: 1, facility_name: 'Nairobi Char Works' }] : [],
      }),
      audited_logs: { data: [frozen(70, '2.0.0'), frozen(71, '1.4.0')] },
    });
    renderPage({ getList });
    await chooseFacility(/Nairobi/);
    await screen.findByText('07-Mar-2026 15-04-09');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await blobs[0].text()).trim().split('\n');
    expect(lines[0]).toContain('Analysis Version');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('CG1-70');
    expect(lines[1]).toMatch(/2\.0\.0$/);
    expect(lines[2]).toMatch(/1\.4\.0$/);
    expect(calls).toContainEqual({ resource: 'audited_logs', filter: { audit_id: 7 } });
  });
});
