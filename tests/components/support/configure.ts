import type { Kiln, KilnRegistryResponse } from '../../../src/domain/api/configure';

export function makeKiln(overrides: Partial<Kiln> = {}): Kiln {
  return {
    id: 1,
    kiln_id: 'CG1-0001',
    facility_id: 1,
    facility_mnemonic: 'NCW',
    facility_name: 'Nairobi Char Works',
    type: 0,
    install_date: '2024-03-07',
    last_update: '2025-01-02T10:00:00.000Z',
    config: '{}',
    approved_ts: '2025-01-02T10:00:00.000Z',
    approved_by: 1,
    calibration_pending: false,
    ...overrides,
  };
}

export const REGISTRY: KilnRegistryResponse = {
  kilns: [
    makeKiln({ config: JSON.stringify({ cgo1: { per_g_weight: 12.3456, zero_weight: 8000.25 } }) }),
    makeKiln({ id: 2, kiln_id: 'RT-0002', type: 1 }),
    makeKiln({ id: 3, kiln_id: 'TX-0003', type: 2, facility_id: 2, facility_mnemonic: 'KSM', facility_name: 'Kisumu Biochar' }),
    makeKiln({ id: 4, kiln_id: 'ODD-4', type: 9 }),
  ],
  facilities: [
    { id: 1, mnemonic: 'NCW', name: 'Nairobi Char Works' },
    { id: 2, mnemonic: 'KSM', name: 'Kisumu Biochar' },
  ],
};

/** The JSON body a mocked fetch was called with. */
export const jsonBody = (init: RequestInit): unknown => JSON.parse(String(init.body));
