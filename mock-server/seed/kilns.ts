import type { KilnConfig } from '../../src/domain/api/configure';
import { KILN_TYPES } from '../../src/domain/kilnTypes';
import type { Seeder } from '.';
import { initialCalibration } from '../store/calibrationRules';

export interface DemoKiln {
  id: number;
  kiln_id: string;
  facility_id: number;
  type: number;
  install_date: string;
  config: KilnConfig;
}

const { CGO1, RETORT, TERRAFIX } = KILN_TYPES;
/** C-Go-1 load cells: raw counts per gram and the raw reading of the empty kiln. */
const cgo1 = (per_g_weight: number, zero_weight: number): KilnConfig => ({ cgo1: { per_g_weight, zero_weight } });
/** Terrafix load cells are tared from the log itself, so only counts per gram are configured. */
const terrafix = (per_g_weight: number): KilnConfig => ({ terrafix: { per_g_weight } });

/** Twelve kilns of all three types across the four demo facilities (docs/product.md#demo-data). */
export const DEMO_KILNS: readonly DemoKiln[] = [
  { id: 1, kiln_id: 'CG1-0007', facility_id: 1, type: CGO1, install_date: '2023-04-18', config: cgo1(10.2345, 8123.45) },
  { id: 2, kiln_id: 'CG1-0012', facility_id: 1, type: CGO1, install_date: '2023-11-02', config: cgo1(10.1876, 7984.1) },
  { id: 3, kiln_id: 'RTR-0003', facility_id: 1, type: RETORT, install_date: '2024-02-20', config: {} },
  { id: 4, kiln_id: 'CG1-0015', facility_id: 2, type: CGO1, install_date: '2024-01-09', config: cgo1(9.9712, 8250.8) },
  { id: 5, kiln_id: 'TFX-0002', facility_id: 2, type: TERRAFIX, install_date: '2024-03-14', config: terrafix(4.8712) },
  { id: 6, kiln_id: 'RTR-0005', facility_id: 2, type: RETORT, install_date: '2024-07-30', config: {} },
  { id: 7, kiln_id: 'TFX-0004', facility_id: 3, type: TERRAFIX, install_date: '2023-09-05', config: terrafix(5.0231) },
  { id: 8, kiln_id: 'CG1-0021', facility_id: 3, type: CGO1, install_date: '2024-05-22', config: cgo1(10.4402, 8011.35) },
  { id: 9, kiln_id: 'RTR-0008', facility_id: 3, type: RETORT, install_date: '2024-10-11', config: {} },
  { id: 10, kiln_id: 'TFX-0006', facility_id: 4, type: TERRAFIX, install_date: '2024-04-03', config: terrafix(4.9547) },
  { id: 11, kiln_id: 'CG1-0024', facility_id: 4, type: CGO1, install_date: '2024-08-16', config: cgo1(10.0563, 8190.6) },
  { id: 12, kiln_id: 'RTR-0011', facility_id: 4, type: RETORT, install_date: '2025-01-27', config: {} },
];

/** The super-admin (docs/product.md#demo-data, demo accounts), who approved the demo kilns. */
const SUPER_ADMIN_ID = 1;

export const seedKilns: Seeder = (state) => {
  const now = new Date().toISOString();
  state.kilns = DEMO_KILNS.map((k) => ({
    ...k,
    config: JSON.stringify(k.config),
    last_update: now,
    approved_ts: now,
    approved_by: SUPER_ADMIN_ID,
  }));
  // each demo kiln's calibration since its install date: its version 1, as the upgrade makes it
  state.kiln_calibrations = state.kilns.map((k, i) => ({ id: i + 1, ...initialCalibration(k) }));
};

/**
 * A kiln the facility admin registered at Nakuru and no super-admin has
 * approved yet: the Kiln Registry shows it pending. Added after the logs are
 * made, so the demo's burns stay as they were; it has none yet.
 */
export const PENDING_DEMO_KILN: DemoKiln = {
  id: 13,
  kiln_id: 'CG1-0026',
  facility_id: 2,
  type: CGO1,
  install_date: '2025-10-06',
  config: cgo1(10.0921, 8066.4),
};

export const seedPendingKiln: Seeder = (state) => {
  const k = PENDING_DEMO_KILN;
  state.kilns.push({ ...k, config: JSON.stringify(k.config), last_update: new Date().toISOString(), approved_ts: null, approved_by: null });
};
