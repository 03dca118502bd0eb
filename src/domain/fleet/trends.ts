/**
 * The Fleet screen's per-kiln trends: burns per week, char yield,
 * burn duration, CO2 per burn and the share of invalid burns with their
 * reasons, week by week, downsampled by merging neighbouring weeks so a chart
 * never holds more than MAX_TREND_POINTS points. Pure.
 */

export const WEEK_MS = 7 * 86_400_000;
export const MAX_TREND_POINTS = 80;

export interface TrendBurn {
  logts: string | null;
  valid: boolean;
  reasons: readonly string[];
  burn_duration: number;
  biomass_loaded: number;
  biochar_produced: number;
  co2_removed: number;
}

export interface TrendPoint {
  /** first day of the period, YYYY-MM-DD */
  week: string;
  /** burns per week (a merged period's weekly mean) */
  burns: number;
  /** mean char yield of the period's burns that loaded biomass, % */
  yieldPct: number | null;
  /** mean burn duration, hours */
  durationH: number | null;
  /** mean CO2 per burn, kg */
  co2Kg: number | null;
  /** share of invalid burns, % */
  invalidPct: number;
}

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : null);

/** Monday 00:00 (UTC, as the kiln's clock reads) of the week holding ts. */
function weekStart(ts: number): number {
  const day = Math.floor(ts / 86_400_000);
  // 1970-01-01 was a Thursday: day 4 after a Monday
  return (day - ((day + 3) % 7)) * 86_400_000;
}

export function trendPoints(burns: readonly TrendBurn[]): TrendPoint[] {
  const dated = burns.flatMap((b) => {
    const ts = b.logts ? Date.parse(`${b.logts.slice(0, 19)}Z`) : NaN;
    return Number.isFinite(ts) ? [{ b, ts }] : [];
  });
  if (dated.length === 0) return [];
  const first = weekStart(Math.min(...dated.map((d) => d.ts)));
  const last = weekStart(Math.max(...dated.map((d) => d.ts)));
  const weeks = Math.round((last - first) / WEEK_MS) + 1;
  const perPoint = Math.max(1, Math.ceil(weeks / MAX_TREND_POINTS));
  const buckets = Array.from({ length: Math.ceil(weeks / perPoint) }, () => [] as TrendBurn[]);
  for (const { b, ts } of dated) buckets[Math.floor(Math.round((weekStart(ts) - first) / WEEK_MS) / perPoint)].push(b);
  return buckets.map((bucket, i) => {
    const loaded = bucket.filter((b) => b.biomass_loaded > 0);
    const yieldMean = mean(loaded.map((b) => b.biochar_produced / b.biomass_loaded));
    const duration = mean(bucket.map((b) => b.burn_duration / 3_600_000));
    const co2 = mean(bucket.map((b) => b.co2_removed));
    return {
      week: new Date(first + i * perPoint * WEEK_MS).toISOString().slice(0, 10),
      burns: round(bucket.length / perPoint, 2),
      yieldPct: yieldMean === null ? null : round(yieldMean * 100),
      durationH: duration === null ? null : round(duration, 2),
      co2Kg: co2 === null ? null : round(co2),
      invalidPct: bucket.length ? round((bucket.filter((b) => !b.valid).length / bucket.length) * 100) : 0,
    };
  });
}

/** How often each reason made a burn invalid, most frequent first. */
export function invalidReasons(burns: readonly TrendBurn[]): { code: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const b of burns) if (!b.valid) for (const code of b.reasons) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : 1));
}
