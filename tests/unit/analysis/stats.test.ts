import { median, noiseSigma, rollingMedianByTime, round2, round2OrNull } from '../../../mock-server/analysis/stats';
import { createRandom } from '../../../mock-server/analysis/prng';

describe('stats', () => {
  it('median (by selection) agrees with sorting, ties and odd/even counts included', () => {
    const rng = createRandom(3);
    for (let trial = 0; trial < 500; trial++) {
      const values = Array.from({ length: 1 + Math.floor(rng.next() * 30) }, () =>
        rng.next() < 0.3 ? Math.floor(rng.next() * 4) : rng.between(-50, 50),
      );
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

  it('rolling median equals a brute-force median where windows hold more than 64 readings and bursts leave at once', () => {
    // bursts of 40 readings a second apart, then a silence: a whole burst leaves the window at one step
    const rng = createRandom(5);
    const ts: number[] = [];
    for (let burst = 0; burst < 30; burst++) for (let k = 0; k < 40; k++) ts.push(burst * 200_000 + k * 1000 + (k % 4 === 0 ? 500 : 0));
    const values = ts.map(() => (rng.next() < 0.1 ? NaN : Math.round(rng.between(0, 30))));
    for (const half of [5_000, 40_000, 120_000]) {
      const fast = rollingMedianByTime(ts, values, half);
      const brute = ts.map((t) => median(values.filter((_, k) => Math.abs(ts[k] - t) <= half)));
      expect(Array.from(fast)).toEqual(brute);
    }
  });

  it('median picks the middle of unsorted values, odd and even, both halves moved', () => {
    expect(median([9, 1, 8, 2, 7, 3, 6, 4, 5])).toBe(5);
    expect(median([9, 1, 8, 2, 7, 3, 6, 4])).toBe(5);
    expect(median([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(5.5);
    expect(median([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])).toBe(5.5);
    expect(median([3, 3, 3, 1, 3])).toBe(3);
    expect(median([-5, -1])).toBe(-3);
    expect(median([4, 2, 6], 0, 0)).toBeNaN();
  });

  it('noise estimate is 0 for fewer than three readings or only missing ones, and skips missing readings', () => {
    expect(noiseSigma(Float64Array.from([1, 50]))).toBe(0);
    expect(noiseSigma(Float64Array.from([NaN, NaN, NaN, NaN]))).toBe(0);
    // second differences −1, 1, −1 …: |d| = 1 everywhere, so σ = 1.4826 × 1 / √6
    const zigzag = Float64Array.from({ length: 41 }, (_, i) => (i % 2 === 0 ? 0 : 0.5));
    expect(noiseSigma(zigzag)).toBeCloseTo(1.4826 / Math.sqrt(6), 12);
    zigzag[7] = NaN;
    expect(noiseSigma(zigzag)).toBeCloseTo(1.4826 / Math.sqrt(6), 12);
    expect(noiseSigma(Float64Array.from([1, 2, 3]))).toBe(0);
  });

  it('round2OrNull keeps null for a missing or infinite value', () => {
    expect(round2OrNull(NaN)).toBeNull();
    expect(round2OrNull(Infinity)).toBeNull();
    expect(round2OrNull(-Infinity)).toBeNull();
    expect(round2OrNull(1.005)).toBe(1);
    expect(round2OrNull(-2.346)).toBe(-2.35);
  });

  it('rolling median keeps a window of more than 64 readings sorted as it grows', () => {
    const ts = Array.from({ length: 300 }, (_, i) => i * 1000);
    const values = ts.map((_, i) => (i * 37) % 101);
    const fast = rollingMedianByTime(ts, values, 100_000);
    expect(Array.from(fast)).toEqual(ts.map((t) => median(values.filter((_, k) => Math.abs(ts[k] - t) <= 100_000))));
  });

  it('noise estimate reads three readings: one second difference', () => {
    expect(noiseSigma(Float64Array.from([0, 1, 0]))).toBeCloseTo((1.4826 * 2) / Math.sqrt(6), 12);
  });
});
