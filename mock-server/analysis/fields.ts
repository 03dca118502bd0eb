import type { FacilitySettings } from './config';
import { KILN_TYPE, type KilnType, MEDIAN_WINDOW_MS, MINUTE_MS, QUENCH_GAIN_WINDOW_MS } from './constants';
import type { Phases, StepEvent } from './phases';
import { medianBetween, type PreparedSeries, upperBound } from './series';

/** The Terrafix-only figures of docs/analysis.md#figures-and-formulas. */
export interface TerrafixFigures {
  fromChangeoverKg: number | null;
  lessChangeKg: number;
  minT1: number;
  maxT1: number;
  minT2: number;
  maxT2: number;
}

/** docs/analysis.md#figures-and-formulas, unrounded. */
export interface BurnFigures {
  burnMs: number;
  /** load steps counted in the burn */
  loads: StepEvent[];
  biomassKg: number;
  loadingRate: number;
  priorKg: number;
  unpyrolizedKg: number;
  biocharKg: number;
  charingRate: number;
  co2Kg: number;
  terrafix: TerrafixFigures | null;
}

const perMinute = (kg: number, ms: number): number => (ms > 0 ? kg / (ms / MINUTE_MS) : 0);

/** Median kg over the MEDIAN_WINDOW_MS ending at sample i. */
function medianBefore(series: PreparedSeries, i: number): number {
  return medianBetween(series.kg, series.ts, series.ts[i] - MEDIAN_WINDOW_MS, series.ts[i]);
}

function minMax(values: Float64Array, from: number, to: number): { min: number; max: number } {
  let min = NaN;
  let max = NaN;
  for (let i = from; i <= to; i++) {
    const v = values[i];
    if (v !== v) continue;
    if (!(v >= min)) min = v;
    if (!(v <= max)) max = v;
  }
  return { min, max };
}

/**
 * The sample the Terrafix quench gain is looked for from, until QUENCH_GAIN_WINDOW_MS after it: the top of the water's
 * rise (the water may go in over several minutes), or the quench itself when no rise was the water; -1 for a Retort.
 */
export function quenchTopIndex(phases: Phases): number {
  if (phases.quenchFound === null) return -1;
  return phases.quenchStep ? phases.quenchStep.end : phases.quench;
}

function terrafixFigures(series: PreparedSeries, phases: Phases, priorKg: number): TerrafixFigures {
  const { ts, smooth } = series;
  const last = series.n - 1;
  const finalKg = medianBefore(series, last);
  const gainEnd = upperBound(ts, ts[quenchTopIndex(phases)] + QUENCH_GAIN_WINDOW_MS);
  let afterQuench = -Infinity;
  for (let i = phases.quench; i < gainEnd; i++) if (smooth[i] > afterQuench) afterQuench = smooth[i];
  const gainKg = afterQuench - priorKg;
  const t1 = minMax(series.t1, phases.start, phases.quench);
  const t2 = minMax(series.t2, phases.start, phases.quench);
  return {
    fromChangeoverKg: phases.changeover >= 0 ? medianBefore(series, phases.changeover) : null,
    lessChangeKg: finalKg - gainKg,
    minT1: t1.min,
    maxT1: t1.max,
    minT2: t2.min,
    maxT2: t2.max,
  };
}

/**
 * A Retort's biomass: the stable weight before heating (docs/analysis.md#figures-and-formulas); a Retort never
 * heated has nothing burnt, so the weight settled after its last load.
 */
function retortBiomass(series: PreparedSeries, phases: Phases): number {
  if (phases.heatStart >= 0) return medianBefore(series, phases.heatStart);
  const lastLoad = phases.steps[phases.steps.length - 1];
  if (!lastLoad) return medianBefore(series, phases.start);
  const settled = series.ts[lastLoad.end];
  return medianBetween(series.kg, series.ts, settled, settled + MEDIAN_WINDOW_MS);
}

export function computeFigures(series: PreparedSeries, phases: Phases, type: KilnType, facility: FacilitySettings): BurnFigures {
  const { ts, smooth } = series;
  const burnMs = Math.max(0, ts[phases.quench] - ts[phases.start]);
  const loads = phases.steps.filter((step) => step !== phases.quenchStep && step.start >= phases.start && step.start < phases.quench);

  let biomassKg: number;
  if (type === KILN_TYPE.RETORT) {
    biomassKg = retortBiomass(series, phases);
  } else {
    const atStart = smooth[phases.start];
    biomassKg = (atStart === atStart ? atStart : 0) + loads.reduce((sum, step) => sum + step.kg, 0);
  }

  // per minute from the first load to the last; with one load (or none) per burn minute
  const loadSpanMs = loads.length > 0 ? ts[loads[loads.length - 1].start] - ts[loads[0].start] : 0;
  const loadingRate = perMinute(biomassKg, loadSpanMs > 0 ? loadSpanMs : burnMs);

  const priorKg = medianBefore(series, phases.quench);
  const unpyrolizedKg = type === KILN_TYPE.CGO1 ? facility.wicf * priorKg : 0;
  const terrafix = type === KILN_TYPE.TERRAFIX ? terrafixFigures(series, phases, priorKg) : null;
  const biocharKg = terrafix
    ? Math.min(terrafix.fromChangeoverKg ?? terrafix.lessChangeKg, terrafix.lessChangeKg)
    : priorKg - unpyrolizedKg;

  return {
    burnMs,
    loads,
    biomassKg,
    loadingRate,
    priorKg,
    unpyrolizedKg,
    biocharKg,
    charingRate: perMinute(biocharKg, burnMs),
    co2Kg: biocharKg * facility.carbon_removal_factor,
    terrafix,
  };
}
