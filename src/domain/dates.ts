/**
 * The console's one date formatter, for its screens and the server's documents
 * (docs/product.md#constants-and-limits): the spec's formats where it names one
 * (DD-MMM-YYYY dates, YYYY-MM-DD HH:mm:ss signoff timestamps, DD-MMM-YYYY
 * HH-mm-ss in Audit History, YYYY/MM/DD install dates) and DD-MMM-YYYY HH:mm
 * for every other time. Never the browser's locale, never a raw ISO string.
 * Screens write local time; documents, made on the server for any reader,
 * write UTC and say so. A zoneless value (a kiln's logts) keeps its wall
 * clock in either. An unparsable value is returned as given.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'local': the reader's clock (screens); 'utc': UTC (documents, which name the zone). */
export type DateZone = 'local' | 'utc';

type DateValue = string | number | Date;

interface Parts {
  /** the value named a moment (not a zoneless wall clock) and is written in UTC */
  utc: boolean;
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const ZONELESS = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

function partsOf(value: DateValue, zone: DateZone): Parts | null {
  // a zoneless text is a wall clock: read as UTC and written as UTC, it keeps its figures in any zone
  const wallClock = typeof value === 'string' && ZONELESS.test(value);
  const date = wallClock ? new Date(`${value.length === 10 ? `${value}T00:00` : value}Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  if (wallClock || zone === 'utc') {
    return {
      utc: !wallClock,
      year: date.getUTCFullYear(),
      month: date.getUTCMonth(),
      day: date.getUTCDate(),
      hours: date.getUTCHours(),
      minutes: date.getUTCMinutes(),
      seconds: date.getUTCSeconds(),
    };
  }
  return {
    utc: false,
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
    seconds: date.getSeconds(),
  };
}

const dayText = (p: Parts) => `${pad2(p.day)}-${MONTHS[p.month]}-${p.year}`;
const zoneSuffix = (p: Parts) => (p.utc ? ' UTC' : '');

/** DD-MMM-YYYY, e.g. 07-Mar-2026. */
export function formatDate(value: DateValue, zone: DateZone = 'local'): string {
  const p = partsOf(value, zone);
  return p ? dayText(p) : String(value);
}

/** DD-MMM-YYYY HH:mm, e.g. 07-Mar-2026 15:30 (' UTC' after it in UTC): every time the spec names no format for. */
export function formatDateTime(value: DateValue, zone: DateZone = 'local'): string {
  const p = partsOf(value, zone);
  return p ? `${dayText(p)} ${pad2(p.hours)}:${pad2(p.minutes)}${zoneSuffix(p)}` : String(value);
}

/** A signoff timestamp, YYYY-MM-DD HH:mm:ss (' UTC' after it in UTC). */
export function formatSignoffTime(value: DateValue, zone: DateZone = 'local'): string {
  const p = partsOf(value, zone);
  if (!p) return String(value);
  return `${p.year}-${pad2(p.month + 1)}-${pad2(p.day)} ${pad2(p.hours)}:${pad2(p.minutes)}:${pad2(p.seconds)}${zoneSuffix(p)}`;
}

/** Audit History's Audit Date & Time, DD-MMM-YYYY HH-mm-ss (the spec's own format for that column). */
export function formatAuditTimestamp(value: DateValue): string {
  const p = partsOf(value, 'local');
  return p ? `${dayText(p)} ${pad2(p.hours)}-${pad2(p.minutes)}-${pad2(p.seconds)}` : String(value);
}

/** Today's (or the given moment's) local calendar date as YYYY-MM-DD, the value a date field holds. */
export function localIsoDate(value: DateValue = new Date()): string {
  const p = partsOf(value, 'local');
  return p ? `${p.year}-${pad2(p.month + 1)}-${pad2(p.day)}` : String(value);
}
