import type { ColumnType, Generated } from 'kysely';

export type Id = Generated<number>;
/** jsonb: written as JSON text, read as the value */
export type Json<T> = ColumnType<T, string, string>;
