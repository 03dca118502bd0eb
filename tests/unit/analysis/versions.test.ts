import { describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION, analyseLogText, generateBurn, KILN_TYPE, type KilnType } from '../../../mock-server/analysis';
import { factorsOf, releasedAnalysis } from '../../../mock-server/analysis/versions';

/**
 * Algorithm 2.2.0 records phases.quench_top_ts, where the Terrafix quench gain is looked for
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

describe('released version 2.1.0', () => {
  it('gives the current result without quench_top_ts, under its own version', () => {
    expect(ALGORITHM_VERSION).toBe('2.2.0');
    for (const type of [KILN_TYPE.CGO1, KILN_TYPE.TERRAFIX, KILN_TYPE.RETORT]) {
      const { text, result } = analysed(type, 4);
      const old = releasedAnalysis('2.1.0')!(text, factorsOf(result)).result!;
      const { quench_top_ts: _top, ...phases } = result.phases;
      expect(old).toEqual({ ...result, algorithm_version: '2.1.0', phases });
      expect(Object.keys(old.phases)).not.toContain('quench_top_ts');
      expect(releasedAnalysis('2.2.0')!(text, factorsOf(result)).result).toEqual(result);
    }
  });
});
