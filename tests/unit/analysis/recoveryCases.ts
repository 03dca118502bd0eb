import { MESSINESS, type KilnType, type Messiness } from '../../../mock-server/analysis';
import { analyseText, generate, kilnOf } from './helpers';

/** The kinds of field messiness of docs/analysis.md#checking-against-known-truth checked one by one and all at once, shared by the recovery test and the benchmark. */
export const KINDS: { name: string; messiness: Messiness[] }[] = [
  { name: 'clean', messiness: [] },
  ...MESSINESS.map((kind) => ({ name: kind, messiness: [kind] })),
  { name: 'all at once', messiness: [...MESSINESS] },
];

export const TOLERANCE = 0.03;
/** Under mutation testing (KILN_MUTATION) one seed per kind: a mutant only needs killing once. */
export const MUTATION_RUN = Boolean(process.env.KILN_MUTATION);
export const SEEDS = Array.from({ length: MUTATION_RUN ? 1 : 50 }, (_, i) => 1000 + i);

export interface Errors {
  biomass: number;
  prior: number;
  duration: number;
}

const relativeError = (measured: number | undefined, truth: number) => Math.abs((measured ?? NaN) / truth - 1);

/** Simulates one burn and analyses it: the relative errors against its truth, and the verdict. */
export function recover(
  type: KilnType,
  seed: number,
  messiness: Messiness[],
  sampleIntervalS?: number,
): { errors: Errors; valid: string | undefined; reasons: string } {
  const burn = generate(type, seed, undefined, sampleIntervalS ? { sample_interval_s: sampleIntervalS } : undefined, messiness);
  const { result } = analyseText(burn.text, kilnOf(type));
  return {
    errors: {
      biomass: relativeError(result?.biomass_loaded, burn.truth.biomass_kg),
      prior: relativeError(result?.biochar_prior_to_quench, burn.truth.biochar_prior_kg),
      duration: relativeError(result?.burn_duration, burn.truth.burn_duration_ms),
    },
    valid: result?.valid,
    reasons: result?.reasons.map((r) => r.code).join(', ') ?? 'no result',
  };
}

/** The worst errors over `seeds`, and the seeds that were off by more than the tolerance or not valid. */
export function worstOver(type: KilnType, messiness: Messiness[], seeds: readonly number[] = SEEDS): { worst: Errors; failures: string[] } {
  const worst: Errors = { biomass: 0, prior: 0, duration: 0 };
  const failures: string[] = [];
  for (const seed of seeds) {
    const { errors, valid, reasons } = recover(type, seed, messiness);
    worst.biomass = Math.max(worst.biomass, errors.biomass);
    worst.prior = Math.max(worst.prior, errors.prior);
    worst.duration = Math.max(worst.duration, errors.duration);
    const over = (Object.keys(errors) as (keyof Errors)[]).filter((k) => !(errors[k] < TOLERANCE));
    if (valid !== 'true' || over.length > 0)
      failures.push(`seed ${seed}: valid ${valid} (${reasons}), off by more than 3 %: ${over.join(', ') || 'none'}`);
  }
  return { worst, failures };
}

export const percent = (x: number) => `${(x * 100).toFixed(2)} %`;
