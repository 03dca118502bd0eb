import { describeFieldError, MAX_RECORD_ID, type FieldErrors, type NumberRule } from '../../src/domain/validation';
import { badRequest, fieldError, type FieldReasons } from './errors';

/** 400 naming every invalid field of a shared validator's result; nothing when there is none. */
export function assertNoFieldErrors<F extends string>(errors: FieldErrors<F>, rules: Partial<Record<F, NumberRule>> = {}): void {
  const reasons: FieldReasons = {};
  for (const field of Object.keys(errors) as F[]) {
    const key = errors[field];
    if (key) reasons[field] = describeFieldError(field, key, rules[field]);
  }
  const messages = Object.values(reasons);
  if (messages.length > 0) throw badRequest(messages.join(' '), reasons);
}

/**
 * The whole number (0 to MAX_RECORD_ID) a value stands for: a number, or a string of decimal
 * digits only (so '0x10', '1e1', ' 7', true and [[1]] are not numbers here);
 * undefined otherwise.
 */
export function wholeNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 && n <= MAX_RECORD_ID ? n : undefined;
}

/** The positive integer path or header value `name`; 400 otherwise. */
export function positiveId(value: unknown, name: string): number {
  const n = wholeNumber(value);
  if (n === undefined || n <= 0) throw fieldError(name, `${name} must be a positive integer (at most ${MAX_RECORD_ID}).`);
  return n;
}
