import { badRequest } from './errors';
import { wholeNumber } from './fieldErrors';

/** Readers of simple-REST filter values shared by the small lists (users, Recent Changes). */

const MAX_ID_LIST = 1000;

/** Refuses keys a list does not know, naming the ones it does. */
export function refuseUnknownKeys(raw: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(raw).filter((k) => !known.includes(k));
  if (unknown.length) throw badRequest(`Unknown filter ${unknown.join(', ')}; use ${known.join(', ')}.`);
}

/** One id or a list of at most 1000 (react-admin's getMany). */
export function idList(name: string, value: unknown): number[] {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  const ids = list.map(wholeNumber);
  if (list.length > MAX_ID_LIST || ids.some((n) => n === undefined)) {
    throw badRequest(`filter.${name} must be a whole number or a list of at most ${MAX_ID_LIST} of them.`);
  }
  return ids as number[];
}

export function wholeNumberFilter(name: string, value: unknown): number {
  const n = wholeNumber(value);
  if (n === undefined) throw badRequest(`filter.${name} must be a whole number.`);
  return n;
}

/** Search text, trimmed and lower-cased; undefined when empty. */
export function searchText(value: unknown): string | undefined {
  if (typeof value !== 'string') throw badRequest('filter.q must be text.');
  return value.trim().toLowerCase() || undefined;
}
