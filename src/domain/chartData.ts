/**
 * docs/product.md#chart-data → the rows the burn chart plots (docs/product.md#constants-and-limits: temp 1,
 * temp 2 and the weight ×10, the weight on its own right-hand axis), and the
 * marks of what the analysis found (docs/analysis.md#burn-phases), read from its JSON.
 */
import type { ChartPoint } from './api/kilnLogs';

/** The most points the chart draws; the API promises no more (GET /api/kilnlogs/{id}). */
export const CHART_MAX_POINTS = 1000;

export interface ChartRow {
  ts: number;
  t1: number | null;
  t2: number | null;
  /** weight in kg × 10 */
  w10: number | null;
}

/**
 * At most `max` points, evenly spaced, first and last kept. The server has
 * already picked its ≤ 1,000 points by LTTB; this only guards the browser
 * against an API that sends more, so a plain stride is enough.
 */
export function capPoints<T>(points: readonly T[], max = CHART_MAX_POINTS): T[] {
  if (points.length <= max) return points.slice();
  if (max <= 1) return points.slice(0, Math.max(0, max));
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]);
}

const times10 = (kg: number | null): number | null => (kg === null ? null : Math.round(kg * 1000) / 100);

export function chartRows(points: readonly ChartPoint[], max = CHART_MAX_POINTS): ChartRow[] {
  return capPoints(points, max).map(({ ts, t1, t2, w }) => ({ ts, t1, t2, w10: times10(w) }));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** HH:mm of a chart timestamp, which is the kiln's wall clock stored as UTC ms. */
export function formatChartTime(ts: number): string {
  const date = new Date(ts);
  return `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}`;
}

/** The pyrolysis temperature (docs/analysis.md#validity-rules TEMP_LOW), drawn as a line on the temperature axis. */
export const PYROLYSIS_TEMP_C = 350;

/** An axis starts at 0, or at the data's minimum when that is lower (a thermocouple below freezing). */
export const axisFloor = (dataMin: number): number => Math.min(0, dataMin);

/** What the analysis found, placed on the chart's time axis. */
export interface BurnMarks {
  /** t0 */
  start: number | null;
  /** the quench (C-Go-1, Terrafix), or the end of the burn (a Retort, or no quench found) */
  end: { ts: number; kind: 'quench' | 'burnEnd' } | null;
  /** Terrafix */
  changeover: number | null;
  loads: { ts: number; kg: number }[];
  /** the time counted at or above 350 °C */
  hotSpans: { from: number; to: number }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The marks of an analysis JSON string, read without trusting it; null when it holds none. */
export function burnMarks(analysis: string | null | undefined): BurnMarks | null {
  if (typeof analysis !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(analysis);
  } catch {
    return null;
  }
  if (!isRecord(json) || !isRecord(json.phases)) return null;
  const phases = json.phases;
  const endTs = finite(phases.quench_ts);
  const loads = Array.isArray(json.loads)
    ? json.loads.flatMap((load) => {
        const ts = isRecord(load) ? finite(load.ts) : null;
        const kg = isRecord(load) ? finite(load.kg) : null;
        return ts !== null && kg !== null ? [{ ts, kg }] : [];
      })
    : [];
  const hotSpans = Array.isArray(phases.pyrolysis_spans)
    ? phases.pyrolysis_spans.flatMap((span) => {
        const from = Array.isArray(span) ? finite(span[0]) : null;
        const to = Array.isArray(span) ? finite(span[1]) : null;
        return from !== null && to !== null && to > from ? [{ from, to }] : [];
      })
    : [];
  return {
    start: finite(phases.start_ts),
    end: endTs === null ? null : { ts: endTs, kind: phases.quench_found === true ? 'quench' : 'burnEnd' },
    changeover: finite(phases.changeover_ts),
    loads,
    hotSpans,
  };
}
