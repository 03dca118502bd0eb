/**
 * Building blocks of the form validators shared by the console and the API
 * server: each validator returns one error key per invalid field, the console
 * turns keys into helper texts and the server into a 400 message.
 */

export type ValidationErrorKey =
  | 'required'
  | 'not_a_number'
  | 'out_of_range'
  | 'too_many_decimals'
  | 'too_long'
  | 'invalid_format'
  | 'invalid_date'
  | 'duplicate'
  | 'not_ordered'
  | 'not_allowed'
  | 'too_weak';

/** The largest id a record may have: PostgreSQL's integer (serial) columns hold no more. */
export const MAX_RECORD_ID = 2_147_483_647;

export type FieldErrors<F extends string> = Partial<Record<F, ValidationErrorKey>>;

/** An inclusive range and the most decimals a value may carry. */
export interface NumberRule {
  min: number;
  max: number;
  decimals: number;
}

/** What a numeric form input may hold: a number, the text typed, or nothing. */
export type NumberInput = number | string | null | undefined;

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The finite number a value stands for, or undefined (blank, NaN, not numeric text). */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

/** Decimal places of the shortest text that round-trips the number (1e-7 counts 7). */
export function decimalPlaces(n: number): number {
  if (!Number.isFinite(n)) return Infinity;
  const [mantissa, exponent = '0'] = String(n).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/** The error of one numeric field, undefined when it is fine (blank is fine unless required). */
export function numberError(value: unknown, rule: NumberRule, required = false): ValidationErrorKey | undefined {
  if (isBlank(value)) return required ? 'required' : undefined;
  const n = toNumber(value);
  if (n === undefined) return 'not_a_number';
  if (n < rule.min || n > rule.max) return 'out_of_range';
  if (decimalPlaces(n) > rule.decimals) return 'too_many_decimals';
  return undefined;
}

/** numberError for each field of a table of rules. */
export function numberErrors<F extends string>(
  values: Record<F, NumberInput>,
  rules: Record<F, NumberRule>,
  required = false,
): Record<F, ValidationErrorKey | undefined> {
  const errors = {} as Record<F, ValidationErrorKey | undefined>;
  for (const field of Object.keys(rules) as F[]) errors[field] = numberError(values[field], rules[field], required);
  return errors;
}

/** The error of a free-text field, undefined when it is fine. */
export function textError(value: unknown, maxLength: number, required = false): ValidationErrorKey | undefined {
  if (isBlank(value)) return required ? 'required' : undefined;
  if (typeof value !== 'string') return 'invalid_format';
  return value.trim().length > maxLength ? 'too_long' : undefined;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some((e) => e !== undefined);
}

/** Drops the undefined entries, so an object of checks becomes a FieldErrors. */
export function compactErrors<F extends string>(checks: Record<F, ValidationErrorKey | undefined>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(checks) as F[]) {
    if (checks[field] !== undefined) errors[field] = checks[field];
  }
  return errors;
}

/** A sentence naming the field, e.g. "latMin must be between -90 and 90." */
export function describeFieldError(field: string, key: ValidationErrorKey, rule?: NumberRule): string {
  switch (key) {
    case 'required':
      return `${field} is required.`;
    case 'not_a_number':
      return `${field} must be a number.`;
    case 'out_of_range':
      return rule ? `${field} must be between ${rule.min} and ${rule.max}.` : `${field} is out of range.`;
    case 'too_many_decimals':
      return `${field} may have at most ${rule?.decimals ?? 0} decimals.`;
    case 'too_long':
      return `${field} is too long.`;
    case 'invalid_format':
      return `${field} has an invalid format.`;
    case 'invalid_date':
      return `${field} must be a date as YYYY-MM-DD.`;
    case 'duplicate':
      return `${field} is already in use.`;
    case 'not_ordered':
      return `${field}: the minimum must be below the maximum.`;
    case 'not_allowed':
      return `${field} is not an allowed value.`;
    case 'too_weak':
      return `${field} is too weak: use at least 10 characters with lowercase, uppercase, digits and symbols.`;
  }
}

/**
 * Control characters no text may hold: C0 (NUL included), DEL and C1, but
 * tab, line feed and carriage return, which free text may hold (docs/security.md,
 * "Text input"). PostgreSQL cannot store a NUL at all.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Every control character, tab and line breaks included: what a one-line name or identifier may not hold. */
const CONTROL_IN_LINE = /[\p{Cc}\u2028\u2029]/u;
/**
 * Bidirectional controls: the embeddings and overrides (U+202A–U+202E), the
 * isolates (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). Each makes
 * text read in another order than it is stored, so a name can pass for another.
 */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** True when free text holds a control character other than tab and line breaks. */
export const hasControlCharacters = (text: string): boolean => CONTROL_IN_TEXT.test(text);

/** True when a one-line name (job id, key label, transaction id, beneficiary) holds a control or bidirectional character. */
export const isUnsafeLine = (text: string): boolean => CONTROL_IN_LINE.test(text) || BIDI_CONTROL.test(text);

/** True when multi-line free text (a minting note, a purpose) holds a bidirectional control or a control other than tab and line breaks. */
export const isUnsafeText = (text: string): boolean => CONTROL_IN_TEXT.test(text) || BIDI_CONTROL.test(text);

/** The 400 reason of a field holding a control character. */
export const controlCharacterReason = (field: string): string =>
  `${field} may not contain control characters (such as U+0000); text may hold tabs and line breaks only.`;

/** The 400 reason of a one-line field holding a control or bidirectional character. */
export const unsafeLineReason = (field: string): string =>
  `${field} may not contain control characters, line breaks or bidirectional overrides (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F).`;

/** The 400 reason of a multi-line field holding a bidirectional or control character. */
export const unsafeTextReason = (field: string): string =>
  `${field} may not contain control characters other than tabs and line breaks, nor bidirectional overrides (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F).`;
