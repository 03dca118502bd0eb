/**
 * Carbon amounts, exact: CO2 and biochar are counted in whole grams (integers)
 * wherever they are frozen, summed, allocated or exported, and given back as
 * kg of whole grams (grams / 1000, the double nearest that decimal, which
 * JSON writes as the decimal itself: 1965920 g is 1965.92, never
 * 1965.9199999999998). One rounding rule for every figure a person reads
 * (docs/product.md#constants-and-limits), used by the server and the console. Pure.
 */
import { formatNumber } from './format';

export const GRAMS_PER_KG = 1000;

/** kg to whole grams, half a gram away from zero (a value within float noise of a gram is that gram); not finite: 0. */
export function toGrams(kg: number): number {
  if (!Number.isFinite(kg)) return 0;
  const grams = Math.round(Math.abs(kg) * GRAMS_PER_KG);
  return kg < 0 && grams !== 0 ? -grams : grams;
}

/** Whole grams to kg: the decimal of whole grams, exactly as written (1965920 → 1965.92). */
export const toKg = (grams: number): number => grams / GRAMS_PER_KG;

/** A kg figure rounded to the gram, e.g. 932.1499999999999 → 932.15. */
export const exactKg = (kg: number): number => toKg(toGrams(kg));

/** The sum of kg figures, added in whole grams, as kg of whole grams. */
export function sumKg(values: Iterable<number>): number {
  let grams = 0;
  for (const kg of values) grams += toGrams(kg);
  return toKg(grams);
}

/**
 * Decimals of shown kg (docs/product.md#constants-and-limits): `figure` for carbon summaries and per-log
 * figures (1), `total` for totals over burns (0), `exact` where a person
 * types or checks grams (the mint modal's bounds, 3).
 */
export const CARBON_DECIMALS = { figure: 1, total: 0, exact: 3 } as const;
export type CarbonPrecision = keyof typeof CARBON_DECIMALS;

/**
 * Whole grams rounded to `decimals` kg decimals, half away from zero, in
 * integers: the result is units of 10^-decimals kg (932150 g at 1 → 9322).
 */
function roundedUnits(grams: number, decimals: number): number {
  const step = 10 ** (3 - decimals);
  const units = Math.floor((Math.abs(grams) + step / 2) / step);
  return grams < 0 ? -units : units;
}

/** kg rounded by the one rule (from whole grams, half away from zero) to `decimals`, as a number. */
export function roundKg(kg: number, decimals: number): number {
  return roundedUnits(toGrams(kg), decimals) / 10 ** decimals;
}

/**
 * A kg figure as a person reads it (docs/product.md#constants-and-limits): rounded from whole grams, half
 * away from zero, with thousands separators: 932.15 → '932.2' (figure),
 * '932' (total), '932.150' (exact).
 */
export function formatCarbon(kg: number, precision: CarbonPrecision): string {
  const decimals = CARBON_DECIMALS[precision];
  return formatNumber(roundKg(kg, decimals), decimals);
}

/** A kg figure in a CSV: exact to the gram, 3 fixed decimals, no separators ('932.150'); no binary noise. */
export function csvKg(kg: number): string {
  const grams = toGrams(kg);
  const whole = Math.trunc(Math.abs(grams) / GRAMS_PER_KG);
  const rest = String(Math.abs(grams) % GRAMS_PER_KG).padStart(3, '0');
  return `${grams < 0 ? '-' : ''}${whole}.${rest}`;
}

/** csvKg of a figure that may be missing: a missing one is an empty cell. */
export const csvKgCell = (kg: number | null | undefined): string | null => (kg === null || kg === undefined ? null : csvKg(kg));
