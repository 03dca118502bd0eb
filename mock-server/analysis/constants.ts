/**
 * Every threshold of the burn analysis (docs/analysis.md#method), named so it can be tuned
 * and recorded in each result's `parameters`.
 */

export const ALGORITHM_VERSION = '2.3.0';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

export const KILN_TYPE = { CGO1: 0, RETORT: 1, TERRAFIX: 2 } as const;
export type KilnType = (typeof KILN_TYPE)[keyof typeof KILN_TYPE];

// Preparing the series (docs/analysis.md#series-preparation)
/** Thermocouple readings outside this range are sensor faults, treated as missing. */
export const TEMP_VALID_MIN_C = -20;
export const TEMP_VALID_MAX_C = 1300;
/** Weight, T_hot and T_cold are smoothed by a centred rolling median over this span of time. */
export const SMOOTHING_WINDOW_MS = 60_000;
/** More than this share of a log's reading lines unreadable makes it an error. */
export const MAX_SKIPPED_SHARE = 0.02;
/** Terrafix tare, the weight medians (before quench, changeover, heating, final) all span this. */
export const MEDIAN_WINDOW_MS = 2 * MINUTE_MS;

// Phases (docs/analysis.md#burn-phases)
export const START_TEMP_C = 100;
export const START_HOLD_MS = 2 * MINUTE_MS;
export const LOAD_STEP_MIN_KG = 2;
export const LOAD_STEP_NOISE_FACTOR = 3;
/** Load steps, quench temperature fall and quench weight rise are all measured over this window. */
export const STEP_WINDOW_MS = MINUTE_MS;
/** A load step's size is measured between lines fitted to the weight over this long either side of it. */
export const STEP_FIT_WINDOW_MS = 2 * MINUTE_MS;
/** Quench without a registered water rise: T_hot_s falling by this much per STEP_WINDOW_MS at the final cool-down. */
export const QUENCH_TEMP_FALL_C = 50;
/** The quench water: a weight rise of more than this fraction within QUENCH_RISE_WINDOW_MS… */
export const QUENCH_WEIGHT_RISE_FRACTION = 0.05;
export const QUENCH_RISE_WINDOW_MS = 2 * MINUTE_MS;
/** …after which T_hot_s falls by QUENCH_TEMP_FALL_C within this long of the rise's end (water puts the fire out). */
export const QUENCH_COOL_WINDOW_MS = 5 * MINUTE_MS;
/** A quench found from the temperature alone: T_hot_s falls this far within QUENCH_COOL_WINDOW_MS of the onset. */
export const QUENCH_FALL_TOTAL_C = 150;
/** …beginning at most this long before the final cool-down (t_end). */
export const QUENCH_SEARCH_BEFORE_END_MS = 10 * MINUTE_MS;
/** A weight rise after which T_hot_s climbs back by this much (to pyrolysis temperature) is a load. */
export const LOAD_RECOVERY_C = 50;
/** Rises of the weight closer than this are armfuls of one load. */
export const ARMFUL_GAP_MS = 2 * MINUTE_MS;
/** The log must run on this long below pyrolysis temperature to show a cool-down. */
export const COOL_DOWN_MIN_MS = MINUTE_MS;
/** Terrafix changeover: T_cold_s stays below pyrolysis temperature at least this long. */
export const CHANGEOVER_HOLD_MS = 10 * MINUTE_MS;
/** Terrafix changeover: the trend of T_cold_s is a line fitted over this span either side (longer than flame drift's waves). */
export const CHANGEOVER_FIT_MS = 20 * MINUTE_MS;
/** …moved at most this many times to where it crosses pyrolysis temperature. */
export const CHANGEOVER_FIT_ITERATIONS = 10;
/** Retort (and a kiln whose quench was not found): the burn ends at the last moment T_hot is at or above this. */
export const BURN_END_TEMP_C = 100;
/** Pyrolysis temperature: the TEMP_LOW rule and the Terrafix changeover. */
export const PYROLYSIS_TEMP_C = 350;
/** Terrafix: the water gained across the quench is the highest weight until this long after the water rise ends. */
export const QUENCH_GAIN_WINDOW_MS = 5 * MINUTE_MS;

// Facility defaults (docs/product.md#constants-and-limits) (docs/analysis.md#figures-and-formulas)
export const DEFAULT_WICF = 0.35;
export const DEFAULT_CARBON_REMOVAL_FACTOR = 2.44;
export const DEFAULT_FACILITY_BOX = { latitude_min: -90, latitude_max: 90, longitude_min: -180, longitude_max: 180 } as const;

// Validity (docs/analysis.md#validity-rules)
export const PYROLYSIS_MIN_MS = 30 * MINUTE_MS;
export const SENSOR_VALID_MIN_FRACTION = 0.9;
export const MAX_GAP_MS = 5 * MINUTE_MS;
export const CHAR_YIELD_MIN = 0.05;
export const CHAR_YIELD_MAX = 0.4;
export const DURATION_MIN_MS = 30 * MINUTE_MS;
export const DURATION_MAX_MS = 24 * HOUR_MS;
export const ESTIMATES_MAX_DIFFERENCE = 0.1;

// Output
export const CHART_MAX_POINTS = 1000;
export const DATA_SAMPLE_ROWS = 10;
