import {
  generateBurn,
  KILN_TYPE,
  MESSINESS,
  parseLog,
  resolveCalibration,
  type KilnType,
  type Messiness,
} from '../../mock-server/analysis';
import { createRandom } from '../../mock-server/analysis/prng';
import { orderRows, prepareSeries, type TimeSeries } from '../../mock-server/analysis/series';
import { copyKeyOf, type CopyKey } from '../../src/domain/fleet/copyKey';
import type { WeightScale } from '../helpers/disguise';

/**
 * Clean burns for the duplicate benchmark and tests: independently simulated
 * (each its own seed), of three kilns of each type, with loads, biomass and
 * messiness drawn per burn, several burns of one kiln on one day.
 */

export const BENCH_FACILITY = { latitude_min: -1.45, latitude_max: -1.15, longitude_min: 36.65, longitude_max: 37.05 };

export interface KilnOfType {
  type: KilnType;
  kiln_id: string;
  calibration?: { zero_weight: number; per_g_weight: number };
  scale: WeightScale | null;
  config: string;
}

export const BENCH_KILNS: readonly KilnOfType[] = [
  {
    type: KILN_TYPE.CGO1,
    kiln_id: 'CG1-B001',
    calibration: { zero_weight: 84_210, per_g_weight: 2.5 },
    scale: { zero: 84_210, countsPerKg: 2_500 },
    config: JSON.stringify({ cgo1: { zero_weight: 84_210, per_g_weight: 2.5 } }),
  },
  {
    type: KILN_TYPE.TERRAFIX,
    kiln_id: 'TFX-B001',
    calibration: { zero_weight: 153_400, per_g_weight: 1.8 },
    scale: { zero: 153_400, countsPerKg: 1_800 },
    config: JSON.stringify({ terrafix: { per_g_weight: 1.8 } }),
  },
  { type: KILN_TYPE.RETORT, kiln_id: 'RTR-B001', scale: null, config: '{}' },
];

export interface CleanBurn {
  kiln: KilnOfType;
  text: string;
  seed: number;
}

/** `count` clean burns per kiln type; every fourth at a 60 s reading interval, three of a kiln a day. */
export function cleanBurns(count: number, firstSeed = 40_000): CleanBurn[] {
  const out: CleanBurn[] = [];
  for (const kiln of BENCH_KILNS) {
    for (let i = 0; i < count; i++) {
      const seed = firstSeed + kiln.type * 100_000 + i;
      const draw = createRandom(seed ^ 0xbeef);
      const messiness = MESSINESS.filter(() => draw.next() < 0.25) as Messiness[];
      const loads = kiln.type === KILN_TYPE.RETORT ? 1 : 1 + Math.floor(draw.next() * 6);
      const burn = generateBurn({
        kiln_type: kiln.type,
        kiln_id: kiln.kiln_id,
        seed,
        start_ts: Date.UTC(2026, 5, 1 + Math.floor(i / 3), 6 + 5 * (i % 3), 0),
        calibration: kiln.calibration,
        facility: BENCH_FACILITY,
        truth: {
          biomass_kg: (kiln.type === KILN_TYPE.TERRAFIX ? 900 : kiln.type === KILN_TYPE.RETORT ? 350 : 600) * draw.between(0.6, 1.4),
          loads,
          sample_interval_s: i % 4 === 3 ? 60 : 10,
        },
        messiness: messiness.filter((m) => m !== 'irregular_sampling' || i % 4 !== 3),
      });
      out.push({ kiln, text: burn.text, seed });
    }
  }
  return out;
}

/** A log's readings in time order, as the analysis engine orders them. */
export function orderedSeriesOf(text: string): TimeSeries {
  const parsed = parseLog(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return orderRows(parsed.log.rows);
}

/** A log's copy key (src/domain/fleet/copyKey.ts), from the series the analysis prepares for the kiln it is filed under. */
export function copyKeyOfLog(text: string, kiln: { type: number; config: string }): CopyKey | null {
  const calibration = resolveCalibration({ type: kiln.type, config: kiln.config });
  if ('error_message' in calibration) throw new Error(calibration.error_message);
  return copyKeyOf(prepareSeries(orderedSeriesOf(text), calibration), kiln.type);
}

/** Three burns of one Terrafix on one day with the same load, one seed apart: the closest two independent burns come. */
export const sameDayBurns = (calibration?: { zero_weight: number; per_g_weight: number }): string[] =>
  [0, 1, 2].map(
    (k) =>
      generateBurn({
        kiln_type: KILN_TYPE.TERRAFIX,
        kiln_id: 'TFX-D001',
        seed: 9_001 + k,
        start_ts: Date.UTC(2026, 6, 2, 5 + 5 * k),
        ...(calibration && { calibration }),
        facility: BENCH_FACILITY,
        truth: { biomass_kg: 900, loads: 3 },
      }).text,
  );
