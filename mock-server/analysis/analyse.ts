import { type FacilitySettings, resolveCalibration, resolveFacility } from './config';
import * as C from './constants';
import { computeFigures, quenchTopIndex, type BurnFigures } from './fields';
import { detectPhases, type Phases } from './phases';
import { orderRows, prepareSeries, type PreparedSeries } from './series';
import { round2, round2OrNull } from './stats';
import type {
  AnalysisError,
  AnalysisParameters,
  AnalysisResult,
  FacilityInput,
  KilnInput,
  LogHeader,
  ParsedLog,
  TerrafixExtras,
} from './types';
import { highestTreatmentTemperature } from '../../src/domain/batches/treatmentTemperature';
import { checkValidity, isInsideBox, pyrolysisSpans } from './validity';

/** The burn analysis of docs/analysis.md#method: one parsed log, its kiln and its facility → result or error_message. */
export function analyse(log: ParsedLog, kiln: KilnInput, facility: FacilityInput, skippedLines = 0): AnalysisResult | AnalysisError {
  const calibration = resolveCalibration(kiln);
  if ('error_message' in calibration) return calibration;
  const series = prepareSeries(orderRows(log.rows), calibration);
  return analyseSeries(log.header, series, calibration.type, resolveFacility(facility), skippedLines);
}

export function isAnalysisError(outcome: AnalysisResult | AnalysisError): outcome is AnalysisError {
  return 'error_message' in outcome;
}

export function stepThresholdKg(noiseKg: number): number {
  return Math.max(C.LOAD_STEP_MIN_KG, C.LOAD_STEP_NOISE_FACTOR * noiseKg);
}

/** Analysis of a series already prepared (index.ts reuses the series for the chart). */
export function analyseSeries(
  header: LogHeader,
  series: PreparedSeries,
  type: C.KilnType,
  facility: FacilitySettings,
  skippedLines = 0,
): AnalysisResult | AnalysisError {
  if (series.n === 0) return { error_message: 'The file has no readings.' };
  const threshold = stepThresholdKg(series.noiseKg);
  const phases = detectPhases(series, type, threshold);
  const figures = computeFigures(series, phases, type, facility);
  const reasons = checkValidity({ header, series, phases, figures, type, facility });

  return {
    valid: reasons.length === 0 ? 'true' : 'false',
    reasons,
    gps_in_range: isInsideBox(header, facility),
    algorithm_version: C.ALGORITHM_VERSION,
    skipped_lines: skippedLines,
    zero_weight: series.zeroWeight === null ? null : round2(series.zeroWeight),
    per_unit_weight: series.perUnitWeight,
    burn_duration: figures.burnMs,
    charing_rate: round2(figures.charingRate),
    loading_rate: round2(figures.loadingRate),
    biomass_loaded: round2(figures.biomassKg),
    biochar_prior_to_quench: round2(figures.priorKg),
    unpyrolized_biomass: round2(figures.unpyrolizedKg),
    biochar_produced: round2(figures.biocharKg),
    co2_removed: round2(figures.co2Kg),
    highest_treatment_temp_c: treatmentTemperature(series, phases),
    ...terrafixExtras(figures),
    phases: phaseTimes(series, phases),
    loads: figures.loads.map((step) => ({ ts: series.ts[step.start], kg: round2(step.kg) })),
    parameters: parameters(type, facility, series.noiseKg, threshold),
  };
}

/** The highest T_cold_s held for the pyrolysis span in total between t0 and tq (the stretches TEMP_LOW counts), °C; null when none is. */
function treatmentTemperature(series: PreparedSeries, phases: Phases): number | null {
  const temp = highestTreatmentTemperature({
    ts: series.ts.subarray(phases.start, phases.quench + 1),
    temps: series.coldS.subarray(phases.start, phases.quench + 1),
    holdMs: C.PYROLYSIS_MIN_MS,
    maxGapMs: C.MAX_GAP_MS,
  });
  return temp === null ? null : round2(temp);
}

function terrafixExtras({ terrafix }: BurnFigures): TerrafixExtras | Record<string, never> {
  if (!terrafix) return {};
  return {
    min_temp_1: round2OrNull(terrafix.minT1),
    min_temp_2: round2OrNull(terrafix.minT2),
    max_temp_1: round2OrNull(terrafix.maxT1),
    max_temp_2: round2OrNull(terrafix.maxT2),
    BIOCHAR_LESS_CHANGE: round2(terrafix.lessChangeKg),
    BIOCHAR_FROM_CHANGEOVER: terrafix.fromChangeoverKg === null ? null : round2(terrafix.fromChangeoverKg),
  };
}

function phaseTimes(series: PreparedSeries, phases: Phases): AnalysisResult['phases'] {
  const { ts } = series;
  const top = quenchTopIndex(phases);
  return {
    start_ts: ts[phases.start],
    peak_ts: phases.peak >= 0 ? ts[phases.peak] : null,
    burn_end_ts: phases.burnEnd >= 0 ? ts[phases.burnEnd] : null,
    quench_ts: ts[phases.quench],
    quench_evidence: phases.quenchEvidence,
    quench_found: phases.quenchFound,
    quench_top_ts: top >= 0 ? ts[top] : null,
    changeover_ts: phases.changeover >= 0 ? ts[phases.changeover] : null,
    pyrolysis_spans: pyrolysisSpans(series, phases.start, phases.quench),
  };
}

function parameters(type: C.KilnType, facility: FacilitySettings, noiseKg: number, threshold: number): AnalysisParameters {
  return {
    kiln_type: type,
    wicf: type === C.KILN_TYPE.CGO1 ? facility.wicf : null,
    carbon_removal_factor: facility.carbon_removal_factor,
    facility_box: { ...facility.box },
    temp_valid_min_c: C.TEMP_VALID_MIN_C,
    temp_valid_max_c: C.TEMP_VALID_MAX_C,
    smoothing_window_ms: C.SMOOTHING_WINDOW_MS,
    max_skipped_share: C.MAX_SKIPPED_SHARE,
    median_window_ms: C.MEDIAN_WINDOW_MS,
    start_temp_c: C.START_TEMP_C,
    start_hold_ms: C.START_HOLD_MS,
    weight_noise_kg: Math.round(noiseKg * 1000) / 1000,
    load_step_threshold_kg: round2(threshold),
    step_window_ms: C.STEP_WINDOW_MS,
    step_fit_window_ms: C.STEP_FIT_WINDOW_MS,
    quench_temp_fall_c: C.QUENCH_TEMP_FALL_C,
    quench_weight_rise_fraction: C.QUENCH_WEIGHT_RISE_FRACTION,
    quench_rise_window_ms: C.QUENCH_RISE_WINDOW_MS,
    quench_cool_window_ms: C.QUENCH_COOL_WINDOW_MS,
    quench_fall_total_c: C.QUENCH_FALL_TOTAL_C,
    quench_search_before_end_ms: C.QUENCH_SEARCH_BEFORE_END_MS,
    load_recovery_c: C.LOAD_RECOVERY_C,
    armful_gap_ms: C.ARMFUL_GAP_MS,
    changeover_hold_ms: C.CHANGEOVER_HOLD_MS,
    changeover_fit_ms: C.CHANGEOVER_FIT_MS,
    burn_end_temp_c: C.BURN_END_TEMP_C,
    pyrolysis_temp_c: C.PYROLYSIS_TEMP_C,
    pyrolysis_min_ms: C.PYROLYSIS_MIN_MS,
    quench_gain_window_ms: C.QUENCH_GAIN_WINDOW_MS,
    sensor_valid_min_fraction: C.SENSOR_VALID_MIN_FRACTION,
    max_gap_ms: C.MAX_GAP_MS,
    char_yield_min: C.CHAR_YIELD_MIN,
    char_yield_max: C.CHAR_YIELD_MAX,
    duration_min_ms: C.DURATION_MIN_MS,
    duration_max_ms: C.DURATION_MAX_MS,
    estimates_max_difference: C.ESTIMATES_MAX_DIFFERENCE,
  };
}
