import type { DataProvider } from 'react-admin';
import type { AvailableCo2Response, FacilityEcoAsset } from '../../../src/domain/api/ecoAssets';
import type { EcoAllocation } from '../../../src/providers/ecoAssetEndpoints';

export const fakeProvider = (methods: Record<string, unknown>): Partial<DataProvider> => methods as Partial<DataProvider>;

/** Two facilities: Nairobi with an audit of 120.5 kg (20.5 used) and one used up, Tasmania with 60 kg. */
export function availableCo2(): AvailableCo2Response {
  return {
    audits_by_facility: {
      '2': {
        facility_name: 'Tasmania Biochar',
        available_co2: 60,
        audits: [
          {
            signoff_id: 9,
            audited_co2: 60,
            utilised_co2: 0,
            signoff_ts: '2026-06-02T12:00:00.000Z',
            job_id: 'AUD-2026-06-09',
            methodology: 'puro-2025',
            methodology_version: 1,
          },
        ],
      },
      '1': {
        facility_name: 'Nairobi Biochar',
        available_co2: 100,
        audits: [
          {
            signoff_id: 3,
            audited_co2: 120.5,
            utilised_co2: 20.5,
            signoff_ts: '2026-05-20T12:00:00.000Z',
            job_id: 'AUD-2026-05-03',
            methodology: 'spec-factor',
            methodology_version: 1,
          },
          {
            signoff_id: 4,
            audited_co2: 50,
            utilised_co2: 50,
            signoff_ts: '2026-05-21T12:00:00.000Z',
            job_id: 'AUD-2026-05-04',
            methodology: 'spec-factor',
            methodology_version: 1,
          },
        ],
      },
    },
  };
}

/** An eco asset of one facility's list, drawn from that facility alone unless overridden. */
export const ecoAsset = (id: number, overrides: Partial<FacilityEcoAsset> = {}): FacilityEcoAsset => ({
  id,
  minting_note: `Note ${id}`,
  transaction_id: `TX-${id}`,
  co2_allocated: 10 * id,
  co2_issued: overrides.co2_allocated ?? 10 * id,
  co2_buffer: 0,
  co2_retired: 0,
  serial_first: id * 100_000 + 1,
  serial_last: id * 100_000 + (overrides.co2_allocated ?? 10 * id) * 1000,
  buffer_serial_first: null,
  buffer_serial_last: null,
  minted_ts: '2026-06-10T00:00:00.000Z',
  facility_co2: overrides.co2_allocated ?? 10 * id,
  facility_count: 1,
  ...overrides,
});

export const allocation = (signoffId: number, overrides: Partial<EcoAllocation> = {}): EcoAllocation => ({
  id: signoffId,
  eco_asset_id: 1,
  signoff_id: signoffId,
  signoff_ts: '2026-05-20T12:00:00.000Z',
  co2_allocated: 12.5,
  doc_key: `audit-evidence/${signoffId}.pdf`,
  evidence_mime_type: 'application/pdf',
  job_id: `AUD-${signoffId}`,
  facility_id: 1,
  facility_name: 'Nairobi Biochar',
  ...overrides,
});
