import { analyseLogText, generateBurn, KILN_TYPE, MESSINESS } from '../../mock-server/analysis';
import { KILN_TYPES, TYPE_NAMES } from '../unit/analysis/helpers';
import { type Errors, KINDS, percent, SEEDS, worstOver } from '../unit/analysis/recoveryCases';
import { summarise } from './stats';

const RUNS = 15;
const facility = { latitude_min: -1.45, latitude_max: -1.15, longitude_min: 36.65, longitude_max: 37.05 };
const calibration = { zero_weight: 84210, per_g_weight: 2.5 };

/**
 * A 24-hour C-Go-1 log sampled every second: 86,400 rows, with every kind of
 * field messiness but irregular sampling (which would space the rows 3–20 s apart).
 */
export function dayLongLog(): string {
  return generateBurn({
    kiln_type: KILN_TYPE.CGO1,
    kiln_id: 'CG1-BENCH',
    seed: 2026,
    start_ts: Date.UTC(2026, 2, 1, 0, 0, 0),
    calibration,
    facility,
    truth: { sample_interval_s: 1, log_minutes: 24 * 60, pyrolysis_minutes: 1340 },
    messiness: MESSINESS.filter((kind) => kind !== 'irregular_sampling'),
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

/** Worst relative error per kiln type and kind of messiness over the recovery test's seeds (docs/analysis.md#checking-against-known-truth). */
export function worstErrorTable(): { type: string; kind: string; worst: Errors; failures: number }[] {
  return KILN_TYPES.flatMap((type) =>
    KINDS.map(({ name, messiness }) => {
      const { worst, failures } = worstOver(type, messiness);
      return { type: TYPE_NAMES[type], kind: name, worst, failures: failures.length };
    }),
  );
}

export function worstErrorMarkdown(rows: ReturnType<typeof worstErrorTable>): string[] {
  return [
    `| kiln | messiness | biomass loaded | biochar prior to quench | burn duration | seeds off by > 3 % or invalid |`,
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.type} | ${r.kind} | ${percent(r.worst.biomass)} | ${percent(r.worst.prior)} | ${percent(r.worst.duration)} | ${r.failures} of ${SEEDS.length} |`,
    ),
  ];
}
