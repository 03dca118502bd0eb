/**
 * A burn's copy key (docs/analysis.md, "A copy's key"): a few numbers, stored with the burn,
 * that a disguised copy of it shares, so the store can hand the wobble match
 * (copyMatch.ts) a handful of candidates instead of every stored burn. The numbers come in
 * groups, each moved by one kind of disguise and left alone by the others: weights (kg
 * on the scale's own zero), temperatures (°C), the clock (s), and ratios that no level,
 * scale or clock moves. copyKeyIndex.ts says which groups a lookup compares, and how
 * closely. Pure: the series is read through a structural type, as fingerprint.ts does.
 */
import { KILN_TYPES } from '../kilnTypes';

export const COPY_KEY_VERSION = '1.0.0';

/** The parts of the analysis engine's prepared series (mock-server/analysis/series.ts) the key reads. */
export interface CopyKeySeries {
  n: number;
  /** UTC ms, ascending */
  ts: ArrayLike<number>;
  /** kg after the 60-second rolling median; NaN where missing */
  smooth: ArrayLike<number>;
  /** the hotter thermocouple of each reading; NaN where neither is valid */
  hot: ArrayLike<number>;
  /** the zero the kg were taken from (raw counts), and raw counts per gram; null for a Retort */
  zeroWeight: number | null;
  perUnitWeight: number | null;
}

export interface CopyKey {
  version: string;
  kiln_type: number;
  /** the median time between readings, s */
  interval_s: number;
  /** the log begins with the kiln already loaded or burning (its start was cut off): full_kg is then only a floor */
  loaded_at_start: boolean;
  /** kg on the scale's own zero: the level after the heaviest load, the char before the quench (a Retort's: at the end), the last two loads */
  full_kg: number | null;
  char_kg: number | null;
  last_load_kg: number | null;
  prev_load_kg: number | null;
  /** °C: the hottest 10 minutes, the 5 minutes before the quench, the first 2 minutes (before the first load) */
  hot_c: number | null;
  quench_c: number | null;
  cold_c: number | null;
  /** s: first reading to last, to the first load; from the first load to the quench, to 100 °C, to the hottest 10 minutes */
  span_s: number;
  lead_s: number | null;
  burn_s: number | null;
  heat_s: number | null;
  peak_s: number | null;
  /** (char − empty kiln) ÷ the loads' sum: needs the log's start */
  char_yield: number | null;
  /** the last loads before the quench, newest first: per consecutive pair, ln(newer ÷ older) and (quench − newer) ÷ (quench − older); two pairs at most */
  load_pattern: number[];
}

const MIN = 60_000;
/** A rise of the weight by this much within RISE_WINDOW is a load (or the quench water)… */
const RISE_MIN_KG = 5;
const RISE_WINDOW = 2 * MIN;
/** …rises closer than this are one (the armfuls of a load)… */
const RISE_MERGE = 3 * MIN;
/** …and one smaller than this share of the largest is not counted (a bump of the scale). */
const RISE_MIN_SHARE = 0.05;
/** A rise's size is read between lines through this long of weight either side of it. */
const RISE_FIT = 5 * MIN;
/** A rise this close to the first reading may have begun before the log did: no size to trust. */
const RISE_CLEAR_OF_START = 3 * MIN;
/** The quench: a rise after which the hot thermocouple's 5-minute mean falls by more than this (no load knocks a fire down so far). */
const QUENCH_FALL_C = 100;
/** A load counts when it ends this long before the quench. */
const LOAD_BEFORE_QUENCH = 3 * MIN;
const HEAT_C = 100;
/** Readings needed to key a burn. */
const MIN_READINGS = 30;

const isNumber = (v: number): boolean => v === v;
const orNull = (v: number, decimals: number): number | null => {
  if (!isNumber(v) || !Number.isFinite(v)) return null;
  const scale = 10 ** decimals;
  return Math.round(v * scale) / scale + 0;
};

function lowerBound(ts: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Means of a series over any span of time, from prefix sums (NaN-aware). */
class Means {
  private readonly sum: Float64Array;
  private readonly count: Float64Array;
  constructor(
    private readonly ts: ArrayLike<number>,
    values: ArrayLike<number>,
  ) {
    this.sum = new Float64Array(values.length + 1);
    this.count = new Float64Array(values.length + 1);
    for (let i = 0; i < values.length; i++) {
      const ok = isNumber(values[i]);
      this.sum[i + 1] = this.sum[i] + (ok ? values[i] : 0);
      this.count[i + 1] = this.count[i] + (ok ? 1 : 0);
    }
  }
  /** mean of the readings with from ≤ ts ≤ to; NaN when there are none */
  between(from: number, to: number): number {
    const a = lowerBound(this.ts, from);
    const b = lowerBound(this.ts, to + 1e-6);
    const c = this.count[b] - this.count[a];
    return c > 0 ? (this.sum[b] - this.sum[a]) / c : NaN;
  }
}

/** The least-squares line through the readings with from ≤ ts ≤ to, read at x (their mean when too few). */
function lineAt(ts: ArrayLike<number>, w: ArrayLike<number>, from: number, to: number, x: number): number {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let i = lowerBound(ts, from); i < ts.length && ts[i] <= to; i++) {
    if (!isNumber(w[i])) continue;
    const d = (ts[i] - x) / MIN;
    n++;
    sx += d;
    sy += w[i];
    sxx += d * d;
    sxy += d * w[i];
  }
  if (n === 0) return NaN;
  const vx = sxx - (sx * sx) / n;
  if (n < 3 || !(vx > 0)) return sy / n;
  const slope = (sxy - (sx * sy) / n) / vx;
  return (sy - slope * sx) / n;
}

/** A rise of the weight: from its last low reading to where it stops climbing; `at` where it crosses halfway; `top` the level after it. */
interface Rise {
  from: number;
  to: number;
  at: number;
  kg: number;
  top: number;
}

/**
 * Rises of the weight by RISE_MIN_KG within RISE_WINDOW (or across a gap of dropped
 * readings), merged within RISE_MERGE, each running on while the weight still climbs (a
 * last armful, a reading caught mid-load). Its size is the jump between the lines fitted
 * to RISE_FIT either side, read where the weight crosses halfway: a clock stretched or
 * read every minute moves where a window ends, not where the weight crosses.
 */
function risesOf(ts: ArrayLike<number>, w: ArrayLike<number>): Rise[] {
  const n = ts.length;
  const spans: { lo: number; hi: number }[] = [];
  let j = 0;
  for (let i = 0; i < n; i++) {
    if (!isNumber(w[i])) continue;
    while (j < n - 1 && ts[j + 1] <= ts[i] + RISE_WINDOW) j++;
    const end = j > i ? j : i + 1 < n && ts[i + 1] - ts[i] <= 5 * RISE_WINDOW ? i + 1 : i;
    let high = -1;
    for (let k = i + 1; k <= end; k++) if (w[k] - w[i] >= RISE_MIN_KG) high = k;
    if (high < 0) continue;
    const last = spans[spans.length - 1];
    if (last && ts[i] <= ts[last.hi] + RISE_MERGE) last.hi = Math.max(last.hi, high);
    else spans.push({ lo: i, hi: high });
  }
  const nextReading = (k: number) => {
    let m = k + 1;
    while (m < n && !isNumber(w[m])) m++;
    return m;
  };
  for (const span of spans) {
    const step = () => Math.max(1, 0.02 * (w[span.hi] - w[span.lo]));
    for (let k = nextReading(span.hi); k < n && w[k] - w[span.hi] > step(); k = nextReading(k)) span.hi = k;
  }
  const rises: Rise[] = [];
  spans.forEach(({ lo, hi }, r) => {
    const from = ts[lo];
    const to = ts[hi];
    if (from - ts[0] < RISE_CLEAR_OF_START) return;
    const beforeFrom = Math.max(from - RISE_FIT, r > 0 ? ts[spans[r - 1].hi] : -Infinity);
    const afterTo = Math.min(to + RISE_FIT, r + 1 < spans.length ? ts[spans[r + 1].lo] : Infinity);
    const middle = (from + to) / 2;
    const half = (lineAt(ts, w, beforeFrom, from, middle) + lineAt(ts, w, to, afterTo, middle)) / 2;
    let at = middle;
    for (let k = lo; k < hi; k++) {
      if (w[k] < half && w[k + 1] >= half) {
        at = ts[k] + ((half - w[k]) / (w[k + 1] - w[k])) * (ts[k + 1] - ts[k]);
        break;
      }
    }
    const top = lineAt(ts, w, to, afterTo, at);
    rises.push({ from, to, at, kg: top - lineAt(ts, w, beforeFrom, from, at), top });
  });
  const largest = Math.max(0, ...rises.map((rise) => rise.kg));
  return rises.filter((rise) => rise.kg >= RISE_MIN_SHARE * largest);
}

/** The highest mean of `means` over a window of 2 × half centred on a reading and inside the log, and where it is centred. */
function highestWindow(ts: ArrayLike<number>, means: Means, half: number): { value: number; at: number } {
  let value = -Infinity;
  let at = NaN;
  for (let i = 0; i < ts.length; i++) {
    if (ts[i] - half < ts[0] || ts[i] + half > ts[ts.length - 1]) continue;
    const m = means.between(ts[i] - half, ts[i] + half);
    if (m > value) {
      value = m;
      at = ts[i];
    }
  }
  return { value, at };
}

function medianGapS(ts: ArrayLike<number>): number {
  const gaps: number[] = [];
  for (let i = 1; i < ts.length; i++) gaps.push(ts[i] - ts[i - 1]);
  gaps.sort((a, b) => a - b);
  return gaps[gaps.length >> 1] / 1000;
}

/** Consecutive pairs of the last loads, newest first: ln(size ratio) and (quench − newer) ÷ (quench − older). */
function patternOf(loads: readonly Rise[], quench: number): number[] {
  const out: number[] = [];
  for (let k = loads.length - 1; k >= 1 && out.length < 4; k--) {
    out.push(Math.log(loads[k].kg / loads[k - 1].kg), (quench - loads[k].at) / (quench - loads[k - 1].at));
  }
  return out;
}

/** The copy key of an analysed burn; null for a log of too few readings. */
export function copyKeyOf(series: CopyKeySeries, kiln_type: number): CopyKey | null {
  const { n, ts } = series;
  if (n < MIN_READINGS) return null;
  // kg on the scale's own zero, not on a tare the analysis measured at the log's start (a cut copy's start is loaded)
  const offset = series.perUnitWeight ? (series.zeroWeight ?? 0) / (series.perUnitWeight * 1000) : 0;
  const w = Float64Array.from({ length: n }, (_, i) => series.smooth[i] + offset);
  const weight = new Means(ts, w);
  const heat = new Means(ts, series.hot);
  const t0 = ts[0];
  const tEnd = ts[n - 1];
  const rises = risesOf(ts, w);

  const quenched = kiln_type !== KILN_TYPES.RETORT;
  let water: Rise | null = null;
  if (quenched)
    for (const rise of rises)
      if (heat.between(rise.to, rise.to + 5 * MIN) - heat.between(rise.from - 5 * MIN, rise.from) < -QUENCH_FALL_C) water = rise;
  const loads = water ? rises.filter((rise) => rise.to < water.at - LOAD_BEFORE_QUENCH) : quenched ? [] : rises;
  const first = loads[0];

  const char = water ? weight.between(water.from - 5 * MIN, water.from) : weight.between(tEnd - 10 * MIN, tEnd);
  const full = loads.length ? Math.max(...loads.map((load) => load.top)) : highestWindow(ts, weight, 2.5 * MIN).value;
  const hottest = highestWindow(ts, heat, 5 * MIN);
  const clearStart = first && first.from - t0 >= 2 * MIN;
  const empty = clearStart ? weight.between(t0, first.from - 0.5 * MIN) : NaN;
  let heatAt = NaN;
  for (let i = lowerBound(ts, first?.from ?? Infinity); i < n; i++) {
    if (heat.between(ts[i], ts[i] + 2 * MIN) >= HEAT_C) {
      heatAt = ts[i];
      break;
    }
  }
  const since = (t: number) => (first ? (t - first.at) / 1000 : NaN);
  return {
    version: COPY_KEY_VERSION,
    kiln_type,
    interval_s: medianGapS(ts),
    // an uncut log begins with the kiln empty and cold; a cut one heavier than its char, or burning
    loaded_at_start: weight.between(t0, t0 + 2 * MIN) > char || heat.between(t0, t0 + 2 * MIN) >= HEAT_C,
    full_kg: orNull(full, 2),
    char_kg: orNull(char, 2),
    last_load_kg: orNull(loads.at(-1)?.kg ?? NaN, 2),
    prev_load_kg: orNull(loads.at(-2)?.kg ?? NaN, 2),
    hot_c: orNull(hottest.value, 2),
    quench_c: orNull(water ? heat.between(water.from - 5 * MIN, water.from) : NaN, 2),
    cold_c: orNull(clearStart ? heat.between(t0, Math.min(t0 + 2 * MIN, first.from - 0.5 * MIN)) : NaN, 2),
    span_s: (tEnd - t0) / 1000,
    lead_s: orNull(first ? (first.at - t0) / 1000 : NaN, 1),
    burn_s: orNull(water ? since(water.at) : NaN, 1),
    heat_s: orNull(since(heatAt), 1),
    peak_s: orNull(since(hottest.at), 1),
    char_yield: orNull((char - empty) / loads.reduce((sum, load) => sum + load.kg, 0), 5),
    load_pattern: water ? patternOf(loads, water.at).map((v) => Math.round(v * 1e5) / 1e5 + 0) : [],
  };
}
