import { describeFieldError, type FieldErrors, type NumberRule } from '../../src/domain/validation';
import { badRequest } from './errors';

/** 400 naming every invalid field of a shared validator's result; nothing when there is none. */
export function assertNoFieldErrors<F extends string>(errors: FieldErrors<F>, rules: Partial<Record<F, NumberRule>> = {}): void {
  const messages: string[] = [];
  for (const field of Object.keys(errors) as F[]) {
    const key = errors[field];
    if (key) messages.push(describeFieldError(field, key, rules[field]));
  }
  if (messages.length > 0) throw badRequest(messages.join(' '));
}

/** The positive integer path or header value `name`; 400 otherwise. */
export function positiveId(value: unknown, name: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw badRequest(`${name} must be a positive integer.`);
  return n;
}
