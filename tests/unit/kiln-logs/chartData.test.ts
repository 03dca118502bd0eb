import { describe, expect, it } from 'vitest';
import { axisFloor, burnMarks, capPoints, CHART_MAX_POINTS, chartRows, formatChartTime } from '../../../src/domain/chartData';

const points = (n: number) => Array.from({ length: n }, (_, i) => ({ ts: i * 10_000, t1: i, t2: i / 2, w: i / 10 }));

describe('chart rows (spec §3 Chart data, §9 weight x10)', () => {
  it('plots the weight times ten and keeps missing values missing', () => {
    expect(
      chartRows([
        { ts: 0, t1: 20.5, t2: null, w: 12.34 },
        { ts: 1, t1: null, t2: 30, w: null },
      ]),
    ).toEqual([
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

describe('burnMarks: what the analysis found, for the chart', () => {
  const analysis = {
    valid: 'true',
    loads: [
      { ts: 1000, kg: 120.5 },
      { ts: 'x', kg: 3 },
      { ts: 3000, kg: 80 },
    ],
    phases: {
      start_ts: 1000,
      quench_ts: 9000,
      quench_found: true,
      changeover_ts: 8000,
      pyrolysis_spans: [
        [2000, 4000],
        [5000, 4500],
        [6000, 7000],
      ],
    },
  };

  it('reads t0, the loads with their kg, the quench, the changeover and the spans counted above 350 °C', () => {
    expect(burnMarks(JSON.stringify(analysis))).toEqual({
      start: 1000,
      end: { ts: 9000, kind: 'quench' },
      changeover: 8000,
      loads: [
        { ts: 1000, kg: 120.5 },
        { ts: 3000, kg: 80 },
      ],
      hotSpans: [
        { from: 2000, to: 4000 },
        { from: 6000, to: 7000 },
      ],
    });
  });

  it('calls the end of a burn without a found quench (a Retort, or none found) its end', () => {
    const retort = { ...analysis, phases: { ...analysis.phases, quench_found: null, changeover_ts: null } };
    expect(burnMarks(JSON.stringify(retort))).toMatchObject({ end: { ts: 9000, kind: 'burnEnd' }, changeover: null });
    const none = { ...analysis, phases: { ...analysis.phases, quench_found: false } };
    expect(burnMarks(JSON.stringify(none))?.end?.kind).toBe('burnEnd');
  });

  it.each([null, '{"valid": "tr', '{"valid":"true"}', '[1,2]'])(
    'gives no marks for no result, text that is not JSON, or a result without phases: %j',
    (analysis) => {
      expect(burnMarks(analysis)).toBeNull();
    },
  );

  it('reads an older result without loads or spans as having none', () => {
    expect(burnMarks(JSON.stringify({ phases: { start_ts: 5, quench_ts: 'x' } }))).toEqual({
      start: 5,
      end: null,
      changeover: null,
      loads: [],
      hotSpans: [],
    });
  });

  it('starts an axis at 0, or lower when the data goes below it', () => {
    expect(axisFloor(12)).toBe(0);
    expect(axisFloor(0)).toBe(0);
    expect(axisFloor(-4)).toBe(-4);
  });
});
