/**
 * Analysis results as the server stores them in a log's analysis (a JSON
 * string, docs/analysis.md#method): the figures the console's reading and hover panel are
 * tested against. Stringify them for a row's analysis.
 */

/** A valid C-Go-1 burn. */
export const CGO1_ANALYSIS = {
  valid: 'true',
  reasons: [],
  gps_in_range: true,
  algorithm_version: '2.0.0',
  skipped_lines: 2,
  zero_weight: 10234.5,
  per_unit_weight: 21.3456,
  burn_duration: 12_307_000,
  charing_rate: 0.53,
  loading_rate: 4.21,
  biomass_loaded: 1234.567,
  biochar_prior_to_quench: 320.1,
  unpyrolized_biomass: 112.04,
  biochar_produced: 208.06,
  co2_removed: 507.67,
};

/** A valid Terrafix burn: the common figures, both thermocouples' range and both biochar estimates. */
export const TERRAFIX_ANALYSIS = {
  ...CGO1_ANALYSIS,
  min_temp_1: 20.5,
  max_temp_1: 812.345,
  min_temp_2: 19,
  max_temp_2: 790.1,
  BIOCHAR_FROM_CHANGEOVER: 250,
  BIOCHAR_LESS_CHANGE: 212.5,
};
