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
  for (let i = 0; i < n >> 1; i++) if (a[i] > lower) lower = a[i];
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

/** Centred rolling median over `window` samples (odd), the window clipped at both ends. */
export function rollingMedian(values: Float64Array, window: number): Float64Array {
  const half = Math.floor(window / 2);
  const out = new Float64Array(values.length);
  const buffer = new Float64Array(window);
  for (let i = 0; i < values.length; i++) {
    const from = Math.max(0, i - half);
    const to = Math.min(values.length, i + half + 1);
    let n = 0;
    for (let k = from; k < to; k++) {
      // insertion sort: the window is tiny
      const v = values[k];
      let j = n++;
      while (j > 0 && buffer[j - 1] > v) {
        buffer[j] = buffer[j - 1];
        j--;
      }
      buffer[j] = v;
    }
    out[i] = n % 2 === 1 ? buffer[(n - 1) / 2] : (buffer[n / 2 - 1] + buffer[n / 2]) / 2;
  }
  return out;
}

/**
 * Standard deviation of white noise on a series, from the median absolute second
 * difference: second differences cancel a steady burn-down slope and the median
 * ignores the few large jumps (loads, quench), so only the sensor noise remains.
 */
export function noiseSigma(values: Float64Array): number {
  if (values.length < 3) return 0;
  const diffs = new Float64Array(values.length - 2);
  for (let i = 1; i < values.length - 1; i++) diffs[i - 1] = Math.abs(values[i + 1] - 2 * values[i] + values[i - 1]);
  // 1.4826 × MAD estimates σ of a normal variable; a second difference has variance 6σ²
  return (1.4826 * medianInPlace(diffs)) / Math.sqrt(6);
}

/** Rounds to two decimals, at the very end only (ANALYSIS.md §3); never yields -0. */
export function round2(value: number): number {
  const r = Math.round(value * 100) / 100;
  return r === 0 ? 0 : r;
}

/** round2, keeping null for a missing value. */
export function round2OrNull(value: number): number | null {
  return Number.isFinite(value) ? round2(value) : null;
}
