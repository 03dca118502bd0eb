import { KILN_TYPE } from '../../../mock-server/analysis';
import { chartData, dataSample } from '../../../mock-server/analysis/chart';
import { lowerBound, medianBetween, orderRows, prepareSeries, upperBound, weightInKg } from '../../../mock-server/analysis/series';
import type { LogRow } from '../../../mock-server/analysis/types';

const row = (s: number, t1: number, t2: number, w: number): LogRow => ({ ts: s * 1000, t1, t2, w });

describe('orderRows', () => {
  it('keeps -20…1300 °C, edges included, and makes anything outside a missing reading', () => {
    const series = orderRows([row(0, -20, 1300, 5), row(1, -20.01, 1300.01, 6), row(2, NaN, 20, 7)]);
    expect(Array.from(series.t1)).toEqual([-20, NaN, NaN]);
    expect(Array.from(series.t2)).toEqual([1300, NaN, 20]);
    expect(Array.from(series.raw)).toEqual([5, 6, 7]);
  });

  it('sorts by time and keeps the first of rows sharing a timestamp, in file order', () => {
    const series = orderRows([row(20, 1, 1, 1), row(10, 2, 2, 2), row(10, 3, 3, 3), row(0, 4, 4, 4), row(20, 5, 5, 5)]);
    expect(series.n).toBe(3);
    expect(Array.from(series.ts)).toEqual([0, 10_000, 20_000]);
    expect(Array.from(series.t1)).toEqual([4, 2, 1]);
  });

  it('drops a repeated timestamp in an ordered log too', () => {
    const series = orderRows([row(0, 1, 1, 1), row(0, 2, 2, 2), row(5, 3, 3, 3)]);
    expect(Array.from(series.raw)).toEqual([1, 3]);
  });
});

describe('lowerBound, upperBound and medianBetween', () => {
  const ts = Float64Array.from([0, 10, 10, 20, 30]);

  it('find the first index at or after, and the first after, a time', () => {
    expect([-1, 0, 5, 10, 20, 30, 31].map((v) => lowerBound(ts, v))).toEqual([0, 0, 1, 1, 3, 4, 5]);
    expect([-1, 0, 5, 10, 20, 30, 31].map((v) => upperBound(ts, v))).toEqual([0, 1, 1, 3, 4, 5, 5]);
  });

  it('take the median over both ends of the span', () => {
    const values = Float64Array.from([1, 2, 3, 4, 100]);
    expect(medianBetween(values, ts, 10, 30)).toBe(3.5);
    expect(medianBetween(values, ts, 0, 10)).toBe(2);
    expect(medianBetween(values, ts, 11, 19)).toBeNaN();
  });
});

describe('weightInKg', () => {
  const series = orderRows([
    row(0, 20, 20, 1000),
    row(60, 20, 20, 1200),
    row(120, 20, 20, 1100),
    row(121, 20, 20, 9000),
    row(200, 20, 20, 3000),
  ]);

  it('C-Go-1: (w − zero) / per_g_weight / 1000, with the config reported', () => {
    const { kg, zeroWeight, perUnitWeight } = weightInKg(series, { type: KILN_TYPE.CGO1, zero_weight: 1000, per_g_weight: 2 });
    expect(Array.from(kg)).toEqual([0, 0.1, 0.05, 4, 1]);
    expect([zeroWeight, perUnitWeight]).toEqual([1000, 2]);
  });

  it('Terrafix: tared on the median raw reading of the first 2 minutes, both ends included', () => {
    const { kg, zeroWeight, perUnitWeight } = weightInKg(series, { type: KILN_TYPE.TERRAFIX, per_g_weight: 0.1 });
    expect(zeroWeight).toBe(1100);
    expect(perUnitWeight).toBe(0.1);
    expect(Array.from(kg)).toEqual([-1, 1, 0, 79, 19]);
  });

  it('Retort: the scale reports kg, and there is no calibration to report', () => {
    expect(weightInKg(series, { type: KILN_TYPE.RETORT })).toEqual({
      kg: Float64Array.from([1000, 1200, 1100, 9000, 3000]),
      zeroWeight: null,
      perUnitWeight: null,
    });
  });
});

describe('prepareSeries: T_hot and T_cold', () => {
  it('takes the higher and the lower thermocouple, whichever channel each is on, and the other one when one is missing', () => {
    const series = orderRows([row(0, 400, 300, 0), row(1, 300, 400, 0), row(2, NaN, 250, 0), row(3, 250, NaN, 0), row(4, NaN, NaN, 0)]);
    const prepared = prepareSeries(series, { type: KILN_TYPE.RETORT });
    expect(Array.from(prepared.hot)).toEqual([400, 400, 250, 250, NaN]);
    expect(Array.from(prepared.cold)).toEqual([300, 300, 250, 250, NaN]);
  });

  it('smooths weight and both temperatures over 60 s (±30 s), not more', () => {
    // one reading every 10 s, a one-reading spike at 60 s, and a value 40 s away that a wider window would reach
    const rows = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120].map((s) =>
      row(s, s === 60 ? 900 : s >= 100 ? 300 : 500, s >= 100 ? 280 : 480, s === 60 ? 99 : s >= 100 ? 50 : 10),
    );
    const prepared = prepareSeries(orderRows(rows), { type: KILN_TYPE.RETORT });
    expect(prepared.hotS[6]).toBe(500);
    expect(prepared.coldS[6]).toBe(480);
    // at 110 s (80…140 s) three of five readings are 300 / 280; ±60 s would hold five older ones and give 500 / 480
    expect([prepared.hotS[11], prepared.coldS[11]]).toEqual([300, 280]);
    expect(prepared.smooth[6]).toBe(10);
    // at 90 s the window 60…120 s holds 99,10,10,10,50,50,50: median 50 (±60 s would hold six readings of 10 and give 10)
    expect(Array.from(prepared.smooth.subarray(7, 10))).toEqual([10, 10, 50]);
  });
});

describe('chartData and dataSample', () => {
  const series = orderRows([row(0, 20.456, -25, 1000), row(10, 500.004, 480.5, NaN), row(20, 1400, 21, 1500)]);

  it('gives °C and kg rounded to two decimals, null where a reading is missing or out of range', () => {
    const kg = Float64Array.from([0.123, NaN, 5.005]);
    expect(chartData(series, kg)).toEqual([
      { ts: 0, t1: 20.46, t2: null, w: 0.12 },
      { ts: 10_000, t1: 500, t2: 480.5, w: null },
      { ts: 20_000, t1: null, t2: 21, w: 5.01 },
    ]);
  });

  it('gives no weight when it could not be converted, still showing the temperatures', () => {
    expect(chartData(series, null).map((p) => [p.t1, p.w])).toEqual([
      [20.46, null],
      [500, null],
      [null, null],
    ]);
  });

  it('picks the same readings whether or not the weight is known, when the weight is flat', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => row(i, 400 + 300 * Math.sin(i / 97), 350 + 200 * Math.cos(i / 131), 100));
    const long = orderRows(rows);
    const withWeight = chartData(long, new Float64Array(long.n).fill(0.1));
    const without = chartData(long, null);
    expect(without.length).toBeLessThanOrEqual(1000);
    expect(without.map((p) => p.ts)).toEqual(withWeight.map((p) => p.ts));
  });

  it('gives the first ten readings as the file has them, dates and times written back', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ ts: Date.UTC(2026, 9, 10, 9, 59, 55 + i), t1: i, t2: -2000, w: NaN }));
    const sample = dataSample(rows);
    expect(sample).toHaveLength(10);
    expect(sample[0]).toEqual({ d: '2026-10-10', t: '09:59:55', t1: 0, t2: -2000, w: NaN });
    expect(sample[9]).toMatchObject({ t: '10:00:04', t1: 9 });
    expect(dataSample(rows, 3)).toHaveLength(3);
    expect(dataSample(rows.slice(0, 2))).toHaveLength(2);
  });
});
