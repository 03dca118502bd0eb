import type { FleetBurnRecord } from '../../mock-server/store/model';
import { ANOMALY_VERSION, CURVE_POINTS } from '../../src/domain/fleet/fingerprint';
import type { CopyKey } from '../../src/domain/fleet/copyKey';
import { COPY_KEY_VERSION } from '../../src/domain/fleet/copyKey';
import { random } from '../store/fixtures';

const HOUR = 3_600_000;
const BOX = { latitude_min: -1.5, latitude_max: -1.1, longitude_min: 36.6, longitude_max: 37.1 };

/**
 * Fleet records of two kilns as messy as a long-running fleet's: start times
 * that tie, burns without a tare (a Retort's) or a yield, invalid burns, and
 * kilns read far outside their box now and then, curves at levels a few
 * degrees and kilograms apart, some with a point missing. One record per log id given,
 * dealt to kiln 1 (most) and kiln 2.
 */
export function fleetHistoryBurns(logIds: readonly number[], o: { facility_id: number; seed: number }): FleetBurnRecord[] {
  const rnd = random(o.seed);
  const pick = <T>(chance: number, yes: () => T, no: T): T => (rnd() < chance ? yes() : no);
  return logIds.map((log_id) => {
    const kiln = rnd() < 0.8 ? 1 : 2;
    // a day of 40 slots: many burns share a start
    const start_ts = Date.UTC(2026, 0, 1) + Math.floor(rnd() * 40) * 6 * HOUR;
    const far = rnd() < 0.1;
    const curve = (level: number) =>
      Array.from({ length: CURVE_POINTS }, (_, i) => (rnd() < 0.01 ? null : Math.round(level + 100 * Math.sin(i / 8))));
    const [temp_curve, weight_curve] = [curve(400 + Math.floor(rnd() * 20) * 5), curve(250 + Math.floor(rnd() * 20))];
    const latitude = far ? 5 + rnd() : -1.3 + rnd() * 0.1;
    const longitude = far ? 40 + rnd() : 36.8 + rnd() * 0.1;
    const span_ms = 4 * HOUR + Math.floor(rnd() * 10) * 10 * 60_000;
    return {
      log_id,
      kiln,
      kiln_id: `CG1-000${kiln}`,
      facility_id: o.facility_id,
      kiln_type: 0,
      logts: new Date(start_ts).toISOString().slice(0, 19),
      start_ts,
      span_ms,
      latitude,
      longitude,
      valid: rnd() < 0.7,
      reasons: [],
      burn_duration: 4,
      biomass_loaded: 500,
      biochar_produced: 100,
      co2_removed: 200,
      version: ANOMALY_VERSION,
      fingerprint: {
        kiln_type: 0,
        start_ts,
        span_ms,
        latitude,
        longitude,
        box: BOX,
        char_yield: pick(0.8, () => 0.1 + rnd() * 0.3, null),
        tare_kg: pick(0.65, () => 180 + rnd() * 8, null),
        max_heating_c_min: rnd() * 40,
        max_cooling_c_min: rnd() * 40,
        temp_curve,
        weight_curve,
      },
    };
  });
}

/** A C-Go-1 burn's copy key (src/domain/fleet/copyKey.ts) as a 10-second log of three loads gives it, or with some numbers changed. */
export const copyKeyOfFixture = (changes: Partial<CopyKey> = {}): CopyKey => ({
  version: COPY_KEY_VERSION,
  kiln_type: 0,
  interval_s: 10,
  loaded_at_start: false,
  full_kg: 612.4,
  char_kg: 131.2,
  last_load_kg: 180.5,
  prev_load_kg: 201.3,
  hot_c: 702.3,
  quench_c: 655.1,
  cold_c: 24.2,
  span_s: 16_200,
  lead_s: 600,
  burn_s: 12_600,
  heat_s: 420,
  peak_s: 9_000,
  char_yield: 0.2011,
  load_pattern: [-0.1093, 0.4, 0.05, 0.7],
  ...changes,
});
