import type { EmbeddedShape, Mutator } from './state';

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
