import { describe, expect, it } from 'vitest';
import { CARBON_DECIMALS, csvKg, exactKg, formatCarbon, roundKg, sumKg, toGrams, toKg } from '../../../src/domain/carbon';

describe('carbon in whole grams', () => {
  it('reads kg as whole grams and back, exact as written', () => {
    expect(toGrams(932.15)).toBe(932150);
    expect(toGrams(932.1499999999999)).toBe(932150);
    expect(toGrams(1965.9199999999998)).toBe(1965920);
    expect(toGrams(0.1 + 0.2)).toBe(300);
    expect(toGrams(-1.2345)).toBe(-1235);
    expect(toGrams(Number.NaN)).toBe(0);
    expect(toKg(1965920)).toBe(1965.92);
    expect(String(toKg(1965920))).toBe('1965.92');
    expect(exactKg(932.1499999999999)).toBe(932.15);
    expect(exactKg(344.4872)).toBe(344.487);
  });

  it('sums in grams: 0.1 + 0.2 is 0.3 and large totals keep every gram', () => {
    expect(sumKg([0.1, 0.2])).toBe(0.3);
    expect(sumKg([310.72, 310.71, 310.72])).toBe(932.15);
    expect(sumKg([1965.92, 932.15, 991.53])).toBe(3889.6);
    // a million burns of 0.001 kg: a float sum drifts, grams do not
    expect(sumKg(Array.from({ length: 1_000_000 }, () => 0.001))).toBe(1000);
    expect(sumKg(Array.from({ length: 10 }, () => 123_456_789.123))).toBe(1_234_567_891.23);
    expect(sumKg([])).toBe(0);
    expect(sumKg([5, -5.001])).toBe(-0.001);
  });
});

describe('the one rounding rule for shown kg (spec §9)', () => {
  it('shows summaries and per-log figures with 1 decimal, totals with 0, bounds to the gram, with thousands separators', () => {
    expect(CARBON_DECIMALS).toEqual({ figure: 1, total: 0, exact: 3 });
    expect(formatCarbon(932.15, 'figure')).toBe('932.2');
    expect(formatCarbon(932.15, 'total')).toBe('932');
    expect(formatCarbon(932.15, 'exact')).toBe('932.150');
    expect(formatCarbon(1965.9199999999998, 'figure')).toBe('1,965.9');
    expect(formatCarbon(1965.9199999999998, 'total')).toBe('1,966');
    expect(formatCarbon(0.1 + 0.2, 'exact')).toBe('0.300');
    expect(formatCarbon(12_345_678.95, 'figure')).toBe('12,345,679.0');
    expect(formatCarbon(0, 'figure')).toBe('0.0');
  });

  it('rounds half away from zero from whole grams, whatever the float underneath', () => {
    // 0.25 and 0.35 are 0.25 and 0.34999999999999997 in binary: both halves round up
    expect(formatCarbon(0.25, 'figure')).toBe('0.3');
    expect(formatCarbon(0.35, 'figure')).toBe('0.4');
    expect(formatCarbon(2.5, 'total')).toBe('3');
    expect(formatCarbon(0.049, 'figure')).toBe('0.0');
    expect(formatCarbon(-0.25, 'figure')).toBe('-0.3');
    expect(formatCarbon(-0.04, 'figure')).toBe('0.0');
    expect(roundKg(932.15, 1)).toBe(932.2);
    expect(roundKg(-932.15, 0)).toBe(-932);
  });

  it('writes CSV kg exact with 3 fixed decimals and no separators', () => {
    expect(csvKg(932.1499999999999)).toBe('932.150');
    expect(csvKg(406.34999999999997)).toBe('406.350');
    expect(csvKg(1965.92)).toBe('1965.920');
    expect(csvKg(0)).toBe('0.000');
    expect(csvKg(0.1 + 0.2)).toBe('0.300');
    expect(csvKg(1_234_567_891.23)).toBe('1234567891.230');
    expect(csvKg(-0.005)).toBe('-0.005');
  });
});
