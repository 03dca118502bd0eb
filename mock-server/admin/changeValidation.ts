import type { ChangeSaveRequest } from '../../src/domain/api/admin';
import { isCalendarDate } from '../../src/domain/validation';
import { badRequest, type FieldReasons } from '../http/errors';
import { sanitizeChangeBody } from '../changes/sanitize';
import type { ChangeFields } from '../store/model';

/**
 * A Recent Changes entry as it may be stored: a real date, a title, and a
 * body sanitised on the way in (the console sanitises again when it shows it).
 */
export function changeFields(body: ChangeSaveRequest): ChangeFields {
  const errors: FieldReasons = {};
  if (!isCalendarDate(body.date)) errors.date = 'date must be a date as YYYY-MM-DD.';
  const title = body.title.trim();
  if (!title) errors.title = 'title is required.';
  const clean = sanitizeChangeBody(body.body);
  if (Object.keys(errors).length) throw badRequest(Object.values(errors).join(' '), errors);
  return { date: body.date, title, body: clean };
}
