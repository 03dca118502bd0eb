/** Sorting and paging of rows, shared by the stores and the simple REST lists. */
export type SortOrder = 'ASC' | 'DESC';

export type SortKey = string | number | boolean | null;

/** The fields of T whose values sort as they are. */
export type SortableField<T> = { [K in keyof T]: T[K] extends SortKey ? K : never }[keyof T] & string;

/** Sort keys that are the row's own field of the same name. */
export function fieldKeys<T, F extends SortableField<T>>(fields: readonly F[]): Record<F, (row: T) => SortKey> {
  return Object.fromEntries(fields.map((field) => [field, (row: T) => row[field] as SortKey])) as Record<F, (row: T) => SortKey>;
}

/**
 * Sorts by one key, missing values (null) last in either order, ties broken
 * by id in the same order so pages never overlap or skip a row.
 */
export function sortRows<T extends { id: number }>(rows: readonly T[], key: (row: T) => SortKey, order: SortOrder): T[] {
  const sign = order === 'ASC' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, k: key(row) }));
  keyed.sort((a, b) => {
    if (a.k === null || b.k === null) {
      if (a.k !== b.k) return a.k === null ? 1 : -1;
    } else if (a.k !== b.k) {
      return (a.k < b.k ? -1 : 1) * sign;
    }
    return (a.row.id - b.row.id) * sign;
  });
  return keyed.map((x) => x.row);
}

export interface ListPage {
  sort: { field: string; order: SortOrder };
  /** first and last index, inclusive */
  range: [number, number];
}

export interface Page<T> {
  rows: T[];
  start: number;
  total: number;
}

export function pageOf<T>(rows: readonly T[], [first, last]: [number, number]): Page<T> {
  return { rows: rows.slice(first, last + 1), start: first, total: rows.length };
}
