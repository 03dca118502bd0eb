import { median, noiseSigma, rollingMedian, round2 } from '../../../mock-server/analysis/stats';
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

  it('rolling median removes a one-sample spike and keeps a step sharp', () => {
    expect(Array.from(rollingMedian(Float64Array.from([0, 0, 0, 50, 0, 0, 0]), 5))).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(rollingMedian(Float64Array.from([0, 0, 0, 10, 10, 10]), 5))).toEqual([0, 0, 0, 10, 10, 10]);
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
