import {
  ARMFUL_GAP_MS,
  BURN_END_TEMP_C,
  CHANGEOVER_FIT_ITERATIONS,
  CHANGEOVER_FIT_MS,
  CHANGEOVER_HOLD_MS,
  COOL_DOWN_MIN_MS,
  KILN_TYPE,
  type KilnType,
  LOAD_RECOVERY_C,
  PYROLYSIS_TEMP_C,
  QUENCH_COOL_WINDOW_MS,
  QUENCH_FALL_TOTAL_C,
  QUENCH_RISE_WINDOW_MS,
  QUENCH_SEARCH_BEFORE_END_MS,
  QUENCH_TEMP_FALL_C,
  QUENCH_WEIGHT_RISE_FRACTION,
  START_HOLD_MS,
  START_TEMP_C,
  STEP_FIT_WINDOW_MS,
  STEP_WINDOW_MS,
} from './constants';
import { lowerBound, type PreparedSeries, upperBound } from './series';
import { formatTime } from './time';

/** A rise of the smoothed weight: from sample `start` (last low) to `end` (first high); armfuls of one load are one rise. */
export interface StepEvent {
  start: number;
  end: number;
  kg: number;
}

/** How the quench was found (C-Go-1, Terrafix). */
export type QuenchEvidence = 'water' | 'temperature_fall' | 'water_after_cooling' | 'none';

/** docs/analysis.md#burn-phases, as sample indices (-1: not found). */
export interface Phases {
  /** first sample of T_hot_s ≥ START_TEMP_C held for START_HOLD_MS */
  heatStart: number;
  /** every rise of the weight in the log (loads and the quench water) */
  steps: StepEvent[];
  /** t0 */
  start: number;
  peak: number;
  /** t_end: the last sample with T_hot_s at pyrolysis temperature */
  burnEnd: number;
  /** tq: the quench, or where the burn ends when there is none */
  quench: number;
  /** null for a Retort, which has no quench */
  quenchFound: boolean | null;
  quenchEvidence: QuenchEvidence | null;
  /** the weight rise that was the quench water, if it was one */
  quenchStep: StepEvent | null;
  changeover: number;
  /** PHASES_UNCLEAR's sentence, or null when the phases are clear */
  unclear: string | null;
}

/** Last index from i on whose ts is within spanMs of ts[i]; j is the previous answer, as the window only moves forward. */
function windowEnd(ts: Float64Array, i: number, j: number, spanMs: number): number {
  let end = j < i ? i : j;
  while (end + 1 < ts.length && ts[end + 1] <= ts[i] + spanMs) end++;
  return end;
}

export function findHeatStart(ts: Float64Array, hotS: Float64Array): number {
  let runStart = -1;
  for (let i = 0; i < ts.length; i++) {
    const t = hotS[i];
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
 * Rises of the smoothed weight by ≥ threshold within STEP_WINDOW_MS, merged
 * when they overlap or come within ARMFUL_GAP_MS of each other (the armfuls of
 * one load); each runs from its lowest point to the highest point after it.
 * Its size is the jump, at the middle of the rise, between straight lines
 * fitted to the smoothed kg over STEP_FIT_WINDOW_MS either side: the kiln keeps
 * burning while it is loaded, so the bare difference would shave the burn-down
 * during the load off it; the smoothed weight, not the raw one, because a row
 * written mid-load (sparse, irregular sampling) would drag a raw fit down.
 */
export function findLoadSteps(ts: Float64Array, smooth: Float64Array, thresholdKg: number): StepEvent[] {
  const rises: { low: number; high: number }[] = [];
  // `from` starts a rise of ≥ threshold within [from, to], so smooth[from] is valid and high − low ≥ threshold
  const close = (from: number, to: number) => {
    let high = from;
    for (let k = from + 1; k <= to; k++) if (smooth[k] > smooth[high]) high = k;
    let low = from;
    for (let k = from + 1; k <= high; k++) if (smooth[k] <= smooth[low]) low = k;
    const previous = rises[rises.length - 1];
    if (previous && ts[low] - ts[previous.high] <= ARMFUL_GAP_MS && smooth[low] > smooth[previous.low]) previous.high = high;
    else rises.push({ low, high });
  };
  let spanStart = -1;
  let spanEnd = -1;
  let j = 0;
  for (let i = 0; i < ts.length; i++) {
    j = windowEnd(ts, i, j, STEP_WINDOW_MS);
    if (j === i || !(smooth[j] - smooth[i] >= thresholdKg)) continue;
    if (spanStart >= 0 && i <= spanEnd) {
      spanEnd = j; // j only moves forward
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
    const afterTo = Math.min(upperBound(ts, ts[high] + STEP_FIT_WINDOW_MS) - 1, r + 1 < rises.length ? rises[r + 1].low - 1 : Infinity);
    const middle = (ts[low] + ts[high]) / 2;
    const size = lineValueAt(ts, smooth, high, afterTo, middle) - lineValueAt(ts, smooth, beforeFrom, low, middle);
    // both fits hold a valid value (low's, high's), so the size is a number
    return { start: low, end: high, kg: size };
  });
}

/** Value at x of the least-squares line through (ts, values) over indices from..to, missing values left out; their mean when too few to fit. */
export function lineValueAt(ts: Float64Array, values: Float64Array, from: number, to: number, x: number): number {
  return lineAt(ts, values, from, to, x).value;
}

/** The least-squares line through (ts, values) over indices from..to, missing values left out: its value at x and slope per ms (flat at their mean when too few to fit; NaN when none). */
export function lineAt(ts: Float64Array, values: Float64Array, from: number, to: number, x: number): { value: number; slope: number } {
  let n = 0;
  let meanX = 0;
  let meanY = 0;
  for (let k = from; k <= to; k++) {
    if (values[k] !== values[k]) continue;
    n++;
    meanX += ts[k] - x;
    meanY += values[k];
  }
  if (n === 0) return { value: NaN, slope: NaN };
  meanX /= n;
  meanY /= n;
  if (n < 3) return { value: meanY, slope: 0 };
  let sxx = 0;
  let sxy = 0;
  for (let k = from; k <= to; k++) {
    if (values[k] !== values[k]) continue;
    const dx = ts[k] - x - meanX;
    sxx += dx * dx;
    sxy += dx * (values[k] - meanY);
  }
  if (!(sxx > 0)) return { value: meanY, slope: 0 };
  const slope = sxy / sxx;
  return { value: meanY - slope * meanX, slope };
}

/** Index of the highest valid value (the first, on ties), or -1. */
export function argMax(values: Float64Array, from = 0, to = values.length): number {
  let best = -1;
  for (let i = from; i < to; i++) if (values[i] === values[i] && (best < 0 || values[i] > values[best])) best = i;
  return best;
}

/** Last sample from `from` on with values ≥ level, or -1. */
export function lastAtOrAbove(values: Float64Array, level: number, from = 0): number {
  for (let i = values.length - 1; i >= from; i--) if (values[i] >= level) return i;
  return -1;
}

/**
 * Largest rise of the smoothed weight within QUENCH_RISE_WINDOW_MS, as a
 * fraction of the weight it started from, over every start within the step:
 * a slow spray may begin a while after the step's lowest point.
 */
export function riseFraction(series: PreparedSeries, step: StepEvent): number {
  const { ts, smooth } = series;
  let best = 0;
  for (let i = step.start; i <= step.end; i++) {
    const before = smooth[i];
    if (!(before > 0)) continue;
    let high = before;
    for (let k = i + 1; k < ts.length && ts[k] <= ts[i] + QUENCH_RISE_WINDOW_MS; k++) if (smooth[k] > high) high = smooth[k];
    if ((high - before) / before > best) best = (high - before) / before;
  }
  return best;
}

/** Value of `values` at ts[i] − ms (the sample at or just before), NaN before the log starts. */
function valueBefore(ts: Float64Array, values: Float64Array, i: number, ms: number): number {
  const k = upperBound(ts, ts[i] - ms) - 1;
  return k >= 0 ? values[k] : NaN;
}

/**
 * Where the final fall of T_hot_s began: walking back from t_end while T_hot_s
 * falls by ≥ QUENCH_TEMP_FALL_C per STEP_WINDOW_MS. -1 when it does not fall that fast at t_end.
 */
export function finalFallStart(series: PreparedSeries, burnEnd: number): number {
  const { ts, hotS } = series;
  const fallsFast = (i: number) => valueBefore(ts, hotS, i, STEP_WINDOW_MS) - hotS[i] >= QUENCH_TEMP_FALL_C;
  // t_end is the last sample at 350 °C: measure the fall over the minute that follows it
  const after = Math.min(ts.length - 1, upperBound(ts, ts[burnEnd] + STEP_WINDOW_MS) - 1);
  if (!fallsFast(after)) return -1;
  let i = after;
  while (fallsFast(i)) i--; // stops at 0 at the latest: nothing precedes the log
  return i;
}

/**
 * True when T_hot_s, after the rise ended and up to sample `until`, climbs
 * LOAD_RECOVERY_C above its lowest point since the rise began, reaching `level`:
 * the kiln burnt on, so the rise was a load.
 */
export function climbsBack(series: PreparedSeries, step: StepEvent, until: number, level = PYROLYSIS_TEMP_C): boolean {
  const { hotS } = series;
  let lowest = Infinity;
  for (let k = step.start; k <= until; k++) {
    const t = hotS[k]; // a missing reading (NaN) fails every comparison
    if (t < lowest) lowest = t;
    if (k > step.end && t >= level && t - lowest >= LOAD_RECOVERY_C) return true;
  }
  return false;
}

/**
 * True when T_hot_s falls by QUENCH_TEMP_FALL_C from the minute before the rise
 * to QUENCH_COOL_WINDOW_MS after it ended: water puts the fire out, a load of wood does not.
 */
export function coolsAfter(series: PreparedSeries, step: StepEvent, fallC = QUENCH_TEMP_FALL_C): boolean {
  const { ts, hotS } = series;
  let before = -Infinity;
  for (let k = lowerBound(ts, ts[step.start] - STEP_WINDOW_MS); k <= step.start; k++) if (hotS[k] > before) before = hotS[k];
  let after = Infinity;
  const to = upperBound(ts, ts[step.end] + QUENCH_COOL_WINDOW_MS);
  for (let k = step.start; k < to; k++) if (hotS[k] < after) after = hotS[k];
  return before - after >= fallC;
}

interface QuenchFound {
  quench: number;
  evidence: QuenchEvidence;
  step: StepEvent | null;
  unclear: string | null;
}

const clock = (ts: number) => formatTime(ts).slice(0, 5);

/**
 * The quench of a water-quenched kiln (docs/analysis.md#burn-phases): the onset of the final
 * cool-down. Water is a weight rise of more than 5 % within 2 minutes after which
 * T_hot_s falls (coolsAfter). Such a rise that begins within
 * 10 minutes before t_end is the quench water, unless T_hot_s climbs back
 * after it: that one is a load. Without such a rise, the first water rise within 10 minutes after
 * t_end (a kiln that dipped below 350 °C just before the water came); then the
 * start of the final fast fall of T_hot_s; then a water rise after a kiln that
 * had cooled down before it was quenched.
 */
export function findQuench(series: PreparedSeries, steps: StepEvent[], start: number, burnEnd: number, thresholdKg: number): QuenchFound {
  const { ts } = series;
  const last = ts.length - 1;
  const isWater = (step: StepEvent) =>
    step.kg >= thresholdKg && riseFraction(series, step) > QUENCH_WEIGHT_RISE_FRACTION && coolsAfter(series, step);

  if (burnEnd < 0) {
    // never at pyrolysis temperature (TEMP_LOW says so): the last water-like rise after t0 that the fire did not climb back from
    const rises = steps.filter((step) => step.start > start && isWater(step) && !climbsBack(series, step, last, BURN_END_TEMP_C));
    const step = rises[rises.length - 1];
    return step
      ? { quench: step.start, evidence: 'water_after_cooling', step, unclear: null }
      : { quench: -1, evidence: 'none', step: null, unclear: null };
  }

  const endTs = ts[burnEnd];
  if (ts[last] - endTs < COOL_DOWN_MIN_MS) {
    return {
      quench: -1,
      evidence: 'none',
      step: null,
      unclear: `The log ends while the kiln is still at or above 350 °C (at ${clock(ts[last])}): it shows no cool-down.`,
    };
  }

  const candidates = steps.filter(
    (step) =>
      ts[step.start] >= endTs - QUENCH_SEARCH_BEFORE_END_MS &&
      ts[step.start] <= endTs &&
      isWater(step) &&
      !climbsBack(series, step, burnEnd),
  );
  if (candidates.length > 1) {
    const times = candidates.map((step) => clock(ts[step.start])).join(' and ');
    return {
      quench: candidates[candidates.length - 1].start,
      evidence: 'water',
      step: candidates[candidates.length - 1],
      unclear: `The weight rose by more than 5 % at ${times}, both just before the kiln cooled below 350 °C; which one was the quench is unclear.`,
    };
  }
  if (candidates.length === 1) return { quench: candidates[0].start, evidence: 'water', step: candidates[0], unclear: null };

  // the water is the stronger evidence: a kiln that dipped below 350 °C just before it was quenched;
  // a rise after which the fire still climbs back (a load into a kiln burning cool) is not it
  const late = steps.find((step) => ts[step.start] > endTs && isWater(step) && !climbsBack(series, step, last, BURN_END_TEMP_C));
  if (late && ts[late.start] - endTs <= QUENCH_SEARCH_BEFORE_END_MS)
    return { quench: late.start, evidence: 'water_after_cooling', step: late, unclear: null };
  const fall = finalFallStart(series, burnEnd);
  // a dip after a load falls as fast, but the fire climbs back from it; flame noise falls fast, but not far
  const onset = { start: fall, end: fall, kg: 0 };
  if (fall >= 0 && coolsAfter(series, onset, QUENCH_FALL_TOTAL_C) && !climbsBack(series, onset, last, BURN_END_TEMP_C))
    return { quench: fall, evidence: 'temperature_fall', step: null, unclear: null };
  if (late) return { quench: late.start, evidence: 'water_after_cooling', step: late, unclear: null };
  return { quench: -1, evidence: 'none', step: null, unclear: null };
}

/**
 * Terrafix changeover: where T_cold_s leaves pyrolysis temperature for good,
 * between the peak (`from`) and the quench (`to`), or -1 when it never does.
 * Flame drift (slow waves of the reading, periods of 5–25 minutes) lifts the
 * reading back over 350 °C for a while, or holds it under for more than the
 * 10 minutes of the rule, so the last crossing can be a quarter of an hour off.
 * The changeover is where the trend crosses instead: starting at the last
 * crossing, the least-squares line through T_cold_s over CHANGEOVER_FIT_MS
 * either side is moved until, centred there, it crosses 350 °C.
 */
export function findChangeover(ts: Float64Array, coldS: Float64Array, from: number, to: number): number {
  const last = lastCrossing(ts, coldS, from);
  if (last < 0) return -1;
  let x = ts[last];
  for (let iteration = 0; iteration < CHANGEOVER_FIT_ITERATIONS; iteration++) {
    const line = lineAt(
      ts,
      coldS,
      Math.max(from, lowerBound(ts, x - CHANGEOVER_FIT_MS)),
      Math.min(to, upperBound(ts, x + CHANGEOVER_FIT_MS) - 1),
      x,
    );
    if (!(line.slope < 0)) break;
    const next = Math.min(ts[to], Math.max(ts[from], x + (PYROLYSIS_TEMP_C - line.value) / line.slope));
    const settled = Math.abs(next - x) < 1000; // within a second, the resolution of a log's timestamps
    x = next;
    if (settled) break;
  }
  return lowerBound(ts, Math.round(x)); // whole ms, as timestamps are: a line through readings crosses at one, not a rounding error before it
}

/** First sample from `from` on where T_cold_s is below pyrolysis temperature for good (not back at it within CHANGEOVER_HOLD_MS), or -1. */
export function lastCrossing(ts: Float64Array, coldS: Float64Array, from: number): number {
  if (from < 0) return -1;
  let nextHotTs = Infinity; // ts of the nearest later sample at pyrolysis temperature
  let found = -1;
  for (let i = coldS.length - 1; i >= from; i--) {
    if (coldS[i] >= PYROLYSIS_TEMP_C) nextHotTs = ts[i];
    else if (coldS[i] < PYROLYSIS_TEMP_C && nextHotTs - ts[i] > CHANGEOVER_HOLD_MS) found = i;
  }
  return found;
}

export function detectPhases(series: PreparedSeries, type: KilnType, stepThresholdKg: number): Phases {
  const last = series.n - 1;
  const heatStart = findHeatStart(series.ts, series.hotS);
  const steps = findLoadSteps(series.ts, series.smooth, stepThresholdKg);
  const candidates = [heatStart, steps.length > 0 ? steps[0].start : -1].filter((i) => i >= 0);
  const start = candidates.length > 0 ? Math.min(...candidates) : 0;
  const peak = argMax(series.hotS);
  const burnEnd = lastAtOrAbove(series.hotS, PYROLYSIS_TEMP_C, start);
  // what every kiln type's phases have; the quench and changeover are found per type below
  const common = { heatStart, steps, start, peak, burnEnd };

  const lastWarm = lastAtOrAbove(series.hotS, BURN_END_TEMP_C, start);
  const fallbackEnd = lastWarm > start ? lastWarm : last;
  if (type === KILN_TYPE.RETORT) {
    const stillWarm = lastWarm >= 0 && series.ts[last] - series.ts[lastWarm] < COOL_DOWN_MIN_MS;
    const unclear = stillWarm
      ? `The log ends while the kiln is still at or above ${BURN_END_TEMP_C} °C (at ${clock(series.ts[last])}): it shows no cool-down.`
      : null;
    return {
      ...common,
      quench: fallbackEnd,
      quenchFound: null,
      quenchEvidence: null,
      quenchStep: null,
      changeover: -1,
      unclear,
    };
  }
  const found = findQuench(series, steps, start, burnEnd, stepThresholdKg);
  const quench = found.quench >= 0 ? found.quench : burnEnd > start ? burnEnd : fallbackEnd;
  return {
    ...common,
    quench,
    quenchFound: found.quench >= 0,
    quenchEvidence: found.evidence,
    quenchStep: found.step,
    changeover: type === KILN_TYPE.TERRAFIX ? findChangeover(series.ts, series.coldS, peak, quench) : -1,
    unclear: found.unclear,
  };
}
