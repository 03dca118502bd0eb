/** Small numeric helpers over typed arrays; NaN means "missing" throughout. */

/** Median of the finite values in [from, to); NaN when there are none. */
export function median(values: ArrayLike<number>, from = 0, to = values.length): number {
  const buffer = new Float64Array(Math.max(0, to - from));
  let n = 0;
  for (let i = from; i < to; i++) {
    const v = values[i];
    if (v === v) buffer[n++] = v;
  }
  return medianInPlace(buffer.subarray(0, n));
}

/** Median of a scratch array (reordered), by selection: linear time, where sorting a day of readings is not. */
function medianInPlace(a: Float64Array): number {
  const n = a.length;
  if (n === 0) return NaN;
  const upper = selectInPlace(a, n >> 1);
  if (n % 2 === 1) return upper;
  // everything left of position n/2 is ≤ upper: the lower middle is their maximum
  let lower = -Infinity;
  for (let i = 0; i < n >> 1; i++) lower = Math.max(lower, a[i]);
  return (lower + upper) / 2;
}

/** Reorders `a` so a[k] is its k-th smallest value, smaller ones before it, larger after (Hoare quickselect). */
function selectInPlace(a: Float64Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (right > left) {
    const pivot = a[(left + right) >> 1];
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k];
}

/**
 * Centred rolling median over a span of TIME: out[i] is the median of the
 * finite values whose ts lies within ±halfWindowMs of ts[i] (NaN when there are
 * none). Sampling in the field is irregular, so the window is never a count of samples.
 *
 * The window's values are kept sorted as it slides. When one reading leaves
 * as another enters (the usual step), the leaving one is found by binary
 * search and the entering one takes its place, moving only the values between
 * the two; otherwise a value is inserted or removed by shifting. The cost is
 * n × (log w + the values moved) for a window of w values (w = 61 at one
 * sample a second), instead of sorting every window again.
 */
export function rollingMedianByTime(ts: ArrayLike<number>, values: ArrayLike<number>, halfWindowMs: number): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  let sorted = new Float64Array(64);
  let size = 0;
  let leaving = new Float64Array(16);
  let head = 0; // next sample to enter the window
  let tail = 0; // oldest sample still in it
  // written out inline, without helper closures: this loop runs for every reading of a day-long log
  for (let i = 0; i < n; i++) {
    const centre = ts[i];
    // what leaves the window (all of it entered at an earlier reading)
    let leave = 0;
    while (ts[tail] < centre - halfWindowMs) {
      const v = values[tail++];
      if (v !== v) continue;
      if (leave === leaving.length) {
        const grown = new Float64Array(leave * 2);
        grown.set(leaving);
        leaving = grown;
      }
      leaving[leave++] = v;
    }
    while (head < n && ts[head] <= centre + halfWindowMs) {
      const v = values[head++];
      if (v !== v) continue;
      if (leave > 0) {
        // one value leaves as one enters (the usual slide): move only the values between them
        const old = leaving[--leave];
        let k = lowerIndex(sorted, size, old);
        if (v >= old) {
          while (k + 1 < size && sorted[k + 1] < v) {
            sorted[k] = sorted[k + 1];
            k++;
          }
        } else {
          while (k > 0 && sorted[k - 1] > v) {
            sorted[k] = sorted[k - 1];
            k--;
          }
        }
        sorted[k] = v;
        continue;
      }
      if (size === sorted.length) {
        const grown = new Float64Array(size * 2);
        grown.set(sorted);
        sorted = grown;
      }
      // inserted at its place, the larger values moved up by one
      const k = lowerIndex(sorted, size, v);
      sorted.copyWithin(k + 1, k, size);
      sorted[k] = v;
      size++;
    }
    while (leave > 0) {
      // removed, the larger values moved down by one
      const k = lowerIndex(sorted, size, leaving[--leave]);
      sorted.copyWithin(k, k + 1, size);
      size--;
    }
    if (size === 0) out[i] = NaN;
    else out[i] = (size & 1) === 1 ? sorted[(size - 1) >> 1] : (sorted[(size >> 1) - 1] + sorted[size >> 1]) / 2;
  }
  return out;
}

/** First index in sorted[0, size) whose value is ≥ v. */
function lowerIndex(sorted: Float64Array, size: number, v: number): number {
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Standard deviation of white noise on a series, from the median absolute second
 * difference: second differences cancel a steady burn-down slope and the median
 * ignores the few large jumps (loads, quench), so only the sensor noise remains.
 */
export function noiseSigma(values: Float64Array): number {
  // one slot per reading, for simplicity: only those with a neighbour on each side give a second difference
  const diffs = new Float64Array(values.length);
  let n = 0;
  for (let i = 1; i < values.length - 1; i++) {
    const d = Math.abs(values[i + 1] - 2 * values[i] + values[i - 1]);
    if (d === d) diffs[n++] = d;
  }
  if (n === 0) return 0;
  // 1.4826 × MAD estimates σ of a normal variable; a second difference has variance 6σ²
  return (1.4826 * medianInPlace(diffs.subarray(0, n))) / Math.sqrt(6);
}

/** Rounds to two decimals, at the very end only (docs/analysis.md#figures-and-formulas); never yields -0. */
export function round2(value: number): number {
  const r = Math.round(value * 100) / 100;
  return r === 0 ? 0 : r;
}

/** round2, keeping null for a missing value. */
export function round2OrNull(value: number): number | null {
  return Number.isFinite(value) ? round2(value) : null;
}
