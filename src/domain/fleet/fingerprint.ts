/**
 * What the fleet's anomaly rules (docs/analysis.md, "Fleet anomalies") need to
 * know of one analysed burn, taken from the analysis engine's prepared series
 * once, when the log is analysed: a few numbers and a coarse copy of its
 * temperature and weight curves. Pure; the series is read through a
 * structural type so the domain imports nothing of the server.
 */
import type { CopyKey } from './copyKey';

/** 1.1.0: each burn carries its copy key (copyKey.ts), filed in the store's copy index; older records are judged again at start-up. */
export const ANOMALY_VERSION = '1.1.0';

/** Points each curve is resampled to (even steps from the first reading to the last). */
export const CURVE_POINTS = 48;
/** Heating and cooling rates are the change of T_hot_s across this window. */
export const RATE_WINDOW_MS = 60_000;
/** The empty kiln's reading is the median over this long from the first reading. */
export const TARE_WINDOW_MS = 2 * 60_000;

/** The parts of the analysis engine's prepared series (mock-server/analysis/series.ts) the fingerprint reads. */
export interface BurnSeries {
  n: number;
  ts: ArrayLike<number>;
  /** raw weight reading (load-cell counts, or kg for a Retort) */
  raw: ArrayLike<number>;
  /** kg, smoothed; NaN where missing */
  smooth: ArrayLike<number>;
  /** T_hot after the rolling median; NaN where neither thermocouple is valid */
  hotS: ArrayLike<number>;
  /** raw counts per gram; null for a Retort (its scale reports kg) */
  perUnitWeight: number | null;
}

export interface FacilityBox {
  latitude_min: number;
  latitude_max: number;
  longitude_min: number;
  longitude_max: number;
}

/** One burn as the anomaly rules see it. Times are the kiln's local clock as UTC ms. */
export interface BurnFingerprint {
  kiln_type: number;
  start_ts: number;
  span_ms: number;
  latitude: number;
  longitude: number;
  /** the facility box the burn was analysed against */
  box: FacilityBox;
  /** biochar produced / biomass loaded; null when no biomass was found */
  char_yield: number | null;
  /** the empty kiln's reading in kg (raw ÷ counts per kg) for a load-cell kiln; null for a Retort */
  tare_kg: number | null;
  /** fastest rise and fall of T_hot_s over RATE_WINDOW_MS, °C per minute (0 when never measurable) */
  max_heating_c_min: number;
  max_cooling_c_min: number;
  /** T_hot_s (°C, whole) and weight (kg, one decimal) at CURVE_POINTS even steps; null where missing */
  temp_curve: (number | null)[];
  weight_curve: (number | null)[];
  /** what a disguised copy of the burn shares with it (copyKey.ts); null for a log too short to key, absent in a record made before the key */
  copy_key?: CopyKey | null;
}

export interface BurnContext {
  kiln_type: number;
  latitude: number;
  longitude: number;
  box: FacilityBox;
  biomass_loaded: number;
  biochar_produced: number;
}

const isNumber = (v: number): boolean => v === v;
/** rounded, and never -0 (it would not survive JSON) */
const roundTo = (v: number, decimals: number): number => {
  const scale = 10 ** decimals;
  return Math.round(v * scale) / scale + 0;
};

function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function tareKg(series: BurnSeries): number | null {
  if (series.perUnitWeight === null || !(series.perUnitWeight > 0) || series.n === 0) return null;
  const until = series.ts[0] + TARE_WINDOW_MS;
  const values: number[] = [];
  for (let i = 0; i < series.n && series.ts[i] <= until; i++) if (isNumber(series.raw[i])) values.push(series.raw[i]);
  const median = medianOf(values);
  return median === null ? null : roundTo(median / (series.perUnitWeight * 1000), 2);
}

/** Fastest rise and fall of T_hot_s across RATE_WINDOW_MS (pairs further apart than twice it, across a gap, are not rates). */
function maxRates(series: BurnSeries): { heating: number; cooling: number } {
  const { ts, hotS, n } = series;
  let heating = 0;
  let cooling = 0;
  let j = 0;
  for (let i = 0; i < n; i++) {
    if (j < i) j = i;
    while (j < n && ts[j] - ts[i] < RATE_WINDOW_MS) j++;
    if (j >= n) break;
    const dt = ts[j] - ts[i];
    if (dt > 2 * RATE_WINDOW_MS || !isNumber(hotS[i]) || !isNumber(hotS[j])) continue;
    const perMin = ((hotS[j] - hotS[i]) * RATE_WINDOW_MS) / dt;
    if (perMin > heating) heating = perMin;
    if (-perMin > cooling) cooling = -perMin;
  }
  return { heating: roundTo(heating, 1), cooling: roundTo(cooling, 1) };
}

/** values at CURVE_POINTS even steps from the first reading to the last (the nearest reading at or after each step). */
function resample(series: BurnSeries, values: ArrayLike<number>, decimals: number): (number | null)[] {
  const { ts, n } = series;
  const first = ts[0];
  const span = ts[n - 1] - first;
  const out: (number | null)[] = [];
  let i = 0;
  for (let k = 0; k < CURVE_POINTS; k++) {
    const at = first + (span * k) / (CURVE_POINTS - 1);
    while (i < n - 1 && ts[i] < at) i++;
    const v = values[i];
    out.push(isNumber(v) ? roundTo(v, decimals) : null);
  }
  return out;
}

/** The fingerprint of an analysed burn; null for a series without readings. */
export function burnFingerprint(series: BurnSeries, context: BurnContext): BurnFingerprint | null {
  if (series.n === 0) return null;
  const rates = maxRates(series);
  return {
    kiln_type: context.kiln_type,
    start_ts: series.ts[0],
    span_ms: series.ts[series.n - 1] - series.ts[0],
    latitude: context.latitude,
    longitude: context.longitude,
    box: { ...context.box },
    char_yield: context.biomass_loaded > 0 ? roundTo(context.biochar_produced / context.biomass_loaded, 3) : null,
    tare_kg: tareKg(series),
    max_heating_c_min: rates.heating,
    max_cooling_c_min: rates.cooling,
    temp_curve: resample(series, series.hotS, 0),
    weight_curve: resample(series, series.smooth, 1),
  };
}
