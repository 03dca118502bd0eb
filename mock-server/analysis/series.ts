import type { Calibration } from './config';
import { KILN_TYPE, MEDIAN_WINDOW_MS, SMOOTHING_WINDOW_MS, TEMP_VALID_MAX_C, TEMP_VALID_MIN_C } from './constants';
import { median, noiseSigma, rollingMedianByTime } from './stats';
import type { LogRow } from './types';

/** Readings in time order, one per timestamp, temperatures outside the valid range as NaN. */
export interface TimeSeries {
  n: number;
  ts: Float64Array;
  t1: Float64Array;
  t2: Float64Array;
  /** the raw weight reading */
  raw: Float64Array;
}

/** docs/analysis.md#series-preparation applied: weight in kg, smoothed, and the hot/cold temperature. */
export interface PreparedSeries extends TimeSeries {
  /** NaN where the weight is missing */
  kg: Float64Array;
  /** kg after the 60-second rolling median */
  smooth: Float64Array;
  /** higher valid thermocouple (burn activity); NaN when neither is valid */
  hot: Float64Array;
  /** lower valid thermocouple (the conservative value) — the other one when only one is valid */
  cold: Float64Array;
  /** hot and cold after the 60-second rolling median: what phases and the temperature rule read */
  hotS: Float64Array;
  coldS: Float64Array;
  noiseKg: number;
  zeroWeight: number | null;
  perUnitWeight: number | null;
}

const validTemp = (t: number): number => (t >= TEMP_VALID_MIN_C && t <= TEMP_VALID_MAX_C ? t : NaN);

/** Sorts by time (stable) and drops rows repeating an earlier row's timestamp. */
export function orderRows(rows: readonly LogRow[]): TimeSeries {
  let ordered = rows;
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].ts < rows[i - 1].ts) {
      ordered = [...rows].sort((a, b) => a.ts - b.ts);
      break;
    }
  }
  const ts = new Float64Array(ordered.length);
  const t1 = new Float64Array(ordered.length);
  const t2 = new Float64Array(ordered.length);
  const raw = new Float64Array(ordered.length);
  let n = 0;
  for (let i = 0; i < ordered.length; i++) {
    const row = ordered[i];
    if (n > 0 && row.ts === ts[n - 1]) continue;
    ts[n] = row.ts;
    t1[n] = validTemp(row.t1);
    t2[n] = validTemp(row.t2);
    raw[n] = row.w;
    n++;
  }
  return { n, ts: ts.subarray(0, n), t1: t1.subarray(0, n), t2: t2.subarray(0, n), raw: raw.subarray(0, n) };
}

/** First index whose ts is ≥ value (n if none). */
export function lowerBound(ts: Float64Array, value: number): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose ts is > value (n if none). */
export function upperBound(ts: Float64Array, value: number): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Median of `values` over samples with fromTs ≤ ts ≤ toTs. */
export function medianBetween(values: Float64Array, ts: Float64Array, fromTs: number, toTs: number): number {
  return median(values, lowerBound(ts, fromTs), upperBound(ts, toTs));
}

/** kg per raw reading, and the calibration that produced it (docs/analysis.md#series-preparation). */
export function weightInKg(
  series: TimeSeries,
  calibration: Calibration,
): { kg: Float64Array; zeroWeight: number | null; perUnitWeight: number | null } {
  const kg = new Float64Array(series.n);
  if (calibration.type === KILN_TYPE.RETORT) {
    kg.set(series.raw);
    return { kg, zeroWeight: null, perUnitWeight: null };
  }
  const zero =
    calibration.type === KILN_TYPE.CGO1
      ? calibration.zero_weight
      : medianBetween(series.raw, series.ts, series.ts[0], series.ts[0] + MEDIAN_WINDOW_MS);
  const countsPerKg = calibration.per_g_weight * 1000;
  for (let i = 0; i < series.n; i++) kg[i] = (series.raw[i] - zero) / countsPerKg;
  return { kg, zeroWeight: zero, perUnitWeight: calibration.per_g_weight };
}

export function prepareSeries(series: TimeSeries, calibration: Calibration): PreparedSeries {
  const { kg, zeroWeight, perUnitWeight } = weightInKg(series, calibration);
  const hot = new Float64Array(series.n);
  const cold = new Float64Array(series.n);
  for (let i = 0; i < series.n; i++) {
    const a = series.t1[i];
    const b = series.t2[i];
    if (a !== a) {
      hot[i] = b;
      cold[i] = b;
    } else if (b !== b) {
      hot[i] = a;
      cold[i] = a;
    } else {
      hot[i] = a > b ? a : b;
      cold[i] = a > b ? b : a;
    }
  }
  return {
    ...series,
    kg,
    smooth: rollingMedianByTime(series.ts, kg, SMOOTHING_WINDOW_MS / 2),
    hot,
    cold,
    hotS: rollingMedianByTime(series.ts, hot, SMOOTHING_WINDOW_MS / 2),
    coldS: rollingMedianByTime(series.ts, cold, SMOOTHING_WINDOW_MS / 2),
    noiseKg: noiseSigma(kg),
    zeroWeight,
    perUnitWeight,
  };
}
