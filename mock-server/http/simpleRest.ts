import type { Response } from 'express';
import { badRequest } from './errors';
import { refuseControlCharacters } from './plainText';
import type { Page, SortOrder } from '../store/paging';

/**
 * The simple-REST list convention that ra-data-simple-rest speaks (docs/product.md#calls-beyond-the-specification):
 * `?sort=["field","ASC"]&range=[0,24]&filter={...}` in,
 * `Content-Range: items 0-24/319` out. Pure parsing and slicing; each resource
 * decides which fields it sorts on and what its filter keys mean.
 */

export interface ListSort<F extends string> {
  field: F;
  order: SortOrder;
}

export interface ListParams<F extends string> {
  sort: ListSort<F>;
  /** first and last index, inclusive */
  range: [number, number];
  filter: Record<string, unknown>;
}

/** The most rows one page may hold; also the page size when no range is given (getMany). */
export const MAX_PAGE_SIZE = 1000;

function parseJsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`${name} must be given once, as JSON.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(`${name} is not valid JSON.`);
  }
  // an escaped \u0000 in the JSON text is a NUL only now
  refuseControlCharacters(parsed, name);
  return parsed;
}

export function parseListParams<F extends string>(
  query: Record<string, unknown>,
  sortFields: readonly F[],
  defaultSort: ListSort<F>,
): ListParams<F> {
  const sortRaw = parseJsonParam('sort', query.sort);
  let sort = defaultSort;
  if (sortRaw !== undefined) {
    if (!Array.isArray(sortRaw) || sortRaw.length !== 2) throw badRequest('sort must be ["field","ASC"|"DESC"].');
    const [field, order] = sortRaw as unknown[];
    if (!sortFields.includes(field as F)) throw badRequest(`sort field must be one of ${sortFields.join(', ')}.`);
    if (order !== 'ASC' && order !== 'DESC') throw badRequest('sort order must be ASC or DESC.');
    sort = { field: field as F, order };
  }

  const rangeRaw = parseJsonParam('range', query.range);
  let range: [number, number] = [0, MAX_PAGE_SIZE - 1];
  if (rangeRaw !== undefined) {
    const ok =
      Array.isArray(rangeRaw) &&
      rangeRaw.length === 2 &&
      rangeRaw.every((n) => Number.isInteger(n) && n >= 0) &&
      rangeRaw[1] >= rangeRaw[0];
    if (!ok) throw badRequest('range must be [first, last], two whole numbers with first ≤ last.');
    const [first, last] = rangeRaw as [number, number];
    if (last - first + 1 > MAX_PAGE_SIZE) throw badRequest(`range may span at most ${MAX_PAGE_SIZE} rows.`);
    range = [first, last];
  }

  const filterRaw = parseJsonParam('filter', query.filter) ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) {
    throw badRequest('filter must be a JSON object.');
  }
  return { sort, range, filter: filterRaw as Record<string, unknown> };
}

export function contentRange(resource: string, page: Page<unknown>): string {
  if (page.rows.length === 0) return `${resource} */${page.total}`;
  return `${resource} ${page.start}-${page.start + page.rows.length - 1}/${page.total}`;
}

/** Sends one page as a JSON array with its Content-Range, readable by a cross-origin console too. */
export function sendPage<T>(res: Response, page: Page<T>, resource = 'items'): void {
  res.set('Content-Range', contentRange(resource, page));
  res.append('Access-Control-Expose-Headers', 'Content-Range');
  res.json(page.rows);
}
