import { analyse, isAnalysisError, KILN_TYPE, parseLog, type AnalysisResult, type KilnInput } from '../../../mock-server/analysis';
import { prepareSeries, orderRows } from '../../../mock-server/analysis/series';
import { noiseSigma } from '../../../mock-server/analysis/stats';
import { BOX, FACILITY, generate, kilnOf, sampledLog } from './helpers';

/**
 * Every result records the thresholds it was computed with (docs/analysis.md#method: "Record
 * algorithm_version and the factors and thresholds used in every result"); the
 * values below are the method's (docs/analysis.md#method), written out, so a changed threshold shows here.
 */
const THRESHOLDS = {
  temp_valid_min_c: -20,
  temp_valid_max_c: 1300,
  smoothing_window_ms: 60_000,
  max_skipped_share: 0.02,
  median_window_ms: 120_000,
  start_temp_c: 100,
  start_hold_ms: 120_000,
  step_window_ms: 60_000,
  step_fit_window_ms: 120_000,
  quench_temp_fall_c: 50,
  quench_weight_rise_fraction: 0.05,
  quench_rise_window_ms: 120_000,
  quench_cool_window_ms: 300_000,
  quench_fall_total_c: 150,
  quench_search_before_end_ms: 600_000,
  load_recovery_c: 50,
  armful_gap_ms: 120_000,
  changeover_hold_ms: 600_000,
  changeover_fit_ms: 1_200_000, // docs/analysis.md: the trend of T_cold_s over 20 minutes either side
  burn_end_temp_c: 100,
  pyrolysis_temp_c: 350,
  pyrolysis_min_ms: 1_800_000,
  quench_gain_window_ms: 300_000,
  sensor_valid_min_fraction: 0.9,
  max_gap_ms: 300_000,
  char_yield_min: 0.05,
  char_yield_max: 0.4,
  duration_min_ms: 1_800_000,
  duration_max_ms: 86_400_000,
  estimates_max_difference: 0.1,
};

function analysed(text: string, kiln: KilnInput): AnalysisResult {
  const parsed = parseLog(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const outcome = analyse(parsed.log, kiln, FACILITY);
  if (isAnalysisError(outcome)) throw new Error(outcome.error_message);
  return outcome;
}

describe('the parameters recorded in each result', () => {
  it.each([
    [KILN_TYPE.CGO1, 0.35],
    [KILN_TYPE.RETORT, null],
    [KILN_TYPE.TERRAFIX, null],
  ] as const)('kiln type %i: every threshold, the facility box and factors, WICF only for a C-Go-1', (type, wicf) => {
    const burn = generate(type, 7);
    const result = analysed(burn.text, kilnOf(type));
    const { weight_noise_kg, load_step_threshold_kg, ...rest } = result.parameters;
    expect(rest).toEqual({ kiln_type: type, wicf, carbon_removal_factor: 2.44, facility_box: BOX, ...THRESHOLDS });
    expect(result.parameters.facility_box).not.toBe(BOX);

    // the weight noise to three decimals, and the load-step threshold it gives: max(2 kg, 3 × noise)
    const parsed = parseLog(burn.text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const calibration =
      type === KILN_TYPE.CGO1
        ? { type, zero_weight: 84210, per_g_weight: 2.5 }
        : type === KILN_TYPE.TERRAFIX
          ? { type, per_g_weight: 1.8 }
          : { type };
    const noise = noiseSigma(prepareSeries(orderRows(parsed.log.rows), calibration).kg);
    expect(noise).toBeGreaterThan(0);
    expect(Math.abs(weight_noise_kg - noise)).toBeLessThanOrEqual(0.0005);
    expect(Math.round(weight_noise_kg * 1000)).toBe(weight_noise_kg * 1000);
    expect(load_step_threshold_kg).toBe(Math.round(100 * Math.max(2, 3 * noise)) / 100);
  });

  it('a noisy load cell raises the load-step threshold above 2 kg: 3 × the noise', () => {
    // the weight zigzags ±1 kg between readings: second differences of 4 kg, σ = 1.4826 × 4 / √6 = 2.4211 kg
    let reading = 0;
    const text = sampledLog(60, () => ({ t1: 500, t2: 480, w: 100 + (reading++ % 2 === 0 ? 1 : -1) }));
    const result = analysed(text, kilnOf(KILN_TYPE.RETORT));
    expect(result.parameters.weight_noise_kg).toBe(2.421);
    expect(result.parameters.load_step_threshold_kg).toBe(7.26);
  });
});
