import type { Collection, EmbeddedShape } from './state';
import type { Mutator } from './mutator';

/** How the parts reach the state: alone (queued, each write its own transaction) or inside a transaction. */
export interface Access {
  read<T>(fn: (s: EmbeddedShape) => T): Promise<T>;
  write<T>(fn: (s: EmbeddedShape, m: Mutator) => T): Promise<T>;
}

/** Records leave the store as copies: a caller changing one changes nothing stored. */
export const copy = <T>(value: T): T => structuredClone(value);
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
export const byNumber = (a: number, b: number) => a - b;

type RecordOf<C extends Collection> = EmbeddedShape[C][number] & { id: number };

/** Stores `fields` as a new record of the collection under its next id; answers a copy. */
export function insertNew<C extends Collection>(m: Mutator, collection: C, fields: Omit<RecordOf<C>, 'id'>): RecordOf<C> {
  const row = { ...copy(fields), id: m.nextId(collection) } as RecordOf<C>;
  m.insert(collection, row);
  return copy(row);
}

/**
 * Applies `patch` to the record of the collection with this id and answers a
 * copy; null when there is none. `check` may refuse the patch (a conflict)
 * before anything changes.
 */
export function patchById<C extends Collection>(
  s: EmbeddedShape,
  m: Mutator,
  collection: C,
  id: number,
  patch: Partial<RecordOf<C>>,
  check?: (row: RecordOf<C>) => void,
): RecordOf<C> | null {
  const row = (s[collection] as RecordOf<C>[]).find((r) => r.id === id);
  if (!row) return null;
  check?.(row);
  m.patch(row, copy(patch));
  return copy(row);
}
