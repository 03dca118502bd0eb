import { describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION, analyseLogText, generateBurn, KILN_TYPE, type KilnType } from '../../../mock-server/analysis';
import { factorsOf, releasedAnalysis } from '../../../mock-server/analysis/versions';

/**
 * Algorithm 2.3.0 records each burn's highest treatment temperature (highest_treatment_temp_c);
 * 2.2.0 records phases.quench_top_ts, where the Terrafix quench gain is looked for
 * until (docs/analysis.md#phases-algorithm-210); every figure is 2.1.0's, so 2.1.0 still runs as
 * the same engine without that field, and a package made by 2.1.0 re-derives as it was made.
 */

const CALIBRATION = { zero_weight: 84210, per_g_weight: 2.5 };
const BOX = { latitude_min: -2, latitude_max: 0, longitude_min: 36, longitude_max: 38 };

function analysed(type: KilnType, seed: number) {
  const { text } = generateBurn({
    kiln_type: type,
    kiln_id: 'K-1',
    seed,
    start_ts: Date.UTC(2026, 2, 1),
    calibration: CALIBRATION,
    facility: BOX,
  });
  const config = type === KILN_TYPE.CGO1 ? { cgo1: CALIBRATION } : type === KILN_TYPE.TERRAFIX ? { terrafix: CALIBRATION } : null;
  const outcome = analyseLogText(text, () => ({ kiln: { type, config }, facility: BOX }));
  if (!outcome.result) throw new Error(outcome.error_message ?? 'no result');
  return { text, result: outcome.result };
}

describe('quench_top_ts', () => {
  it('is the top of the water rise of a water quench, at or after the quench, and null for a Retort', () => {
    for (const seed of [1, 2, 3]) {
      for (const type of [KILN_TYPE.CGO1, KILN_TYPE.TERRAFIX]) {
        const { phases } = analysed(type, seed).result;
        expect(['water', 'water_after_cooling']).toContain(phases.quench_evidence);
        expect(phases.quench_top_ts).toBeGreaterThan(phases.quench_ts);
        expect(phases.quench_top_ts! - phases.quench_ts).toBeLessThan(10 * 60_000);
      }
      expect(analysed(KILN_TYPE.RETORT, seed).result.phases.quench_top_ts).toBeNull();
    }
  });
});

describe('highest_treatment_temp_c', () => {
  it('is the highest T_cold_s held for the pyrolysis span from t0 to tq: at least 350 °C for a valid burn, below the peak', () => {
    for (const seed of [1, 2, 3]) {
      for (const type of [KILN_TYPE.CGO1, KILN_TYPE.TERRAFIX, KILN_TYPE.RETORT]) {
        const { result } = analysed(type, seed);
        const temp = result.highest_treatment_temp_c!;
        if (result.valid === 'true') expect(temp).toBeGreaterThanOrEqual(350);
        expect(temp).toBeLessThan(1000);
        expect(Math.round(temp * 100) / 100).toBe(temp);
      }
    }
  });

  it('is held by the time at or above it: none when nothing is held 30 minutes, under 350 °C for a TEMP_LOW burn', () => {
    const { text } = generateBurn({
      kiln_type: KILN_TYPE.RETORT,
      kiln_id: 'K-1',
      seed: 5,
      start_ts: Date.UTC(2026, 2, 1),
      calibration: CALIBRATION,
      facility: BOX,
    });
    const lines = text.split('\n');
    const cut = (n: number) =>
      analyseLogText(lines.slice(0, n).join('\n'), () => ({ kiln: { type: KILN_TYPE.RETORT, config: null }, facility: BOX })).result!;
    expect(cut(40).highest_treatment_temp_c).toBeNull();
    const warmingUp = cut(400);
    expect(warmingUp.reasons.map((r) => r.code)).toContain('TEMP_LOW');
    expect(warmingUp.highest_treatment_temp_c).toBeGreaterThan(100);
    expect(warmingUp.highest_treatment_temp_c).toBeLessThan(350);
  });
});

describe('released versions 2.2.0 and 2.1.0', () => {
  it('give the current result without highest_treatment_temp_c (and 2.1.0 without quench_top_ts), under their own versions', () => {
    expect(ALGORITHM_VERSION).toBe('2.3.0');
    for (const type of [KILN_TYPE.CGO1, KILN_TYPE.TERRAFIX, KILN_TYPE.RETORT]) {
      const { text, result } = analysed(type, 4);
      const { highest_treatment_temp_c: _temp, ...before } = result;
      const v220 = releasedAnalysis('2.2.0')!(text, factorsOf(result)).result!;
      expect(v220).toEqual({ ...before, algorithm_version: '2.2.0' });
      expect(Object.keys(v220)).not.toContain('highest_treatment_temp_c');
      const old = releasedAnalysis('2.1.0')!(text, factorsOf(result)).result!;
      const { quench_top_ts: _top, ...phases } = result.phases;
      expect(old).toEqual({ ...before, algorithm_version: '2.1.0', phases });
      expect(Object.keys(old.phases)).not.toContain('quench_top_ts');
      expect(releasedAnalysis('2.3.0')!(text, factorsOf(result)).result).toEqual(result);
    }
  });
});
