import { CHART_MAX_POINTS } from './constants';
import type { ChartPoint } from './types';

/**
 * Largest-triangle-three-buckets over several series sharing one x axis.
 *
 * Choice: t1, t2 and w must stay aligned (one chart point = one reading), so
 * every bucket keeps one whole reading, chosen by a combined criterion: the sum
 * of its triangle areas in each series, each series scaled to its own range so
 * the weight (hundreds of kg) and the temperatures (hundreds of °C) weigh
 * equally. A missing value (NaN) leaves that series out of the triangle.
 * Returns the kept indices in order, always including the first and last.
 */
export function lttbIndices(x: ArrayLike<number>, ys: readonly ArrayLike<number>[], threshold: number): number[] {
  const n = x.length;
  if (threshold >= n || n <= 2) return Array.from({ length: n }, (_, i) => i);
  if (threshold < 3) return threshold <= 1 ? [0] : [0, n - 1];

  const scale = ys.map((y) => {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < n; i++) {
      const v = y[i];
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return max > min ? 1 / (max - min) : 0;
  });

  const kept = [0];
  const bucketSize = (n - 2) / (threshold - 2);
  const avgY = new Float64Array(ys.length);
  let a = 0;
  for (let bucket = 0; bucket < threshold - 2; bucket++) {
    const from = Math.floor(bucket * bucketSize) + 1;
    const to = Math.floor((bucket + 1) * bucketSize) + 1;
    // the third vertex: the average of the next bucket (or the last point)
    const nextFrom = to;
    const nextTo = Math.min(n, Math.floor((bucket + 2) * bucketSize) + 1);
    let avgX = 0;
    for (let i = nextFrom; i < nextTo; i++) avgX += x[i];
    avgX /= nextTo - nextFrom;
    for (let s = 0; s < ys.length; s++) {
      let sum = 0;
      let count = 0;
      for (let i = nextFrom; i < nextTo; i++) {
        const v = ys[s][i];
        if (v === v) {
          sum += v;
          count++;
        }
      }
      avgY[s] = count > 0 ? sum / count : NaN;
    }

    let best = from;
    let bestArea = -1;
    for (let i = from; i < to; i++) {
      let area = 0;
      for (let s = 0; s < ys.length; s++) {
        const ya = ys[s][a];
        const yb = ys[s][i];
        const term = (x[a] - avgX) * (yb - ya) - (x[a] - x[i]) * (avgY[s] - ya);
        if (term === term) area += Math.abs(term) * scale[s];
      }
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    kept.push(best);
    a = best;
  }
  kept.push(n - 1);
  return kept;
}

/** Index of the lowest and highest finite value of a series. */
function extremes(values: ArrayLike<number>): number[] {
  let low = -1;
  let high = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== v) continue;
    if (low < 0 || v < values[low]) low = i;
    if (high < 0 || v > values[high]) high = i;
  }
  return [low, high].filter((i) => i >= 0);
}

/**
 * Indices of at most `maxPoints` readings: LTTB over all series together, plus
 * each series' global minimum and maximum, which LTTB alone does not promise.
 */
export function pickChartIndices(x: ArrayLike<number>, ys: readonly ArrayLike<number>[], maxPoints = CHART_MAX_POINTS): number[] {
  const n = x.length;
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => i);
  const forced = new Set(ys.flatMap(extremes).filter((i) => i !== 0 && i !== n - 1));
  const picked = new Set(lttbIndices(x, ys, Math.max(2, maxPoints - forced.size)));
  for (const i of forced) picked.add(i);
  return [...picked].sort((p, q) => p - q);
}

/** Chart points cut to at most `maxPoints`; shorter series come back unchanged. */
export function downsampleChart(points: readonly ChartPoint[], maxPoints = CHART_MAX_POINTS): ChartPoint[] {
  if (points.length <= maxPoints) return points.slice();
  const x = points.map((p) => p.ts);
  const ys = (['t1', 't2', 'w'] as const).map((key) => points.map((p) => p[key] ?? NaN));
  return pickChartIndices(x, ys, maxPoints).map((i) => points[i]);
}
