import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EcoAssetProvenance } from '../../../src/domain/api/ecoAssets';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});
// whole-console renders on a loaded 2-core machine
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30000 });

const PROVENANCE: EcoAssetProvenance = {
  eco_asset: {
    id: 7,
    minting_note: 'Ledger sale',
    transaction_id: 'TX-7',
    co2_allocated: 12.345,
    co2_issued: 11.11,
    co2_buffer: 1.235,
    co2_retired: 5,
    serial_first: 1_000_001,
    serial_last: 1_011_110,
    buffer_serial_first: 1_011_111,
    buffer_serial_last: 1_012_345,
    minted_ts: '2026-11-20T10:00:00.000Z',
  },
  retirements: [
    {
      id: 1,
      eco_asset_id: 7,
      co2_retired: 5,
      serial_first: 1_000_001,
      serial_last: 1_005_000,
      beneficiary: 'Acme Corp',
      purpose: '2026 claim',
      retired_ts: '2026-11-21T10:00:00.000Z',
    },
  ],
  allocations: [
    {
      signoff_id: 3,
      co2_allocated: 12.345,
      job_id: 'AUD-3',
      kiln_type: 0,
      facility_id: 1,
      facility_name: 'Nairobi Biochar',
      signoff_ts: '2026-11-19T10:00:00.000Z',
      doc_key: 'audit-evidence/3.pdf',
      evidence_mime_type: 'application/pdf',
      audited_co2: 40,
      package_sha256: 'a'.repeat(64),
      burns: [
        {
          analysis_id: 41,
          kiln_id: 'KLN-9',
          logts: '2026-11-01 08:00:00',
          co2_removed: 40,
          biochar_produced: 20,
          algorithm_version: '2.1.0',
          signed: false,
          key_fingerprint: null,
          file_name: 'burn-41.csv',
          sha256: 'b'.repeat(64),
        },
      ],
    },
  ],
};

describe('the provenance page /eco-assets/{id}', () => {
  it('shows the asset, its serial blocks and retirements, the audits and their burns, and notifies a raw log that cannot be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await logInAs(0, 'superadmin');
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url);
      if (url === '/api/eco-asset/7/provenance') return json(PROVENANCE);
      if (url === '/api/kilnlogs/41/download') return json({ message: 'storage down' }, 500);
      return json([]);
    });
    renderApp('/eco-assets/7');
    expect(await screen.findByRole('heading', { level: 2, name: /^Eco asset 7 · TX-7/ })).toHaveTextContent('Partly retired');
    expect(screen.getByTestId('issued-block')).toHaveTextContent('KC-1,000,001-1,011,110');
    expect(screen.getByTestId('buffer-block')).toHaveTextContent('KC-1,011,111-1,012,345');
    const retirement = within(screen.getByRole('table', { name: 'Retirements' })).getByRole('row', { name: /Acme Corp/ });
    expect(retirement).toHaveTextContent('KC-1,000,001-1,005,000');
    const burn = within(screen.getByRole('table', { name: 'Burns' })).getByRole('row', { name: /KLN-9/ });
    expect(burn).toHaveTextContent('unsigned');
    expect(burn).toHaveTextContent('2.1.0');
    expect(burn).toHaveTextContent('burn-41.csv');

    await userEvent.setup().click(await within(burn).findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Error downloading kiln log.')).toBeInTheDocument();
    expect(calls).toContain('/api/kilnlogs/41/download');
  });

  it.each([
    { status: 403, text: 'Certificates are issued to brokers only.', said: "the server's sentence of a refusal" },
    { status: 500, text: 'Unknown server error. Try again later or contact support.', said: 'the generic text of any other failure' },
  ])('notifies a certificate that cannot be downloaded ($status) by status: $said', async ({ status, text }) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await logInAs(5, 'broker');
    mockFetch((url) => {
      if (url === '/api/eco-asset/7/provenance') return json(PROVENANCE);
      if (url === '/api/eco-asset/7/certificate') return json({ message: status === 500 ? 'storage down' : text }, status);
      return json([]);
    });
    renderApp('/eco-assets/7');
    const button = await screen.findByRole('button', { name: 'Download Certificate' });
    await userEvent.setup().click(button);
    const notified = (await screen.findByText('The certificate could not be downloaded.')).closest('[role="alert"]');
    expect(notified).toHaveTextContent(text);
    expect(button).toBeEnabled();
  });

  it('says there is no such eco asset for an id the server does not know, or one that is no id, without a certificate to download', async () => {
    await logInAs(5, 'broker');
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url);
      if (url === '/api/eco-asset/99/provenance') return json({ message: 'No such eco asset.' }, 404);
      return json([]);
    });
    const { unmount } = renderApp('/eco-assets/99');
    expect(await screen.findByText('There is no such eco asset.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Certificate' })).not.toBeInTheDocument();
    unmount();
    renderApp('/eco-assets/abc');
    expect(await screen.findByText('There is no such eco asset.')).toBeInTheDocument();
    expect(calls.filter((url) => url.includes('/provenance'))).toEqual(['/api/eco-asset/99/provenance']);
  });
});
