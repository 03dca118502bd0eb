import type { ChartPoint, DataSampleRow } from '../../src/domain/api/kilnLogs';

import type { KilnType } from './constants';

/** The `# key=value` lines of a burn log (docs/analysis.md#burn-log-files). */
export interface LogHeader {
  kiln_id: string;
  latitude: number;
  longitude: number;
}

/** One reading; `ts` is the kiln's local time as if it were UTC, in ms. */
export interface LogRow {
  ts: number;
  t1: number;
  t2: number;
  /** raw weight reading: load-cell counts (C-Go-1, Terrafix) or kg (Retort) */
  w: number;
}

export interface ParsedLog {
  header: LogHeader;
  /** in file order */
  rows: LogRow[];
}

/** Numbers as stored records may hold them (form inputs sometimes arrive as strings). */
export type NumberLike = number | string | null | undefined;

export interface KilnConfig {
  cgo1?: { per_g_weight?: NumberLike; zero_weight?: NumberLike } | null;
  terrafix?: { per_g_weight?: NumberLike } | null;
}

export interface KilnInput {
  type: NumberLike;
  /** an object, or the JSON string the store keeps (docs/product.md#kiln-record) */
  config?: KilnConfig | string | null;
}

export interface FacilityKilnTypeConfig {
  cgo1?: { wicf?: NumberLike; carbonRemovalFactor?: NumberLike } | null;
}

export interface FacilityInput {
  latitude_min?: NumberLike;
  latitude_max?: NumberLike;
  longitude_min?: NumberLike;
  longitude_max?: NumberLike;
  /** an object, or the JSON string the store keeps (docs/product.md#facility-record) */
  kiln_type_config?: FacilityKilnTypeConfig | string | null;
}

export type ReasonCode =
  | 'GPS_OUTSIDE'
  | 'TEMP_LOW'
  | 'SENSOR_FAULT'
  | 'DATA_GAP'
  | 'NO_QUENCH'
  | 'MASS_IMPLAUSIBLE'
  | 'DURATION'
  | 'ESTIMATES_DISAGREE'
  | 'PHASES_UNCLEAR';

export interface Reason {
  code: ReasonCode;
  message: string;
}

/** The factors and thresholds a result was computed with, so an audited number can be explained later. */
export interface AnalysisParameters {
  kiln_type: KilnType;
  /** applied wood-in-char fraction; null where the kiln type does not use it */
  wicf: number | null;
  carbon_removal_factor: number;
  facility_box: { latitude_min: number; latitude_max: number; longitude_min: number; longitude_max: number };
  temp_valid_min_c: number;
  temp_valid_max_c: number;
  /** weight, T_hot and T_cold: centred rolling medians over this span of time */
  smoothing_window_ms: number;
  max_skipped_share: number;
  median_window_ms: number;
  start_temp_c: number;
  start_hold_ms: number;
  /** robust estimate of the weight sensor's noise (kg) */
  weight_noise_kg: number;
  /** max(LOAD_STEP_MIN_KG, LOAD_STEP_NOISE_FACTOR × noise) */
  load_step_threshold_kg: number;
  step_window_ms: number;
  step_fit_window_ms: number;
  quench_temp_fall_c: number;
  quench_weight_rise_fraction: number;
  quench_rise_window_ms: number;
  quench_cool_window_ms: number;
  quench_fall_total_c: number;
  quench_search_before_end_ms: number;
  load_recovery_c: number;
  armful_gap_ms: number;
  changeover_hold_ms: number;
  changeover_fit_ms: number;
  burn_end_temp_c: number;
  pyrolysis_temp_c: number;
  pyrolysis_min_ms: number;
  quench_gain_window_ms: number;
  sensor_valid_min_fraction: number;
  max_gap_ms: number;
  char_yield_min: number;
  char_yield_max: number;
  duration_min_ms: number;
  duration_max_ms: number;
  estimates_max_difference: number;
}

/** When each phase was found (ms, kiln local time as UTC). */
export interface AnalysisPhases {
  start_ts: number;
  peak_ts: number | null;
  /** t_end: the last moment T_hot_s was at pyrolysis temperature; null when it never was */
  burn_end_ts: number | null;
  quench_ts: number;
  /** how the quench was found: 'water', 'temperature_fall', 'water_after_cooling', 'none'; null for a Retort */
  quench_evidence: 'water' | 'temperature_fall' | 'water_after_cooling' | 'none' | null;
  /** false when no quench was found (C-Go-1, Terrafix) and the burn end stands in for it; null for a Retort */
  quench_found: boolean | null;
  /**
   * Where the Terrafix quench gain is looked for until (QUENCH_GAIN_WINDOW_MS after it): the top of the water's
   * rise when the quench was water, else quench_ts; null for a Retort. Since algorithm 2.2.0 (absent before).
   */
  quench_top_ts?: number | null;
  changeover_ts: number | null;
  /** [from, to] ms of each stretch T_cold_s counted at or above pyrolysis temperature between t0 and tq (TEMP_LOW) */
  pyrolysis_spans: [number, number][];
}

export interface LoadStep {
  ts: number;
  kg: number;
}

export interface TerrafixExtras {
  min_temp_1: number | null;
  min_temp_2: number | null;
  max_temp_1: number | null;
  max_temp_2: number | null;
  BIOCHAR_LESS_CHANGE: number;
  /** null when no changeover was found */
  BIOCHAR_FROM_CHANGEOVER: number | null;
}

/** docs/product.md#analysis-result plus what explains it. kg, kg/min, ms; two decimals. */
export interface AnalysisResult extends Partial<TerrafixExtras> {
  valid: 'true' | 'false';
  reasons: Reason[];
  gps_in_range: boolean;
  algorithm_version: string;
  /** reading lines that could not be read and were left out (docs/analysis.md#series-preparation) */
  skipped_lines: number;
  /** calibration used: kiln config zero, or the measured Terrafix tare (raw); null for a Retort */
  zero_weight: number | null;
  /** calibration used: raw counts per gram; null for a Retort */
  per_unit_weight: number | null;
  burn_duration: number;
  charing_rate: number;
  loading_rate: number;
  biomass_loaded: number;
  biochar_prior_to_quench: number;
  unpyrolized_biomass: number;
  biochar_produced: number;
  co2_removed: number;
  /** from 2.3.0: the highest smoothed cooler temperature held for the pyrolysis span in total, °C; null when none was (docs/analysis.md#figures-and-formulas) */
  highest_treatment_temp_c?: number | null;
  phases: AnalysisPhases;
  loads: LoadStep[];
  parameters: AnalysisParameters;
}

export interface AnalysisError {
  error_message: string;
}

export type { ChartPoint, DataSampleRow };
