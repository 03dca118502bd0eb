import { rmsDifference } from '../../src/domain/fleet/anomalies';
import type { BurnSeries } from '../../src/domain/fleet/fingerprint';

/**
 * The duplicate benchmark's candidate fingerprint (docs/performance.md,
 * "Duplicate burns under disguise"): a burn's curve shape with every disguise
 * an operator could add taken out, time measured from the burn's own phases,
 * temperature and weight each with their offset and scale removed. Measured
 * here before the fleet's rule takes it: on the simulator's clean burns it
 * cannot tell a copy from an independent burn (the benchmark's second table).
 */

/** Bins of the shape between the two anchors. */
export const SHAPE_POINTS = 32;
/** The series is first averaged over bins this long, to find the anchors. */
export const ANCHOR_BIN_MS = 2 * 60_000;
/** The burn is hot from its first rise through this share of its temperature range… */
export const HOT_RISE_SHARE = 0.8;
/** …until its last fall through this share. */
export const HOT_FALL_SHARE = 0.5;
/** A hot phase shorter than this has no shape worth comparing. */
export const MIN_HOT_MS = 20 * 60_000;

export interface CurveShape {
  /** the hot phase's first and last moment (kiln clock, UTC ms) */
  hot_from: number;
  hot_to: number;
  /** mean T_hot_s and weight per bin of the hot phase, each z-normalised (3 decimals); null where a bin has no reading */
  temp: (number | null)[];
  weight: (number | null)[];
}

const isNumber = (v: number): boolean => v === v;

/** Means of `values` over equal bins of [from, to]; NaN where a bin has no finite value. */
function binMeans(ts: ArrayLike<number>, values: ArrayLike<number>, n: number, from: number, to: number, bins: number): Float64Array {
  const sum = new Float64Array(bins);
  const count = new Float64Array(bins);
  const width = (to - from) / bins;
  for (let i = 0; i < n; i++) {
    const t = ts[i];
    const v = values[i];
    if (t < from || t > to || !isNumber(v)) continue;
    const k = Math.min(bins - 1, Math.floor((t - from) / width));
    sum[k] += v;
    count[k]++;
  }
  const out = new Float64Array(bins);
  for (let k = 0; k < bins; k++) out[k] = count[k] > 0 ? sum[k] / count[k] : NaN;
  return out;
}

/** The hot phase: the first rise through HOT_RISE_SHARE of the range and the last fall through HOT_FALL_SHARE, interpolated between bin centres. */
function hotPhase(series: BurnSeries): [number, number] | null {
  const first = series.ts[0];
  const last = series.ts[series.n - 1];
  const bins = Math.max(1, Math.ceil((last - first) / ANCHOR_BIN_MS));
  const temps = binMeans(series.ts, series.hotS, series.n, first, first + bins * ANCHOR_BIN_MS, bins);
  let min = Infinity;
  let max = -Infinity;
  for (const t of temps) {
    if (!isNumber(t)) continue;
    if (t < min) min = t;
    if (t > max) max = t;
  }
  if (!(max > min)) return null;
  const centre = (k: number) => first + (k + 0.5) * ANCHOR_BIN_MS;
  const crossing = (k: number, j: number, level: number) =>
    centre(k) + ((centre(j) - centre(k)) * (level - temps[k])) / (temps[j] - temps[k]);
  const rise = min + HOT_RISE_SHARE * (max - min);
  const fall = min + HOT_FALL_SHARE * (max - min);
  let from: number | null = null;
  let prev = -1;
  for (let k = 0; k < bins && from === null; k++) {
    if (!isNumber(temps[k])) continue;
    if (temps[k] >= rise) from = prev < 0 ? centre(k) : crossing(prev, k, rise);
    prev = k;
  }
  let to: number | null = null;
  let next = -1;
  for (let k = bins - 1; k >= 0 && to === null; k--) {
    if (!isNumber(temps[k])) continue;
    if (temps[k] >= fall) to = next < 0 ? centre(k) : crossing(k, next, fall);
    next = k;
  }
  return from !== null && to !== null && to - from >= MIN_HOT_MS ? [from, to] : null;
}

/** Mean 0, standard deviation 1, 3 decimals; null where missing, and all null for a flat curve. */
function zNormalised(values: Float64Array): (number | null)[] {
  let n = 0;
  let sum = 0;
  for (const v of values) {
    if (!isNumber(v)) continue;
    n++;
    sum += v;
  }
  const mean = sum / n;
  let squares = 0;
  for (const v of values) if (isNumber(v)) squares += (v - mean) ** 2;
  const sd = Math.sqrt(squares / n);
  const flat = !(n > 1) || !(sd > 1e-9 * Math.max(1, Math.abs(mean)));
  return Array.from(values, (v) => (flat || !isNumber(v) ? null : Math.round(((v - mean) / sd) * 1000) / 1000 + 0));
}

/** The shape of an analysed burn; null when it has no hot phase to measure time by. */
export function curveShape(series: BurnSeries): CurveShape | null {
  if (series.n < 2) return null;
  const phase = hotPhase(series);
  if (!phase) return null;
  const [from, to] = phase;
  return {
    hot_from: Math.round(from),
    hot_to: Math.round(to),
    temp: zNormalised(binMeans(series.ts, series.hotS, series.n, from, to, SHAPE_POINTS)),
    weight: zNormalised(binMeans(series.ts, series.smooth, series.n, from, to, SHAPE_POINTS)),
  };
}

export const shapeDistance = rmsDifference;
