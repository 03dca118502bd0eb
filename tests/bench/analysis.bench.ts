import { analyseLogText, generateBurn, KILN_TYPE } from '../../mock-server/analysis';
import { summarise } from './stats';

const RUNS = 15;
const facility = { latitude_min: -1.45, latitude_max: -1.15, longitude_min: 36.65, longitude_max: 37.05 };
const calibration = { zero_weight: 84210, per_g_weight: 2.5 };

/** A 24-hour C-Go-1 log sampled every second: 86,400 rows. */
export function dayLongLog(): string {
  return generateBurn({
    kiln_type: KILN_TYPE.CGO1,
    kiln_id: 'CG1-BENCH',
    seed: 2026,
    start_ts: Date.UTC(2026, 2, 1, 0, 0, 0),
    calibration,
    facility,
    truth: { sample_interval_s: 1, log_minutes: 24 * 60, pyrolysis_minutes: 1340 },
  }).text;
}

/** Median time of parse + analyse (+ chart downsampling) of the 86,400-row log over RUNS runs, after one warm-up. */
export async function benchAnalysis(): Promise<{ medianMs: number; runs: number }> {
  const text = dayLongLog();
  const lookup = () => ({ kiln: { type: KILN_TYPE.CGO1, config: { cgo1: calibration } }, facility });
  const run = () => {
    const started = performance.now();
    const outcome = analyseLogText(text, lookup);
    const elapsed = performance.now() - started;
    if (!outcome.result) throw new Error(`benchmark log did not analyse: ${outcome.error_message}`);
    return elapsed;
  };
  run();
  const samples = Array.from({ length: RUNS }, run);
  return { medianMs: summarise(samples).median, runs: RUNS };
}
