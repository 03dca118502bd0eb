import { fieldError } from '../http/errors';

/**
 * The history's from/to as ISO instants bounding signoff_ts, inclusive: a
 * date (YYYY-MM-DD) is a whole UTC day (from its first to its last
 * millisecond), an ISO date-time with a zone is that instant; anything else
 * is a 400 naming the field.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function instant(value: unknown, field: 'from' | 'to'): string | undefined {
  if (value === undefined || value === '') return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  const reason = `${field} must be a date (YYYY-MM-DD) or an ISO date-time with a zone.`;
  if (DATE_ONLY.test(text)) {
    const iso = `${text}T${field === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`;
    // 2026-02-30 parses to March: a date must read back as itself
    if (Number.isNaN(Date.parse(iso)) || new Date(iso).toISOString().slice(0, 10) !== text) throw fieldError(field, reason);
    return iso;
  }
  if (!DATE_TIME.test(text) || Number.isNaN(Date.parse(text))) throw fieldError(field, reason);
  return new Date(text).toISOString();
}

export function signoffRange(query: { from?: unknown; to?: unknown }): { from?: string; to?: string } {
  return { from: instant(query.from, 'from'), to: instant(query.to, 'to') };
}
