/**
 * The Install Date's text form (docs/product.md#kiln-registry: shown as YYYY/MM/DD), kept apart
 * from the YYYY-MM-DD the API speaks.
 */
import { isCalendarDate } from '../domain/validation';

/** YYYY/MM/DD for a YYYY-MM-DD date. */
export const toDateText = (isoDate: string): string => isoDate.replaceAll('-', '/');

/**
 * The YYYY-MM-DD date a typed text stands for, or null. Accepts YYYY/MM/DD
 * (also with '-' or '.', and one-digit month or day) and YYYYMMDD.
 */
export function parseDateText(text: string): string | null {
  const trimmed = text.trim();
  const parts = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(trimmed) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed);
  if (!parts) return null;
  const iso = `${parts[1]}-${parts[2].padStart(2, '0')}-${parts[3].padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}
