import { median, noiseSigma, rollingMedianByTime, round2 } from '../../../mock-server/analysis/stats';
import { createRandom } from '../../../mock-server/analysis/prng';

describe('stats', () => {
  it('median (by selection) agrees with sorting, ties and odd/even counts included', () => {
    const rng = createRandom(3);
    for (let trial = 0; trial < 500; trial++) {
      const values = Array.from({ length: 1 + Math.floor(rng.next() * 30) }, () => (rng.next() < 0.3 ? Math.floor(rng.next() * 4) : rng.between(-50, 50)));
      const sorted = [...values].sort((a, b) => a - b);
      const n = sorted.length;
      expect(median(values)).toBe(n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
    }
  });

  it('median skips missing values and gives NaN for none', () => {
    expect(median([NaN, 3, 1, NaN, 2])).toBe(2);
    expect(median([NaN])).toBeNaN();
    expect(median([5, 1, 9, 7], 1, 3)).toBe(5);
  });

  it('rolling median over time removes a one-sample spike and keeps a step sharp', () => {
    const ts = [0, 10, 20, 30, 40, 50, 60].map((s) => s * 1000);
    expect(Array.from(rollingMedianByTime(ts, [0, 0, 0, 50, 0, 0, 0], 20_000))).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(rollingMedianByTime(ts.slice(0, 6), [0, 0, 0, 10, 10, 10], 20_000))).toEqual([0, 0, 0, 10, 10, 10]);
  });

  it('rolling median spans time, not samples: a window holds what lies within ±half of each reading', () => {
    // readings at 0, 1, 2, 30, 31, 60 s; ±2 s windows
    const ts = [0, 1, 2, 30, 31, 60].map((s) => s * 1000);
    const out = rollingMedianByTime(ts, [1, 2, 9, 4, 6, 7], 2000);
    expect(Array.from(out)).toEqual([2, 2, 2, 5, 5, 7]);
    // window edges are inclusive on both sides
    expect(Array.from(rollingMedianByTime([0, 2000, 4000], [1, 5, 9], 2000))).toEqual([3, 5, 7]);
  });

  it('rolling median leaves missing values out, and is NaN where a window holds none', () => {
    const ts = [0, 1, 2, 100].map((s) => s * 1000);
    const out = rollingMedianByTime(ts, [NaN, 4, NaN, NaN], 1000);
    expect(Array.from(out)).toEqual([4, 4, 4, NaN]);
  });

  it('rolling median over time equals a brute-force median on irregular, repetitive data', () => {
    const rng = createRandom(3);
    const ts: number[] = [];
    for (let t = 0; ts.length < 2000; t += Math.round(rng.between(1, 20)) * 1000) ts.push(t);
    const values = ts.map(() => (rng.next() < 0.05 ? NaN : Math.round(rng.between(0, 20))));
    const fast = rollingMedianByTime(ts, values, 30_000);
    const brute = ts.map((t) => median(values.filter((_, k) => Math.abs(ts[k] - t) <= 30_000)));
    expect(Array.from(fast)).toEqual(brute);
  });

  it('noise estimate recovers σ of white noise on a sloping series with jumps', () => {
    const rng = createRandom(9);
    const values = Float64Array.from({ length: 20_000 }, (_, i) => 500 - i * 0.01 + (i > 10_000 ? 80 : 0) + rng.gaussian(0.4));
    expect(noiseSigma(values)).toBeGreaterThan(0.37);
    expect(noiseSigma(values)).toBeLessThan(0.43);
  });

  it('round2 rounds to two decimals and never gives -0', () => {
    expect(round2(31.499999999999996)).toBe(31.5);
    expect(round2(-0.001)).toBe(0);
    expect(Object.is(round2(-0.001), -0)).toBe(false);
  });
});
