import { MINUTE_MS } from '../../../mock-server/analysis/constants';
import type { Phases, StepEvent } from '../../../mock-server/analysis/phases';
import type { PreparedSeries } from '../../../mock-server/analysis/series';

// Series and phases built by hand, one reading a minute, so a rule can be met at its edges.

export const START_TS = Date.UTC(2026, 2, 1, 6, 0, 0);

/** kg one reading a minute (smoothed = raw: the rules below read both); thermocouples steady unless given */
export function series(kg: readonly number[], temps: { t1?: readonly number[]; t2?: readonly number[] } = {}): PreparedSeries {
  const n = kg.length;
  const weight = Float64Array.from(kg);
  const t1 = Float64Array.from(temps.t1 ?? kg.map(() => 500));
  const t2 = Float64Array.from(temps.t2 ?? kg.map(() => 450));
  return {
    n,
    ts: Float64Array.from({ length: n }, (_, i) => START_TS + i * MINUTE_MS),
    t1,
    t2,
    raw: weight,
    kg: weight,
    smooth: weight,
    hot: t1,
    cold: t2,
    hotS: t1,
    coldS: t2,
    noiseKg: 0,
    zeroWeight: null,
    perUnitWeight: null,
  };
}

export function phases(found: Partial<Phases>): Phases {
  return {
    heatStart: 0,
    steps: [],
    start: 0,
    peak: 0,
    burnEnd: 0,
    quench: 0,
    quenchFound: true,
    quenchEvidence: 'water',
    quenchStep: null,
    changeover: -1,
    unclear: null,
    ...found,
  };
}

export const step = (start: number, kg: number): StepEvent => ({ start, end: start + 1, kg });
export const flat = (n: number, kg: number) => Array.from({ length: n }, () => kg);
