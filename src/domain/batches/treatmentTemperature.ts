/**
 * A burn's highest treatment temperature (issue 43): the highest temperature
 * its smoothed series stayed at or above for at least `holdMs` in total. The
 * caller hands in the analysis engine's own smoothed series (T_cold_s, the
 * 60-second rolling median of mock-server/analysis/series.ts) over the burn
 * (t0 to tq), with its pyrolysis span (PYROLYSIS_MIN_MS) and its gap rule
 * (MAX_GAP_MS), so a burn that passes the TEMP_LOW rule reaches 350 °C here too,
 * and this file holds no smoothing of its own.
 */

export interface TreatmentSeries {
  /** sample times, ms, ascending */
  ts: ArrayLike<number>;
  /** the smoothed temperature at each time, °C; NaN where missing */
  temps: ArrayLike<number>;
  /** how long the temperature must be held, in total */
  holdMs: number;
  /** a sample holds until the next one, at most this long (a longer gap is not counted) */
  maxGapMs: number;
}

/**
 * The highest T with the series at or above T for at least holdMs in total:
 * each sample holds its value until the next sample, at most maxGapMs; the
 * last sample holds for no time. Null when no temperature is held that long.
 */
export function highestTreatmentTemperature({ ts, temps, holdMs, maxGapMs }: TreatmentSeries): number | null {
  const held: { temp: number; ms: number }[] = [];
  for (let i = 0; i + 1 < ts.length && i < temps.length; i++) {
    const temp = temps[i];
    const ms = Math.min(ts[i + 1] - ts[i], maxGapMs);
    if (Number.isFinite(temp) && ms > 0) held.push({ temp, ms });
  }
  // from the hottest down: the first temperature whose samples at or above it add up to the span
  held.sort((a, b) => b.temp - a.temp);
  let total = 0;
  for (const { temp, ms } of held) {
    total += ms;
    if (total >= holdMs) return temp;
  }
  return null;
}
