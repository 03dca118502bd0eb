/**
 * How a batch's credit results read side by side (issue 44): whether each
 * methodology credits the batch and which gate stops it, how far the batch's
 * H/C_org is from each methodology's gate, each number as exact decimal text,
 * and which rulebook constants and tables a result reads on a source other
 * than the standard's own text (a tag other than `P`). Every figure is taken
 * from the server's exact answer (whole grams, exact decimal text); nothing
 * here computes a credit. Pure: the batch page hands in the results and the
 * rulebooks it read.
 */
import type { CreditResultPayload } from '../api/credits';
import type { ConfidenceTag, Methodology } from '../api/methodologies';
import { familyOf } from './families';
import { cmp, fromDecimal, sub, toFixed } from './exact';

export type CreditGateShown = CreditResultPayload['gates'][number];
export type CreditStepShown = CreditResultPayload['steps'][number];
export type CreditInputShown = CreditStepShown['inputs'][string];

/** The rulebook a result was computed under: the same id and version. */
export const bookOf = (books: readonly Methodology[], result: Pick<CreditResultPayload, 'methodology' | 'version'>) =>
  books.find((b) => b.id === result.methodology && b.version === result.version);

/** A tag that is not the standard's own text: the value was transcribed, not confirmed. */
export const unconfirmed = (tag: ConfidenceTag): boolean => tag !== 'P';

/** The exact decimal text of a number, to at most `max` decimals and at least `min`, trailing zeros dropped: 0.33999999999999997 → '0.34'. */
export function decimalText(value: number, min = 0, max = 6): string {
  const text = toFixed(fromDecimal(value), max);
  if (!text.includes('.')) return text;
  const [whole, fraction] = text.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(min, '0');
  return kept ? `${whole}.${kept}` : whole;
}

const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

/** Exact decimal text with thousands separators: '941125.185' → '941,125.185'. */
export function groupedDecimal(text: string): string {
  const [, sign, whole, fraction] = /^(-?)(\d+)(\.\d+)?$/.exec(text) ?? [];
  if (whole === undefined) return text;
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ?? ''}`;
}

/** A step's value with its unit: grams grouped by thousands ('941,125.185 g CO2e'), fractions and words as given. */
export const stepValueText = (step: Pick<CreditStepShown, 'value' | 'unit'>): string =>
  `${step.unit.startsWith('g') ? groupedDecimal(step.value) : step.value} ${step.unit}`;

/** The words a value may read as, in the screen's language. */
export interface ValueWords {
  yes: string;
  no: string;
  none: string;
  /** a list gate's comparison: the value is one of the list, or none of it */
  oneOf: string;
  noneOf: string;
}

/** A step input or a gate value: numbers as exact decimals, yes or no, lists joined, null as `words.none`. */
export function inputText(value: CreditInputShown, words: ValueWords): string {
  if (value === null) return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return decimalText(value);
  if (Array.isArray(value)) return value.join(', ');
  return value;
}

const SYMBOLS = { '<': '<', '<=': '≤', '>': '>', '>=': '≥', '==': '=' } as const;

/** What a gate asks, e.g. '≤ 0.4 molar ratio', 'yes', 'none of torrefaction, htc'; null when no source settles the threshold. */
export function gateCondition(gate: Pick<CreditGateShown, 'comparison' | 'threshold' | 'unit'>, words: ValueWords): string | null {
  if (gate.threshold === null) return null;
  const unit = typeof gate.threshold === 'number' && gate.unit ? ` ${gate.unit}` : '';
  const threshold = inputText(gate.threshold, words);
  if (gate.comparison === '==' && typeof gate.threshold === 'boolean') return threshold;
  const how = gate.comparison === 'in' ? words.oneOf : gate.comparison === 'not_in' ? words.noneOf : SYMBOLS[gate.comparison];
  return `${how} ${threshold}${unit}`;
}

/** Why a methodology credits the batch or not, in the order a person acts on it. */
export type Eligibility =
  | { kind: 'eligible' }
  /** a gate the console records failed: the batch is not eligible whatever else it gets */
  | { kind: 'failed'; gates: CreditGateShown[] }
  /** inputs are missing: no figure until they are recorded */
  | { kind: 'missing' }
  /** a recorded gate is undecided (no source settles its threshold, or the batch lacks its input) */
  | { kind: 'undecided'; gates: CreditGateShown[] }
  /** every gate passes, but the net after deductions is not above zero */
  | { kind: 'notPositive' };

export function eligibilityOf(result: CreditResultPayload): Eligibility {
  if (result.eligible) return { kind: 'eligible' };
  const failed = result.gates.filter((g) => g.recorded && g.pass === false);
  if (failed.length > 0) return { kind: 'failed', gates: failed };
  if (result.net_co2e_g === null || result.missing.length > 0) return { kind: 'missing' };
  const undecided = result.gates.filter((g) => g.recorded && g.pass === null);
  if (undecided.length > 0) return { kind: 'undecided', gates: undecided };
  return { kind: 'notPositive' };
}

/** What a result still needs: the batch's own inputs, and the rulebook values no source settles (the server's 'rulebook …' entries). */
export function missingGroups(missing: readonly string[]): { evidence: string[]; rulebook: string[] } {
  const rulebook = missing.filter((m) => m.startsWith('rulebook ')).map((m) => m.slice('rulebook '.length));
  return { evidence: missing.filter((m) => !m.startsWith('rulebook ')), rulebook };
}

/** The batch's H/C_org against a methodology's H/C_org gate: '0.12 below 0.40'. */
export type HcDistance =
  /** the methodology has no H/C_org gate */
  | { kind: 'noGate' }
  /** the batch has no H/C_org yet */
  | { kind: 'noValue'; gate: CreditGateShown }
  /** no source settles the threshold */
  | { kind: 'noThreshold'; gate: CreditGateShown; value: string }
  | { kind: 'distance'; gate: CreditGateShown; value: string; threshold: string; distance: string; side: 'below' | 'above' | 'at' };

export const H_C_ORG_INPUT = 'h_c_org';

export function hcDistance(result: CreditResultPayload, book: Pick<Methodology, 'gates'> | undefined): HcDistance {
  const keys = new Set((book?.gates ?? []).filter((g) => g.input === H_C_ORG_INPUT).map((g) => g.key));
  const gate = result.gates.find((g) => keys.has(g.id));
  if (!gate) return { kind: 'noGate' };
  if (typeof gate.value !== 'number') return { kind: 'noValue', gate };
  if (typeof gate.threshold !== 'number') return { kind: 'noThreshold', gate, value: decimalText(gate.value, 2, 4) };
  const digits = Math.max(2, decimalsOf(decimalText(gate.value, 0, 4)), decimalsOf(decimalText(gate.threshold, 0, 4)));
  // the value as the lab reported it, without a double's noise (0.33999999999999997 is 0.34)
  const value = fromDecimal(Number(decimalText(gate.value, 0, 4)));
  const threshold = fromDecimal(gate.threshold);
  const order = cmp(value, threshold);
  const gap = order < 0 ? sub(threshold, value) : sub(value, threshold);
  return {
    kind: 'distance',
    gate,
    value: toFixed(value, digits),
    threshold: toFixed(threshold, digits),
    distance: toFixed(gap, digits),
    side: order < 0 ? 'below' : order > 0 ? 'above' : 'at',
  };
}

/** A rulebook value a result reads, with its confidence tag. */
export interface TaggedValue {
  key: string;
  name: string;
  tag: ConfidenceTag;
}

/** The rulebook constants a step reads among its inputs (named by their keys), each with its tag. */
export function stepConstants(step: Pick<CreditStepShown, 'inputs'>, book: Pick<Methodology, 'constants'> | undefined): TaggedValue[] {
  const constants = book?.constants ?? [];
  return Object.keys(step.inputs).flatMap((key) => {
    const found = constants.find((c) => c.key === key);
    return found ? [{ key, name: found.name, tag: found.tag }] : [];
  });
}

/** Whether the methodology credits char at its end use (char not yet at one waits), or at production. */
export const creditsAtEndUse = (book: Pick<Methodology, 'id'> | undefined): boolean => (book && familyOf(book)?.atEndUse) ?? true;

/** The rulebook tables the methodology's computation reads (its persistence table, its defaults), each with its tag. */
export function tablesRead(book: Pick<Methodology, 'id' | 'tables'> | undefined): TaggedValue[] {
  const family = book && familyOf(book);
  if (!book || !family) return [];
  const keys = [...family.rangeTables, ...family.tables];
  return book.tables.filter((t) => keys.includes(t.key)).map((t) => ({ key: t.key, name: t.name, tag: t.tag }));
}
