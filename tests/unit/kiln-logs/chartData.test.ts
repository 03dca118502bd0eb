import { describe, expect, it } from 'vitest';
import { capPoints, CHART_MAX_POINTS, chartRows, formatChartTime } from '../../../src/domain/chartData';

const points = (n: number) => Array.from({ length: n }, (_, i) => ({ ts: i * 10_000, t1: i, t2: i / 2, w: i / 10 }));

describe('chart rows (spec §3 Chart data, §9 weight x10)', () => {
  it('plots the weight times ten and keeps missing values missing', () => {
    expect(chartRows([{ ts: 0, t1: 20.5, t2: null, w: 12.34 }, { ts: 1, t1: null, t2: 30, w: null }])).toEqual([
      { ts: 0, t1: 20.5, t2: null, w10: 123.4 },
      { ts: 1, t1: null, t2: 30, w10: null },
    ]);
  });

  it('keeps a series of at most 1,000 points whole', () => {
    const rows = chartRows(points(CHART_MAX_POINTS));
    expect(rows).toHaveLength(1000);
    expect(rows.map((r) => r.ts)).toEqual(points(1000).map((p) => p.ts));
  });

  it('never passes more than 1,000 points to the chart, keeping the first and the last', () => {
    const many = points(4321);
    const capped = capPoints(many);
    expect(capped).toHaveLength(1000);
    expect(capped[0]).toBe(many[0]);
    expect(capped.at(-1)).toBe(many.at(-1));
    const ts = capped.map((p) => p.ts);
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    expect(new Set(ts).size).toBe(1000);
  });

  it("writes the axis time as the kiln's clock (HH:mm of the UTC-stored wall time)", () => {
    expect(formatChartTime(Date.UTC(2026, 2, 1, 6, 5, 59))).toBe('06:05');
    expect(formatChartTime(Date.UTC(2026, 2, 1, 23, 59))).toBe('23:59');
  });
});
