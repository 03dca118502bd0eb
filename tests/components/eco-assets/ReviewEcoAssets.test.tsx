import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification, type GetListParams } from 'react-admin';
import ReviewEcoAssetsPage from '../../../src/eco-assets/ReviewEcoAssetsPage';
import { formatSignoffTime } from '../../../src/domain/dates';
import { renderInAdmin } from '../support/renderInAdmin';
import { allocation, ecoAsset, fakeProvider } from './ecoFixtures';
import { stubObjectUrls } from '../support/objectUrls';

const FACILITIES = [
  { id: 1, mnemonic: 'NRB', name: 'Nairobi Biochar' },
  { id: 2, mnemonic: 'TAS', name: 'Tasmania Biochar' },
];

beforeEach(() => {
  // the page keeps its facility and selection in the URL: each test starts from none
  window.location.hash = '#/';
  stubObjectUrls('blob:evidence');
  // jsdom lays nothing out: every box is 0×0 where the test's pointer is, so the panes' resize
  // handle would take every press for a drag of itself; it is put out of the way
  const box = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return this.hasAttribute('data-panel-resize-handle-id') ? new DOMRect(-1000, -1000, 12, 400) : box.call(this);
  });
});
afterEach(() => vi.restoreAllMocks());

type Lists = Record<string, (filter: Record<string, unknown>) => Promise<{ data: object[]; total: number }>>;

function renderReview(lists: Lists, more: Record<string, unknown> = {}) {
  const getList = vi.fn((resource: string, params: GetListParams) => {
    const list = lists[resource];
    if (!list) throw new Error(`unexpected list ${resource}`);
    return list(params.filter);
  });
  renderInAdmin(
    <>
      <ReviewEcoAssetsPage />
      <Notification />
    </>,
    fakeProvider({
      listFacilityOptions: async () => FACILITIES,
      getOne: async (_resource: string, { id }: { id: number }) => ({ data: { id, latest_facility_audit_id: id === 1 ? 12 : null } }),
      getList,
      ...more,
    }),
  );
  return getList;
}

const rows = (assets: object[]) => async () => ({ data: assets, total: assets.length });

async function pick(name: string) {
  const user = userEvent.setup();
  // the dropdown waits for its items
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Facility' })).not.toHaveAttribute('aria-disabled', 'true'));
  await user.click(screen.getByRole('combobox', { name: 'Facility' }));
  await user.click(await screen.findByRole('option', { name }));
}

const assetTable = () => within(screen.getByRole('table', { name: 'Eco Assets' }));

describe('Eco-Asset Broker Review (spec §2)', { timeout: 20000 }, () => {
  it('lists nothing until a facility is chosen, then its eco assets; a row click shows its allocations, highlighted', async () => {
    const getList = renderReview({
      eco_assets: async (filter) => ({
        data: filter.facility_id === 1 ? [ecoAsset(2), ecoAsset(1, { minting_note: 'First sale', co2_allocated: 1234.5 })] : [],
        total: 0,
      }),
      eco_allocations: async (filter) => ({
        data: filter.eco_asset_id === 1 ? [allocation(3), allocation(9, { co2_allocated: 2.25 })] : [],
        total: 0,
      }),
    });
    expect(await screen.findByText('Select a facility to see the eco assets minted from its audits.')).toBeInTheDocument();
    expect(getList).not.toHaveBeenCalled();

    await pick('NRB – Nairobi Biochar');
    const header = assetTable()
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual(['Minting Note', 'Transaction ID', 'CO2 Allocated', 'Serial Block', 'Issued (kg)', 'Buffer (kg)']);
    const first = (await screen.findByText('First sale')).closest('tr') as HTMLElement;
    expect(within(first).getByText('1,234.5')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-selected', 'false');
    // the facility's total: what its audits gave these assets
    expect(
      within(screen.getByText("Total from this facility's audits").closest('tr') as HTMLElement).getByText('1,254.5'),
    ).toBeInTheDocument();
    expect(screen.getByText('Select an eco asset to see the audits it draws on.')).toBeInTheDocument();

    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveClass('Mui-selected');
    expect(getComputedStyle(first.querySelector('td') as HTMLElement).borderLeftWidth).toBe('4px');
    // one accordion item per audit: its name (job id · signoff time · proposal), its facility and kg
    const items = await screen.findAllByRole('button', { name: new RegExp(formatSignoffTime('2026-05-20T12:00:00.000Z')) });
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(`AUD-3 · ${formatSignoffTime('2026-05-20T12:00:00.000Z')} · Proposal 3`);
    expect(items[0]).toHaveTextContent('Nairobi Biochar');
    expect(items[1]).toHaveTextContent('2.3 kg allocated');
    expect(getList).toHaveBeenCalledWith('eco_allocations', expect.objectContaining({ filter: { eco_asset_id: 1 } }));

    // another facility shows its own eco assets, and the selection goes
    await pick('TAS – Tasmania Biochar');
    expect(await screen.findByText("No eco asset has been minted from this facility's audits.")).toBeInTheDocument();
    expect(screen.getByText('Select an eco asset to see the audits it draws on.')).toBeInTheDocument();
  });

  it("shows a facility's share of an asset spanning facilities, and labels allocations from another facility", async () => {
    renderReview({
      eco_assets: async (filter) => ({
        data:
          filter.facility_id === 1
            ? [ecoAsset(5, { minting_note: 'Two sites', co2_allocated: 794, facility_co2: 393, facility_count: 2 }), ecoAsset(1)]
            : [],
        total: 0,
      }),
      eco_allocations: async () => ({
        data: [
          allocation(3, { co2_allocated: 393 }),
          allocation(8, { co2_allocated: 401, facility_id: 2, facility_name: 'Tasmania Biochar', job_id: 'AUD-2025-08-02' }),
        ],
        total: 0,
      }),
    });
    await pick('NRB – Nairobi Biochar');
    const spanning = (await screen.findByText('Two sites')).closest('tr') as HTMLElement;
    // this facility's part, and the whole asset labelled as spanning two facilities
    expect(within(spanning).getByText('393.0')).toBeInTheDocument();
    expect(within(spanning).getByText('of 794.0 kg over 2 facilities')).toBeInTheDocument();
    expect(within(screen.getByText('Note 1').closest('tr') as HTMLElement).queryByText(/over/)).not.toBeInTheDocument();
    // the total reconciles with the facility's utilised CO2: 393 + 10, never Tasmania's 401
    expect(
      within(screen.getByText("Total from this facility's audits").closest('tr') as HTMLElement).getByText('403.0'),
    ).toBeInTheDocument();

    await userEvent.click(spanning);
    const own = await screen.findByRole('button', { name: /AUD-3 .* 393\.0 kg allocated/ });
    const other = screen.getByRole('button', { name: /AUD-2025-08-02 .* 401\.0 kg allocated/ });
    expect(own).toHaveTextContent('Nairobi Biochar');
    expect(within(own).queryByText('Other facility')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('Tasmania Biochar');
    expect(within(other).getByText('Other facility')).toBeInTheDocument();
  });

  it("selects a row with the keyboard, and opens the evidence and the Audited Logs modal of an allocation, and downloads its audit's verification package", async () => {
    const getDocument = vi.fn(async () => ({ blob: new Blob(['png'], { type: 'image/png' }), contentType: 'image/png' }));
    const getAuditPackage = vi.fn(async () => ({ blob: new Blob(['PK']), fileName: 'audit-AUD-3.zip' }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderReview(
      {
        eco_assets: rows([ecoAsset(1)]),
        eco_allocations: rows([allocation(3)]),
        audited_logs: rows([]),
      },
      { getDocument, getAuditPackage },
    );
    await pick('NRB – Nairobi Biochar');
    const row = (await screen.findByText('Note 1')).closest('tr') as HTMLElement;
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(row).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(await screen.findByRole('button', { name: new RegExp('12.5 kg allocated') }));

    await userEvent.click(screen.getByRole('button', { name: 'View Evidence' }));
    const evidence = await screen.findByRole('dialog', { name: 'Audit Evidence' });
    await waitFor(() => expect(getDocument).toHaveBeenCalledWith({ kind: 'evidence', docKey: 'audit-evidence/3.pdf' }));
    await userEvent.click(within(evidence).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Audited Logs' }));
    expect(await screen.findByRole('dialog', { name: 'Audited Logs' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Download Verification Package' }));
    await waitFor(() => expect(getAuditPackage).toHaveBeenCalledWith(3));
  });

  it("marks retired assets, filters the list by retirement keeping the Total row the facility's, and links every row to its provenance", async () => {
    renderReview({
      eco_assets: rows([
        ecoAsset(3, { minting_note: 'All gone', co2_retired: 30 }),
        ecoAsset(2, { minting_note: 'Half gone', co2_retired: 5 }),
        ecoAsset(1, { minting_note: 'Untouched' }),
      ]),
      eco_allocations: rows([]),
    });
    await pick('NRB – Nairobi Biochar');
    const rowOf = async (note: string) => (await screen.findByText(note)).closest('tr') as HTMLElement;
    expect(within(await rowOf('All gone')).getByText('Retired')).toBeInTheDocument();
    expect(within(await rowOf('Half gone')).getByText('Partly retired')).toBeInTheDocument();
    expect(within(await rowOf('Untouched')).queryByText(/retired/i)).not.toBeInTheDocument();
    // every row links to its provenance page, /eco-assets/{id} (the test's router is a hash router)
    for (const [note, id] of [
      ['All gone', 3],
      ['Half gone', 2],
      ['Untouched', 1],
    ] as const) {
      expect(within(await rowOf(note)).getByRole('link', { name: `Provenance of TX-${id}` })).toHaveAttribute('href', `#/eco-assets/${id}`);
    }
    const total = () => within(screen.getByText("Total from this facility's audits").closest('tr') as HTMLElement);
    expect(total().getByText('60.0')).toBeInTheDocument();

    const show = async (option: string) => {
      await userEvent.click(screen.getByRole('combobox', { name: 'Show' }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    const notes = () =>
      assetTable()
        .getAllByRole('row')
        .slice(1, -1)
        .map((row) => within(row).getAllByRole('cell')[0].firstChild?.textContent);
    await show('Retired (all or part)');
    await waitFor(() => expect(notes()).toEqual(['All gone', 'Half gone']));
    // the footer is the facility's utilised CO2 whatever the filter hides
    expect(total().getByText('60.0')).toBeInTheDocument();
    await show('Not retired');
    await waitFor(() => expect(notes()).toEqual(['Untouched']));
    expect(total().getByText('60.0')).toBeInTheDocument();
    await show('All');
    await waitFor(() => expect(notes()).toEqual(['All gone', 'Half gone', 'Untouched']));
  });

  it('retires units of the selected asset for a beneficiary, within what is left, and not of one retired whole', async () => {
    let retired = 0;
    const retireEcoAsset = vi.fn(async (_id: number, payload: { kg: number }) => {
      retired += payload.kg;
      return {};
    });
    renderReview(
      {
        eco_assets: async () => ({
          data: [ecoAsset(2, { minting_note: 'All gone', co2_retired: 20 }), ecoAsset(1, { minting_note: 'Open', co2_retired: retired })],
          total: 2,
        }),
        eco_allocations: rows([]),
      },
      { retireEcoAsset },
    );
    await pick('NRB – Nairobi Biochar');
    const retire = () => screen.getByRole('button', { name: 'Retire' });
    expect(retire()).toBeDisabled();
    await userEvent.click(await screen.findByText('All gone'));
    expect(retire()).toBeDisabled();
    await userEvent.click(screen.getByText('Open'));
    await waitFor(() => expect(retire()).toBeEnabled());
    await userEvent.click(retire());
    const dialog = within(await screen.findByRole('dialog', { name: 'Retire units of TX-1' }));
    expect(dialog.getByText('Up to 10.000 kg left to retire')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /^CO2 to retire/ }), '10.001');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Beneficiary/ }), ' Acme Corp ');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled());
    await userEvent.clear(dialog.getByRole('textbox', { name: /^CO2 to retire/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^CO2 to retire/ }), '2.5');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled());
    await userEvent.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(retireEcoAsset).toHaveBeenCalledWith(1, { kg: 2.5, beneficiary: 'Acme Corp', purpose: '' }));
    expect(await screen.findByText('Units retired.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the list is read again: the asset is now marked
    expect(await within(screen.getByText('Open').closest('tr') as HTMLElement).findByText('Partly retired')).toBeInTheDocument();
  });

  it('keeps the facility, the selected asset and the filter in the URL, so Back from a provenance page returns to them', async () => {
    window.location.hash = '#/?facility=1&asset=2&show=retired';
    renderReview({
      eco_assets: async (filter) => ({
        data: filter.facility_id === 1 ? [ecoAsset(2, { minting_note: 'Half gone', co2_retired: 5 }), ecoAsset(1)] : [],
        total: 0,
      }),
      eco_allocations: rows([allocation(3)]),
    });
    const row = (await screen.findByText('Half gone')).closest('tr') as HTMLElement;
    expect(row).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Note 1')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveTextContent('Retired (all or part)');
    // another facility: the selection goes from the URL, the filter stays
    await pick('TAS – Tasmania Biochar');
    await waitFor(() => expect(new URLSearchParams(window.location.hash.split('?')[1]).get('facility')).toBe('2'));
    const query = new URLSearchParams(window.location.hash.split('?')[1]);
    expect(query.get('asset')).toBeNull();
    expect(query.get('show')).toBe('retired');
  });

  it('says when the filter hides every eco asset of the facility, not that none was minted', async () => {
    renderReview({ eco_assets: rows([ecoAsset(1)]) });
    await pick('NRB – Nairobi Biochar');
    await screen.findByText('Note 1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Retired (all or part)' }));
    expect(await screen.findByText('No eco asset of this facility matches the filter: choose All to see every one.')).toBeInTheDocument();
    expect(screen.queryByText("No eco asset has been minted from this facility's audits.")).not.toBeInTheDocument();
  });

  it("opens the facility's latest audit, and says 'No Audit' for a facility with none", async () => {
    const getDocument = vi.fn(async () => ({ blob: new Blob(['png'], { type: 'image/png' }), contentType: 'image/png' }));
    renderReview({ eco_assets: rows([]) }, { getDocument });
    expect(screen.getByRole('button', { name: 'View Facility Audit' })).toBeDisabled();
    await pick('NRB – Nairobi Biochar');
    const view = screen.getByRole('button', { name: 'View Facility Audit' });
    await waitFor(() => expect(view).toBeEnabled());
    await userEvent.click(view);
    expect(await screen.findByRole('dialog', { name: 'Facility Audit' })).toBeInTheDocument();
    await waitFor(() => expect(getDocument).toHaveBeenCalledWith({ kind: 'statement', facilityId: 1, statementId: 12 }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await pick('TAS – Tasmania Biochar');
    await waitFor(() => expect(screen.getByRole('button', { name: 'View Facility Audit' })).toBeDisabled());
    await userEvent.hover(screen.getByRole('button', { name: 'View Facility Audit' }).parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('No Audit');
  });

  it('notifies failures with the spec titles: the eco asset list and the eco-asset audit data', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderReview({
      eco_assets: rows([ecoAsset(1)]),
      eco_allocations: async () => {
        throw new HttpError('nope', 404);
      },
    });
    await pick('NRB – Nairobi Biochar');
    await userEvent.click(await screen.findByText('Note 1'));
    expect(await screen.findByText('Error retrieving eco-asset audit data')).toBeInTheDocument();
    expect(screen.getByText('The audit allocations could not be loaded.')).toBeInTheDocument();
  });

  it('notifies a failed eco asset list with its spec texts and shows Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderReview({
      eco_assets: async () => {
        throw new HttpError('forbidden', 403);
      },
    });
    await pick('NRB – Nairobi Biochar');
    expect(await screen.findByText('Error retrieving available audits.')).toBeInTheDocument();
    expect(screen.getByText('An unknown error occurred retrieving the eco assets. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('The eco assets could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
