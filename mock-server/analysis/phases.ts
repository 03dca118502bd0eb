import {
  BURN_END_TEMP_C,
  KILN_TYPE,
  type KilnType,
  PYROLYSIS_TEMP_C,
  QUENCH_TEMP_FALL_C,
  QUENCH_WEIGHT_RISE_FRACTION,
  START_HOLD_MS,
  START_TEMP_C,
  STEP_FIT_WINDOW_MS,
  STEP_WINDOW_MS,
} from './constants';
import { lowerBound, type PreparedSeries, upperBound } from './series';

/** A rise of the smoothed weight: from sample `start` (last low) to `end` (first high). */
export interface StepEvent {
  start: number;
  end: number;
  kg: number;
}

/** ANALYSIS.md §2, as sample indices (-1: not found). */
export interface Phases {
  /** first sample of T_hot ≥ START_TEMP_C held for START_HOLD_MS */
  heatStart: number;
  /** every load step in the log; the burn's are those ending by `quench` */
  steps: StepEvent[];
  /** t0 */
  start: number;
  peak: number;
  /** tq: the quench, or where the burn ends when there is none */
  quench: number;
  /** null for a Retort, which has no quench */
  quenchFound: boolean | null;
  changeover: number;
}

/** Last index from i on whose ts is within STEP_WINDOW_MS of ts[i] (i itself when none); j is the previous answer, as the window only moves forward. */
function windowEnd(ts: Float64Array, i: number, j: number): number {
  let end = j < i ? i : j;
  while (end + 1 < ts.length && ts[end + 1] <= ts[i] + STEP_WINDOW_MS) end++;
  return end;
}

export function findHeatStart(ts: Float64Array, hot: Float64Array): number {
  let runStart = -1;
  for (let i = 0; i < ts.length; i++) {
    const t = hot[i];
    if (t !== t) continue; // a missing reading neither breaks nor extends the run
    if (t >= START_TEMP_C) {
      if (runStart < 0) runStart = i;
      if (ts[i] - ts[runStart] >= START_HOLD_MS) return runStart;
    } else {
      runStart = -1;
    }
  }
  return -1;
}

/**
 * Windows where the smoothed weight rises by ≥ threshold within STEP_WINDOW_MS,
 * merged when they overlap; each runs from its lowest point to the highest point
 * after it. Its size is the jump, at the middle of the rise, between straight
 * lines fitted to the raw kg over STEP_FIT_WINDOW_MS either side: the kiln keeps
 * burning while it is loaded, and the smoothed edges lag by up to two samples,
 * so the bare difference would shave the burn-down of several samples off every load.
 */
export function findLoadSteps(ts: Float64Array, smooth: Float64Array, kg: Float64Array, thresholdKg: number): StepEvent[] {
  const rises: { low: number; high: number }[] = [];
  const close = (from: number, to: number) => {
    let high = from;
    for (let k = from + 1; k <= to; k++) if (smooth[k] > smooth[high]) high = k;
    let low = from;
    for (let k = from + 1; k <= high; k++) if (smooth[k] <= smooth[low]) low = k;
    if (smooth[high] - smooth[low] >= thresholdKg) rises.push({ low, high });
  };
  let spanStart = -1;
  let spanEnd = -1;
  let j = 0;
  for (let i = 0; i < ts.length; i++) {
    j = windowEnd(ts, i, j);
    if (j === i || smooth[j] - smooth[i] < thresholdKg) continue;
    if (spanStart >= 0 && i <= spanEnd) {
      if (j > spanEnd) spanEnd = j;
    } else {
      if (spanStart >= 0) close(spanStart, spanEnd);
      spanStart = i;
      spanEnd = j;
    }
  }
  if (spanStart >= 0) close(spanStart, spanEnd);

  return rises.map(({ low, high }, r) => {
    // fit windows stop at the neighbouring rises
    const beforeFrom = Math.max(lowerBound(ts, ts[low] - STEP_FIT_WINDOW_MS), r > 0 ? rises[r - 1].high + 1 : 0);
    const afterTo = Math.min(upperBound(ts, ts[high] + STEP_FIT_WINDOW_MS) - 1, r + 1 < rises.length ? rises[r + 1].low - 1 : ts.length - 1);
    const middle = (ts[low] + ts[high]) / 2;
    const size = lineValueAt(ts, kg, high, afterTo, middle) - lineValueAt(ts, kg, beforeFrom, low, middle);
    return { start: low, end: high, kg: size };
  });
}

/** Value at x of the least-squares line through (ts, values) over indices from..to; their mean when too few to fit. */
function lineValueAt(ts: Float64Array, values: Float64Array, from: number, to: number, x: number): number {
  const n = to - from + 1;
  let meanX = 0;
  let meanY = 0;
  for (let k = from; k <= to; k++) {
    meanX += ts[k] - x;
    meanY += values[k];
  }
  meanX /= n;
  meanY /= n;
  if (n < 3) return meanY;
  let sxx = 0;
  let sxy = 0;
  for (let k = from; k <= to; k++) {
    const dx = ts[k] - x - meanX;
    sxx += dx * dx;
    sxy += dx * (values[k] - meanY);
  }
  return sxx > 0 ? meanY - (sxy / sxx) * meanX : meanY;
}

/** Index of the highest valid value (the first, on ties), or -1. */
export function argMax(values: Float64Array, from = 0, to = values.length): number {
  let best = -1;
  for (let i = from; i < to; i++) if (values[i] === values[i] && (best < 0 || values[i] > values[best])) best = i;
  return best;
}

/**
 * First sample from `from` where either thermocouple falls ≥ QUENCH_TEMP_FALL_C within
 * STEP_WINDOW_MS, or the smoothed weight rises > QUENCH_WEIGHT_RISE_FRACTION. The weight
 * rise must also clear the load-step threshold, so noise on a nearly empty kiln is no quench.
 */
export function findQuench(series: PreparedSeries, from: number, stepThresholdKg: number): number {
  const { ts, t1, t2, smooth } = series;
  let j = from;
  for (let i = from; i < ts.length; i++) {
    j = windowEnd(ts, i, j);
    if (j === i) continue;
    if (t1[i] - t1[j] >= QUENCH_TEMP_FALL_C || t2[i] - t2[j] >= QUENCH_TEMP_FALL_C) return i;
    const before = smooth[i];
    const rise = smooth[j] - before;
    if (before > 0 && rise > QUENCH_WEIGHT_RISE_FRACTION * before && rise >= stepThresholdKg) return i;
  }
  return -1;
}

/** Last sample with T_hot ≥ BURN_END_TEMP_C, or -1. */
export function findBurnEnd(hot: Float64Array): number {
  for (let i = hot.length - 1; i >= 0; i--) if (hot[i] >= BURN_END_TEMP_C) return i;
  return -1;
}

/** First sample from `from` where T_cold is below the pyrolysis temperature, or -1. */
export function findChangeover(cold: Float64Array, from: number): number {
  if (from < 0) return -1;
  for (let i = from; i < cold.length; i++) if (cold[i] < PYROLYSIS_TEMP_C) return i;
  return -1;
}

export function detectPhases(series: PreparedSeries, type: KilnType, stepThresholdKg: number): Phases {
  const last = series.n - 1;
  const heatStart = findHeatStart(series.ts, series.hot);
  const steps = findLoadSteps(series.ts, series.smooth, series.kg, stepThresholdKg);
  const candidates = [heatStart, steps.length > 0 ? steps[0].start : -1].filter((i) => i >= 0);
  const start = candidates.length > 0 ? Math.min(...candidates) : 0;
  const peak = argMax(series.hot);

  const burnEnd = findBurnEnd(series.hot);
  const fallbackEnd = burnEnd > start ? burnEnd : last;
  if (type === KILN_TYPE.RETORT) {
    return { heatStart, steps, start, peak, quench: fallbackEnd, quenchFound: null, changeover: -1 };
  }
  const quench = peak < 0 ? -1 : findQuench(series, Math.max(peak, start), stepThresholdKg);
  const changeover = type === KILN_TYPE.TERRAFIX ? findChangeover(series.cold, peak) : -1;
  return {
    heatStart,
    steps,
    start,
    peak,
    quench: quench >= 0 ? quench : fallbackEnd,
    quenchFound: quench >= 0,
    changeover,
  };
}
