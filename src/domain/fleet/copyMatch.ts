/**
 * Whether one burn log is a disguised copy of another (docs/analysis.md, "A copy's own
 * wobble"). A copy can have its levels scaled and offset, its clock shifted and
 * stretched, its readings resampled, thinned, noised and cut, but it still carries the
 * original's wobble: what each reading of a thermocouple or of the scale is off the
 * line between its neighbours, the sensor's noise and the flame's flicker, which no two
 * independent burns share. The match aligns the two clocks in two steps (the smooth
 * curves, then the wobble itself) and measures how much wobble they share.
 * Pure: the server hands it the readings of a burn and of a candidate.
 */

/** One burn's readings: seconds since its first, ascending, and each channel (t1, t2, weight in any unit) with NaN where missing. */
export interface CopyTrack {
  t: Float64Array;
  channels: Float64Array[];
}

/** The parts of a log's ordered series (mock-server/analysis/series.ts) a track is made of. */
export interface LoggedSeries {
  n: number;
  /** UTC ms, ascending */
  ts: ArrayLike<number>;
  t1: ArrayLike<number>;
  t2: ArrayLike<number>;
  /** the weight as logged (load-cell counts, or kg): any linear unit does, the match ignores levels and scales */
  raw: ArrayLike<number>;
}

export function trackOf(series: LoggedSeries): CopyTrack {
  const t = new Float64Array(series.n);
  const channels = [new Float64Array(series.n), new Float64Array(series.n), new Float64Array(series.n)];
  for (let i = 0; i < series.n; i++) {
    t[i] = (series.ts[i] - series.ts[0]) / 1000;
    channels[0][i] = series.t1[i];
    channels[1][i] = series.t2[i];
    channels[2][i] = series.raw[i];
  }
  return { t, channels };
}

/** Stretches of the copy's clock the alignment tries: an operator's ×0.90–1.10, with room for the smooth curves' own play. */
const STRETCH_RANGE: readonly [number, number] = [0.87, 1.13];
/** Time cut from either end, as a share of the longer span, the alignment allows. */
const CUT_SHARE = 0.12;
/** A copy covers at least this share of its readings with the original's. */
const MIN_OVERLAP = 0.7;
/**
 * The evidence a copy needs: the channels' shared wobble as one z-score (each channel's
 * correlation × √readings, combined as Stouffer's sum ÷ √channels). A log read every
 * minute or less often needs more: between two of its readings the curve itself bends
 * as much as the sensors wobble, and independent burns of one shape reach z 12 at their
 * best alignment (docs/performance.md, "Duplicate burns under disguise").
 */
export const COPY_MIN_Z = 7;
export const SPARSE_COPY_MIN_Z = 15;
/** A log whose median reading interval is longer than this is sparse. */
const SPARSE_INTERVAL_S = 30;

/** Whether a track is read sparsely: more than SPARSE_INTERVAL_S between readings, as a median. */
export const isSparse = (track: Pick<PreparedTrack, 'interval'>): boolean => track.interval > SPARSE_INTERVAL_S;
export const copyMinZ = (copy: Pick<PreparedTrack, 'interval'>): number => (isSparse(copy) ? SPARSE_COPY_MIN_Z : COPY_MIN_Z);
/** The wobble beyond this many times its 95th percentile is an edge (a load, the quench), not noise: left out. */
const WOBBLE_EDGE = 3;
/** The wobble's own local mean, over this many readings either side, is a bend of the curve: taken off. */
const WOBBLE_MEAN_READINGS = 2;
/** Readings needed on a channel, and on a burn. */
const MIN_READINGS = 30;

const COARSE_STEP_S = 60;
const COARSE_HALF_WINDOW_S = 90;
const COARSE_STRETCH_STEP = 0.005;
/** How far the fine search looks around the smooth curves' alignment. */
const FINE_STRETCH = 0.003;
const FINE_OFFSET_S = 45;

const isNumber = (v: number) => v === v;

/** Moving mean of `values` over ±half seconds of `t`, NaN-aware (two pointers, O(n)). */
function movingMean(t: Float64Array, values: Float64Array, half: number): Float64Array {
  const n = t.length;
  const out = new Float64Array(n);
  let lo = 0;
  let hi = 0;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    for (; hi < n && t[hi] <= t[i] + half; hi++)
      if (isNumber(values[hi])) {
        sum += values[hi];
        count++;
      }
    for (; t[lo] < t[i] - half; lo++)
      if (isNumber(values[lo])) {
        sum -= values[lo];
        count--;
      }
    out[i] = count ? sum / count : NaN;
  }
  return out;
}

/** `values` (read at `t`) at even `step` seconds from t[0]: linear between readings, NaN across a gap longer than `maxGap`. */
function onGrid(t: Float64Array, values: Float64Array, step: number, maxGap: number): Float64Array {
  const span = t[t.length - 1] - t[0];
  const grid = new Float64Array(Math.floor(span / step) + 1);
  let j = 0;
  for (let k = 0; k < grid.length; k++) {
    const at = t[0] + k * step;
    while (j < t.length - 2 && t[j + 1] < at) j++;
    const dt = t[j + 1] - t[j];
    grid[k] = dt > maxGap ? NaN : values[j] + ((values[j + 1] - values[j]) * (at - t[j])) / (dt || 1);
  }
  return grid;
}

/**
 * Where a channel's wobble stops being noise: WOBBLE_EDGE times its 95th percentile of
 * size. A percentile, not the median: a log resampled finer than it was read has most of
 * its readings on the lines between the real ones, and the median of its wobble is zero.
 */
function edgeLimit(wobble: ArrayLike<number>): number {
  const abs: number[] = [];
  for (let i = 0; i < wobble.length; i++) if (isNumber(wobble[i])) abs.push(Math.abs(wobble[i]));
  if (abs.length === 0) return NaN;
  abs.sort((a, b) => a - b);
  return WOBBLE_EDGE * abs[Math.floor(0.95 * (abs.length - 1))];
}

/** Each reading less the line between its neighbours; NaN at the ends, where a neighbour is missing, and beyond `limit` (an edge). */
function offLine(t: Float64Array, values: Float64Array, out: Float64Array, limit = Infinity): Float64Array {
  const n = t.length;
  out[0] = NaN;
  out[n - 1] = NaN;
  for (let i = 1; i < n - 1; i++) {
    const u = (t[i] - t[i - 1]) / (t[i + 1] - t[i - 1]);
    const v = values[i] - (values[i - 1] + (values[i + 1] - values[i - 1]) * u);
    out[i] = Math.abs(v) <= limit ? v : NaN;
  }
  return out;
}

/**
 * `offLine` less its own mean over WOBBLE_MEAN_READINGS either side: what is left of a
 * bend of the curve (a load coming in, the heat rising, shared by burns of one shape)
 * after the line is taken off goes too; the noise stays.
 */
function lessLocalMean(values: Float64Array, out: Float64Array): Float64Array {
  const n = values.length;
  const k = WOBBLE_MEAN_READINGS;
  let sum = 0;
  let count = 0;
  const add = (i: number, sign: number) => {
    if (i >= 0 && i < n && isNumber(values[i])) {
      sum += sign * values[i];
      count += sign;
    }
  };
  for (let i = 0; i < k; i++) add(i, 1);
  for (let i = 0; i < n; i++) {
    add(i + k, 1);
    add(i - k - 1, -1);
    out[i] = count ? values[i] - sum / count : NaN;
  }
  return out;
}

/** The wobble of a channel along its own readings, edges left out. */
function wobbleOf(t: Float64Array, values: Float64Array): Float64Array {
  const line = offLine(t, values, new Float64Array(t.length));
  return lessLocalMean(offLine(t, values, line, edgeLimit(line)), new Float64Array(t.length));
}

/** What the matcher keeps of a track: its readings, each channel's wobble, and its smooth curves on an even grid. */
export interface PreparedTrack {
  t: Float64Array;
  span: number;
  /** the median time between readings, s */
  interval: number;
  channels: Float64Array[];
  wobble: Float64Array[];
  coarse: Float64Array[];
}

function medianInterval(t: Float64Array): number {
  const gaps: number[] = [];
  for (let i = 1; i < t.length; i++) gaps.push(t[i] - t[i - 1]);
  gaps.sort((a, b) => a - b);
  return gaps[gaps.length >> 1];
}

/** A track ready to match; null when it has too few readings to tell. */
export function prepareTrack(track: CopyTrack): PreparedTrack | null {
  const { t, channels } = track;
  if (t.length < MIN_READINGS) return null;
  const interval = medianInterval(t);
  const maxGap = 10 * Math.max(interval, 1);
  return {
    t,
    span: t[t.length - 1] - t[0],
    interval,
    channels,
    wobble: channels.map((values) => wobbleOf(t, values)),
    coarse: channels.map((values) => onGrid(t, movingMean(t, values, COARSE_HALF_WINDOW_S), COARSE_STEP_S, maxGap)),
  };
}

/** A map from the copy's clock to the original's, both as seconds since each one's first reading: t_original = (t_copy − offset) / stretch. */
export interface ClockMap {
  stretch: number;
  offset: number;
}

/** Pearson's correlation of the pairs a loop adds. */
class Correlation {
  n = 0;
  private sx = 0;
  private sy = 0;
  private sxx = 0;
  private syy = 0;
  private sxy = 0;
  add(x: number, y: number): void {
    if (!isNumber(x) || !isNumber(y)) return;
    this.n++;
    this.sx += x;
    this.sy += y;
    this.sxx += x * x;
    this.syy += y * y;
    this.sxy += x * y;
  }
  value(): number {
    const { n } = this;
    const vx = this.sxx - (this.sx * this.sx) / n;
    const vy = this.syy - (this.sy * this.sy) / n;
    return n >= 3 && vx > 0 && vy > 0 ? (this.sxy - (this.sx * this.sy) / n) / Math.sqrt(vx * vy) : 0;
  }
}

/** How well the copy's smooth curves follow the original's under `map`: the mean correlation over the channels, and the share of the copy covered. */
function coarseScore(copy: PreparedTrack, original: PreparedTrack, map: ClockMap): { score: number; overlap: number } {
  let total = 0;
  let used = 0;
  let covered = 0;
  const points = copy.coarse[0].length;
  for (let c = 0; c < copy.coarse.length; c++) {
    const corr = new Correlation();
    const o = original.coarse[c];
    const x = copy.coarse[c];
    for (let k = 0; k < points; k++) {
      const at = (k * COARSE_STEP_S - map.offset) / map.stretch / COARSE_STEP_S;
      const i = Math.floor(at);
      if (i < 0 || i >= o.length - 1) continue;
      corr.add(x[k], o[i] + (o[i + 1] - o[i]) * (at - i));
    }
    if (corr.n >= MIN_READINGS / 3) {
      total += corr.value();
      used++;
      covered = Math.max(covered, corr.n / points);
    }
  }
  return { score: used ? total / used : -1, overlap: covered };
}

/** The original's channel `c` read where each of the copy's readings falls under `map` (NaN outside it or across a gap); returns how many fell inside. */
function readAlong(copy: PreparedTrack, original: PreparedTrack, map: ClockMap, c: number, into: Float64Array): number {
  const { t } = copy;
  const ot = original.t;
  const values = original.channels[c];
  const maxGap = 3 * Math.max(original.interval, 1);
  let j = 0;
  let inside = 0;
  for (let i = 0; i < t.length; i++) {
    const at = ot[0] + (t[i] - t[0] - map.offset) / map.stretch;
    into[i] = NaN;
    if (at < ot[0] || at > ot[ot.length - 1]) continue;
    while (j < ot.length - 2 && ot[j + 1] < at) j++;
    const dt = ot[j + 1] - ot[j];
    if (dt > maxGap) continue;
    into[i] = values[j] + ((values[j + 1] - values[j]) * (at - ot[j])) / (dt || 1);
    inside++;
  }
  return inside;
}

/** The original's wobble on channel `c` taken along the copy's readings under `map`. */
function wobbleAlong(copy: PreparedTrack, original: PreparedTrack, map: ClockMap, c: number): Float64Array {
  const read = new Float64Array(copy.t.length);
  readAlong(copy, original, map, c, read);
  return offLine(copy.t, read, new Float64Array(read.length));
}

/**
 * The wobble the copy shares with the original under `map`, per channel: the original
 * read where each of the copy's readings falls, and its wobble taken along the copy's
 * own readings, so that a copy resampled to another interval is compared like with like.
 * `edges` are the original's edge limits per channel.
 */
function wobbleScore(
  copy: PreparedTrack,
  original: PreparedTrack,
  map: ClockMap,
  edges: readonly number[],
): { z: number; channels: number[]; overlap: number } {
  const n = copy.t.length;
  const read = new Float64Array(n);
  const theirs = new Float64Array(n);
  const scratch = new Float64Array(n);
  const channels: number[] = [];
  let covered = 0;
  let z = 0;
  for (let c = 0; c < copy.channels.length; c++) {
    covered = Math.max(covered, readAlong(copy, original, map, c, read) / n);
    lessLocalMean(offLine(copy.t, read, scratch, edges[c]), theirs);
    const corr = new Correlation();
    const mine = copy.wobble[c];
    for (let i = 0; i < n; i++) corr.add(mine[i], theirs[i]);
    if (corr.n < MIN_READINGS) continue;
    const r = corr.value();
    channels.push(r);
    z += r * Math.sqrt(corr.n);
  }
  return { z: channels.length ? z / Math.sqrt(channels.length) : 0, channels, overlap: covered };
}

export interface CopyMatch {
  /** the alignment found */
  map: ClockMap;
  /** each channel's wobble correlation there */
  channels: number[];
  z: number;
  overlap: number;
  isCopy: boolean;
}

/** The best alignment of `copy` onto `original`, and whether the copy carries the original's wobble. */
export function matchCopy(copy: PreparedTrack, original: PreparedTrack): CopyMatch {
  // 1. the smooth curves: every stretch and every offset the cuts allow on a wide grid, then a finer one around the best
  let coarse: ClockMap = { stretch: 1, offset: 0 };
  let best = -Infinity;
  const cut = CUT_SHARE * Math.max(copy.span, original.span);
  const grid = (stretches: [number, number], offsets: [number, number], stretchStep: number, offsetStep: number) => {
    for (let stretch = stretches[0]; stretch <= stretches[1] + 1e-12; stretch += stretchStep)
      for (let offset = offsets[0]; offset <= offsets[1] + 1e-9; offset += offsetStep) {
        const { score, overlap } = coarseScore(copy, original, { stretch, offset });
        if (overlap >= MIN_OVERLAP && score > best) {
          best = score;
          coarse = { stretch, offset };
        }
      }
  };
  grid([...STRETCH_RANGE], [-cut * STRETCH_RANGE[1], cut * STRETCH_RANGE[1]], 2 * COARSE_STRETCH_STEP, COARSE_STEP_S);
  const wide = coarse;
  grid(
    [wide.stretch - 2 * COARSE_STRETCH_STEP, wide.stretch + 2 * COARSE_STRETCH_STEP],
    [wide.offset - COARSE_STEP_S, wide.offset + COARSE_STEP_S],
    COARSE_STRETCH_STEP / 2,
    COARSE_STEP_S / 4,
  );
  // 2. the wobble around it: steps of half the shorter interval along the copy, then a third of that around the best
  const edges = original.channels.map((_, c) => edgeLimit(wobbleAlong(copy, original, coarse, c)));
  let fine = { map: coarse, ...wobbleScore(copy, original, coarse, edges) };
  const search = (around: ClockMap, stretchReach: number, offsetReach: number, step: number) => {
    const stretchStep = step / Math.max(copy.span, 1);
    for (let ds = -stretchReach; ds <= stretchReach + 1e-12; ds += stretchStep)
      for (let doff = -offsetReach; doff <= offsetReach + 1e-9; doff += step) {
        const map = { stretch: around.stretch + ds, offset: around.offset + doff };
        const s = wobbleScore(copy, original, map, edges);
        if (s.z > fine.z) fine = { map, ...s };
      }
  };
  const step = Math.max(1, Math.min(copy.interval, original.interval) / 2);
  search(coarse, FINE_STRETCH, FINE_OFFSET_S, step);
  search(fine.map, step / Math.max(copy.span, 1), step, step / 3);
  return { ...fine, isCopy: fine.overlap >= MIN_OVERLAP && fine.z >= copyMinZ(copy) };
}
