import { CHART_MAX_POINTS, downsampleChart, lttbIndices, type ChartPoint } from '../../../mock-server/analysis';
import { pickChartIndices } from '../../../mock-server/analysis/downsample';

function series(n: number, at: (i: number) => Partial<ChartPoint>): ChartPoint[] {
  return Array.from({ length: n }, (_, i) => ({ ts: 1_000 * i, t1: 0, t2: 0, w: 0, ...at(i) }));
}

const wave = (i: number) => ({ t1: 500 + 150 * Math.sin(i / 900), t2: 400 + 100 * Math.cos(i / 1300), w: 300 - i / 400 });

describe('downsampleChart (LTTB over t1, t2 and w together)', () => {
  it('returns a short series unchanged', () => {
    const points = series(CHART_MAX_POINTS, wave);
    const out = downsampleChart(points);
    expect(out).toEqual(points);
    expect(out).not.toBe(points);
  });

  it('cuts a day of 1-second readings to at most 1,000 readings of the original, in order', () => {
    const points = series(86_400, wave);
    const out = downsampleChart(points);
    expect(out.length).toBeLessThanOrEqual(CHART_MAX_POINTS);
    expect(out.length).toBeGreaterThan(CHART_MAX_POINTS - 10);
    const originals = new Set(points);
    expect(out.every((p) => originals.has(p))).toBe(true);
    expect(out.every((p, i) => i === 0 || p.ts > out[i - 1].ts)).toBe(true);
  });

  it('keeps the first and last readings and the extremes of every series, even one-sample spikes', () => {
    const points = series(20_000, (i) => ({
      ...wave(i),
      t1: i === 12_345 ? 1_250 : wave(i).t1,
      t2: i === 777 ? -15 : wave(i).t2,
      w: i === 19_000 ? 900 : wave(i).w,
    }));
    const kept = new Set(downsampleChart(points).map((p) => p.ts));
    for (const i of [0, 19_999, 12_345, 777, 19_000]) expect(kept.has(1_000 * i)).toBe(true);
    for (const key of ['t1', 't2', 'w'] as const) {
      const values = points.map((p) => p[key] as number);
      const lowest = values.indexOf(Math.min(...values));
      const highest = values.indexOf(Math.max(...values));
      expect(kept.has(1_000 * lowest) && kept.has(1_000 * highest)).toBe(true);
    }
  });

  it('keeps the shape: the quench edge of a burn survives', () => {
    const points = series(30_000, (i) => ({ t1: i < 20_000 ? 600 : 80, t2: i < 20_000 ? 550 : 70, w: i < 20_000 ? 100 : 160 }));
    const out = downsampleChart(points, 100);
    expect(out.length).toBeLessThanOrEqual(100);
    const edge = out.findIndex((p) => p.t1 === 80);
    expect(out[edge - 1].ts).toBeGreaterThan(19_000_000 - 1);
    expect(out[edge].ts).toBeLessThan(20_000_000 + 400_000);
  });

  it('copes with missing temperatures and an unknown weight', () => {
    const points = series(5_000, (i) => ({ ...wave(i), t2: i % 7 === 0 ? null : wave(i).t2, w: null }));
    const out = downsampleChart(points);
    expect(out.length).toBeLessThanOrEqual(CHART_MAX_POINTS);
    expect(out[0]).toBe(points[0]);
    expect(out[out.length - 1]).toBe(points[points.length - 1]);
  });
});

describe('lttbIndices', () => {
  it('picks exactly `threshold` indices, first and last included', () => {
    const x = Array.from({ length: 500 }, (_, i) => i);
    const y = x.map((i) => Math.sin(i / 20));
    const picked = lttbIndices(x, [y], 50);
    expect(picked).toHaveLength(50);
    expect(picked[0]).toBe(0);
    expect(picked[49]).toBe(499);
  });

  it('is the identity when the threshold covers the series', () => {
    expect(lttbIndices([1, 2, 3], [[5, 6, 7]], 10)).toEqual([0, 1, 2]);
  });

  it('prefers the peak of a bucket', () => {
    const x = Array.from({ length: 12 }, (_, i) => i);
    const y = [0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0];
    expect(lttbIndices(x, [y], 4)).toContain(5);
  });
});

describe('LTTB, not a stride', () => {
  it('picks in each bucket the reading that spans the largest triangle: the peak, wherever it sits in its bucket', () => {
    // 1,002 readings, 100 buckets of 10; in bucket b the peak sits at its 7th reading, alternately up and down
    const n = 1002;
    const x = Array.from({ length: n }, (_, i) => i);
    const peakOf = (b: number) => 1 + 10 * b + 6;
    const y = Array.from({ length: n }, () => 0);
    for (let b = 0; b < 100; b++) y[peakOf(b)] = b % 2 === 0 ? 10 : -10;
    const kept = lttbIndices(x, [y], 102);
    expect(kept).toEqual([0, ...Array.from({ length: 100 }, (_, b) => peakOf(b)), n - 1]);
    // an even stride keeps only the peaks it happens to land on
    const stride = Array.from({ length: 102 }, (_, i) => Math.round((i * (n - 1)) / 101));
    expect(stride.filter((i) => y[i] !== 0).length).toBeLessThan(15);
  });
});

describe('lttbIndices at its edges', () => {
  const x = Array.from({ length: 10 }, (_, i) => i);
  const y = x.map((i) => i * i);

  it('keeps the first reading for a threshold of 1, the two ends for 2, everything for a series of two', () => {
    expect(lttbIndices(x, [y], 1)).toEqual([0]);
    expect(lttbIndices(x, [y], 0)).toEqual([0]);
    expect(lttbIndices(x, [y], 2)).toEqual([0, 9]);
    expect(lttbIndices(x, [y], 3)).toHaveLength(3);
    expect(lttbIndices(x, [y], 10)).toEqual(x);
    expect(lttbIndices([0, 1], [[1, 2]], 1)).toEqual([0, 1]);
    expect(lttbIndices([], [[]], 5)).toEqual([]);
  });

  it('weighs each series by its own range: a small temperature peak is not drowned by a large weight wiggle', () => {
    // 3 buckets of 4 readings; in the middle bucket t peaks (its whole range) at 6, w wiggles by 10 of its 1,000 at 8
    const xs = Array.from({ length: 14 }, (_, i) => i);
    const t = xs.map((i) => (i === 6 ? 1 : 0));
    const w = xs.map((i) => (i === 13 ? 1000 : i === 8 ? 10 : 0));
    expect(lttbIndices(xs, [t, w], 5)[2]).toBe(6);
  });

  it('leaves missing values out of the triangles instead of letting them void a bucket', () => {
    const xs = Array.from({ length: 12 }, (_, i) => i);
    // t2 is missing in every reading of the middle buckets; t1 peaks at 5 and dips at 8
    const t1 = xs.map((i) => (i === 5 ? 9 : i === 8 ? -9 : 0));
    const t2 = xs.map((i) => (i === 0 || i === 11 ? 0 : NaN));
    expect(lttbIndices(xs, [t1, t2], 4)).toEqual([0, 5, 8, 11]);
  });

  it('takes as third vertex the average of the next bucket, not its first reading', () => {
    // bucket 1 = readings 1…4, bucket 2 = 5…8, averaging (6.5, 5); against that, reading 3 spans the largest
    // triangle (area 28 against 8, 6.25 and 0.5); against the next bucket's first reading (5, 0) it would be reading 4
    const xs = Array.from({ length: 10 }, (_, i) => i);
    const ys = [0, 2, 2.5, -2, 3, 0, 0, 0, 20, 0];
    expect(lttbIndices(xs, [ys], 4)).toEqual([0, 3, 8, 9]);
  });
});

describe('pickChartIndices', () => {
  it('spends all of maxPoints on LTTB when the extremes are the ends', () => {
    const x = Array.from({ length: 5000 }, (_, i) => i);
    const rising = x.map((i) => i + (i % 3));
    expect(pickChartIndices(x, [rising, rising.map((v) => 2 * v)], 100)).toHaveLength(100);
  });

  it('makes room for extremes inside the series, still keeping to maxPoints', () => {
    const x = Array.from({ length: 5000 }, (_, i) => i);
    const spiky = x.map((i) => (i === 1234 ? 50 : i === 4321 ? -50 : Math.sin(i / 50)));
    const picked = pickChartIndices(x, [spiky], 100);
    // LTTB gets 98 points (100 less the two forced extremes), and may pick the spikes itself
    expect(picked.length).toBeGreaterThanOrEqual(98);
    expect(picked.length).toBeLessThanOrEqual(100);
    expect(picked).toContain(1234);
    expect(picked).toContain(4321);
    expect(picked.every((p, i) => i === 0 || p > picked[i - 1])).toBe(true);
  });

  it('ignores a series with no reading at all', () => {
    const x = Array.from({ length: 3000 }, (_, i) => i);
    const t = x.map((i) => Math.sin(i / 40));
    const none = x.map(() => NaN);
    expect(pickChartIndices(x, [t, none], 200)).toEqual(pickChartIndices(x, [t], 200));
  });

  it('returns a series of exactly maxPoints whole, inner extremes and all', () => {
    const x = Array.from({ length: 100 }, (_, i) => i);
    const y = x.map((i) => (i === 40 ? 9 : i === 60 ? -9 : 0));
    expect(pickChartIndices(x, [y], 100)).toEqual(x);
  });

  it('finds the extremes of a series whose first reading is missing, even where LTTB looks elsewhere', () => {
    const x = Array.from({ length: 3000 }, (_, i) => i);
    // in the bucket of reading 1510, t1's spike at 1500 spans the largest triangle; w's lowest reading is 1510
    const t1 = x.map((i) => (i === 1500 ? 70 : i === 2500 ? -70 : Math.sin(i / 3)));
    const w = x.map((i) => (i === 0 ? NaN : i === 1510 ? -1 : i === 2999 ? 100 : 0));
    const picked = pickChartIndices(x, [t1, w], 50);
    expect(lttbIndices(x, [t1, w], 49)).not.toContain(1510);
    expect(picked).toContain(1510);
    // and the same for its highest reading
    const upside = w.map((v) => -v);
    expect(lttbIndices(x, [t1, upside], 49)).not.toContain(1510);
    expect(pickChartIndices(x, [t1, upside], 50)).toContain(1510);
  });

  it('downsampleChart runs LTTB on the chart points themselves: peaks inside buckets survive', () => {
    const peakOf = (b: number) => 1 + 10 * b + 6;
    const peaks = new Set(Array.from({ length: 100 }, (_, b) => peakOf(b)));
    const points = series(1002, (i) => ({ t1: peaks.has(i) ? ((i - 7) % 20 === 0 ? 10 : -10) : 0, t2: 0, w: 0 }));
    const kept = downsampleChart(points, 102).filter((p) => p.t1 !== 0);
    expect(kept.length).toBeGreaterThan(90);
  });

  it('keeps the first reading of a flat bucket, and the peak of a bucket however small its triangles', () => {
    const xs = Array.from({ length: 10 }, (_, i) => i);
    expect(lttbIndices(xs, [xs.map(() => 0)], 4)).toEqual([0, 1, 5, 9]);
    // x a tenth apart: the peak's triangle is 0.65, every other one 0
    const tenths = xs.map((i) => i / 10);
    expect(lttbIndices(tenths, [xs.map((i) => (i === 3 ? 1 : 0))], 4)[1]).toBe(3);
  });
});

describe('lttbIndices, each choice pinned', () => {
  const xs = Array.from({ length: 10 }, (_, i) => i);

  it('scales a series by its range even when it ends on its maximum', () => {
    // a series whose last reading is its highest still has a range: its peak at 3 is kept
    const y = [0, 0, 0, 5, 0, 0, 0, 0, 0, 10];
    expect(lttbIndices(xs, [y], 4)[1]).toBe(3);
  });

  it('averages the next bucket over its present readings when one of them is missing', () => {
    // reading 6 is missing: the third vertex is still (6.5, 0), so the peak at 3 spans the largest triangle
    const y = [0, 0, 0, 5, 0, 0, NaN, 0, 0, 0];
    expect(lttbIndices(xs, [y], 4)).toEqual([0, 3, 5, 9]);
  });

  it('chooses within its own bucket only, never the first reading of the next one', () => {
    // bucket 1 = readings 1…4; reading 5 (9) would span a far larger triangle but belongs to bucket 2
    const y = [0, 0, 0, 1, 0, 9, 0, 0, 0, 0];
    expect(lttbIndices(xs, [y], 4)).toEqual([0, 4, 5, 9]);
  });

  it('picks the same readings when every value is shifted or stretched (triangle areas scale, they do not reorder)', () => {
    const ys = [0, 2, 2.5, -2, 3, 0, 0, 0, 20, 0];
    const picked = lttbIndices(xs, [ys], 4);
    expect(lttbIndices(xs, [ys.map((v) => v + 100)], 4)).toEqual(picked);
    expect(lttbIndices(xs, [ys.map((v) => 3 * v - 40)], 4)).toEqual(picked);
  });
});
