import type { ColumnType, Generated } from 'kysely';

export type Id = Generated<number>;
/** jsonb: written as JSON text, read as the value */
export type Json<T> = ColumnType<T, string, string>;

/** A table whose row is the record `R` but for the columns written out in `Differ` (a generated id, jsonb, a default). */
export type Columns<R, Differ> = Omit<R, keyof Differ> & Differ;
