import { generateBurn, KILN_TYPE, type BurnFault } from '../../mock-server/analysis';
import { DEFAULT_CALIBRATION } from '../../mock-server/analysis/generate';
import type { FacilityRecord, KilnRecord } from '../../mock-server/store/model';
import type { TestServer } from './testServer';

/** A C-Go-1 kiln registered straight in the store (either store), calibrated as the generator's default. */
export function addTestKiln(server: TestServer, kilnId: string, facilityId: number): Promise<KilnRecord> {
  return server.ctx.data.kilns.create(cgo1Kiln(kilnId, facilityId, new Date().toISOString()));
}

/** The fields of a C-Go-1 kiln calibrated as the generator's default, installed 2024-01-01, changed and approved at `at`. */
export function cgo1Kiln(kilnId: string, facilityId: number, at: string): Omit<KilnRecord, 'id'> {
  return {
    kiln_id: kilnId,
    facility_id: facilityId,
    type: KILN_TYPE.CGO1,
    install_date: '2024-01-01',
    last_update: at,
    config: JSON.stringify({ cgo1: DEFAULT_CALIBRATION.cgo1 }),
    approved_ts: at,
    approved_by: null,
  };
}

let seedCounter = 7_000_000;

/** The CSV a kiln in `facility` would upload for one burn; a new burn on every call unless `seed` is given. */
export function burnCsv(kilnId: string, facility: FacilityRecord, options: { fault?: BurnFault; seed?: number } = {}): string {
  return generateBurn({
    kiln_type: KILN_TYPE.CGO1,
    kiln_id: kilnId,
    seed: options.seed ?? seedCounter++,
    start_ts: Date.UTC(2026, 2, 1, 6, 0, 0),
    facility,
    fault: options.fault,
  }).text;
}
