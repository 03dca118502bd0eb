/**
 * Paging, sorting and filtering of a whole list the API answers at once (the
 * kiln registry, the facilities), the way react-admin's getList asks for it.
 * Pure: no fetch, no React.
 */
import type { GetListParams, RaRecord } from 'react-admin';

const compare = (a: unknown, b: unknown): number => {
  // missing values sort last either way, like the kiln log API
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
};

/** A record matches when every filter value equals its field; `q` searches every text field. */
function matches(record: RaRecord, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (value === undefined || value === '' || value === null) return true;
    if (key === 'q') {
      const needle = String(value).toLowerCase();
      return Object.values(record).some((field) => typeof field === 'string' && field.toLowerCase().includes(needle));
    }
    return String(record[key]) === String(value);
  });
}

export function listedInBrowser<R extends RaRecord>(rows: readonly R[], params: Partial<GetListParams>): { data: R[]; total: number } {
  const filtered = rows.filter((row) => matches(row, params.filter ?? {}));
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  const sorted = field
    ? [...filtered].sort((a, b) => {
        const byField = compare(a[field], b[field]);
        // missing values stay last whichever the order
        const missing = a[field] === null || a[field] === undefined || b[field] === null || b[field] === undefined;
        return (order === 'DESC' && !missing ? -byField : byField) || compare(a.id, b.id);
      })
    : filtered;
  const { page = 1, perPage = sorted.length } = params.pagination ?? {};
  const start = (page - 1) * perPage;
  return { data: sorted.slice(start, start + perPage), total: sorted.length };
}

/** The pagination asking a whole-list resource for every row (a form's choices). */
export const EVERY_ROW = { page: 1, perPage: Number.MAX_SAFE_INTEGER } as const;

/** The key of a whole-list resource's getList meta holding every row, unpaged and unfiltered. */
export const ALL_ROWS = 'allRows';
