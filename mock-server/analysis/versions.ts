import { analyseLogText, type LogAnalysis } from './index';
import { KILN_TYPE, type KilnType } from './constants';
import type { AnalysisResult, FacilityInput, KilnInput } from './types';

/**
 * Every released algorithm version that can still be run, by its version, so
 * an audit package made by any of them stays verifiable. A version bump keeps
 * the released engine under its own version here (docs/analysis.md
 * "Algorithm versions"); versions released before packages existed (1.0.0,
 * 2.0.0) certified no package and are not kept.
 */

/** The factors a result was computed with: with the raw log, all it takes to compute it again. */
export interface AnalysisFactors {
  kiln_type: KilnType;
  /** the kiln's calibration: raw counts per gram, and the C-Go-1 zero (raw); null for a Retort */
  calibration: { per_g_weight: number; zero_weight: number | null } | null;
  /** the facility's GPS box and carbon factors (wicf null where the kiln type does not use it) */
  facility: {
    box: { latitude_min: number; latitude_max: number; longitude_min: number; longitude_max: number };
    wicf: number | null;
    carbon_removal_factor: number;
  };
}

/** The factors a stored result names (its parameters, and the calibration it reports). */
export function factorsOf(result: AnalysisResult): AnalysisFactors {
  const { parameters: p } = result;
  const calibration =
    p.kiln_type === KILN_TYPE.RETORT || result.per_unit_weight === null
      ? null
      : { per_g_weight: result.per_unit_weight, zero_weight: p.kiln_type === KILN_TYPE.CGO1 ? result.zero_weight : null };
  return {
    kiln_type: p.kiln_type,
    calibration,
    facility: { box: { ...p.facility_box }, wicf: p.wicf, carbon_removal_factor: p.carbon_removal_factor },
  };
}

/** The kiln and facility records that give these factors back to the engine. */
export function inputsOf(factors: AnalysisFactors): { kiln: KilnInput; facility: FacilityInput } {
  const { calibration: c, facility: f } = factors;
  const config =
    factors.kiln_type === KILN_TYPE.CGO1
      ? { cgo1: { per_g_weight: c?.per_g_weight, zero_weight: c?.zero_weight } }
      : factors.kiln_type === KILN_TYPE.TERRAFIX
        ? { terrafix: { per_g_weight: c?.per_g_weight } }
        : null;
  return {
    kiln: { type: factors.kiln_type, config },
    facility: { ...f.box, kiln_type_config: { cgo1: { wicf: f.wicf, carbonRemovalFactor: f.carbon_removal_factor } } },
  };
}

/** One released algorithm: a raw log and the factors recorded with its result → the analysis. */
export type ReleasedAnalysis = (text: string, factors: AnalysisFactors) => LogAnalysis;

const current: ReleasedAnalysis = (text, factors) => {
  const inputs = inputsOf(factors);
  return analyseLogText(text, () => inputs);
};

/**
 * 2.3.0 computes every figure as 2.2.0 did and only records the burn's highest treatment
 * temperature, highest_treatment_temp_c (docs/decisions.md): 2.2.0 is the current engine with
 * that field left out and its own version.
 */
const v2_2_0: ReleasedAnalysis = (text, factors) => {
  const outcome = current(text, factors);
  if (!outcome.result) return outcome;
  const { highest_treatment_temp_c: _added, ...result } = outcome.result;
  return { ...outcome, result: { ...result, algorithm_version: '2.2.0' } };
};

/**
 * 2.2.0 computes every figure as 2.1.0 did and only records one more moment, phases.quench_top_ts
 * (docs/decisions.md): 2.1.0 is 2.2.0 with that field left out and its own version.
 */
const v2_1_0: ReleasedAnalysis = (text, factors) => {
  const outcome = v2_2_0(text, factors);
  if (!outcome.result) return outcome;
  const { quench_top_ts: _added, ...phases } = outcome.result.phases;
  return { ...outcome, result: { ...outcome.result, algorithm_version: '2.1.0', phases } };
};

export const RELEASED_ANALYSES: Readonly<Record<string, ReleasedAnalysis>> = {
  '2.1.0': v2_1_0,
  '2.2.0': v2_2_0,
  '2.3.0': current,
};

/** The algorithm of a version, or null when this code does not implement it. */
export function releasedAnalysis(version: string): ReleasedAnalysis | null {
  return Object.prototype.hasOwnProperty.call(RELEASED_ANALYSES, version) ? RELEASED_ANALYSES[version] : null;
}

/** The versions this code runs, oldest first. */
export const releasedVersions = (): string[] => Object.keys(RELEASED_ANALYSES).sort();
