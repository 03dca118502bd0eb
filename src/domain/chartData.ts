/**
 * Spec §3 "Chart data" → the rows the burn chart plots (spec §9: temp 1,
 * temp 2 and the weight ×10, so the weight shares the temperatures' axis).
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
