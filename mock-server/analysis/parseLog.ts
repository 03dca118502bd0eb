import { MAX_SKIPPED_SHARE } from './constants';
import { parseDateMs, parseTimeOfDayMs } from './time';
import type { LogHeader, LogRow, ParsedLog } from './types';

/**
 * Reads a burn log (DESIGN.md §5): `# key=value` header lines, an optional
 * `d,t,t1,t2,w` column line (columns may come in any order; without it that
 * order is assumed), then one reading per line (ANALYSIS.md §1).
 *
 * A missing reading (an empty cell, nan, NA, -, null) is data: NaN in its
 * channel. A line whose date or time does not parse, with the wrong number of
 * cells, or with a value that is neither a number nor a missing reading, is
 * skipped and counted; the log is an error naming the first such line only when
 * more than MAX_SKIPPED_SHARE of its reading lines are skipped or none is left.
 * Every text quoted back from the file is a short, printable excerpt.
 */

export type ParseErrorCode = 'EMPTY_FILE' | 'MISSING_HEADER' | 'INVALID_HEADER' | 'BAD_COLUMNS' | 'NO_ROWS' | 'TOO_MANY_BAD_LINES';

/** Header values follow the kiln registry's rules (src/domain/kilnValidation.ts). */
const KILN_ID_PATTERN = /^[A-Za-z0-9._-]+$/;
const HEADER_VALUE_MAX_LENGTH = 64;
const EXCERPT_MAX_LENGTH = 24;
/** Cells that mean "no reading" (compared lower-cased, trimmed). */
const MISSING_CELLS = new Set(['', 'nan', 'na', 'n/a', '-', 'null', 'none']);

export interface LogParseError {
  code: ParseErrorCode;
  message: string;
  /** 1-based line the error is about, when there is one */
  line: number | null;
  /** header fields read before the error, so a broken log can still be filed under its kiln */
  header: Partial<LogHeader>;
}

export type ParseLogResult = { ok: true; log: ParsedLog; skippedLines: number } | { ok: false; error: LogParseError };

/** A value quoted from the file: at most EXCERPT_MAX_LENGTH characters, control and non-ASCII characters as '?'. */
export function excerpt(value: string): string {
  const trimmed = value.trim();
  const short = trimmed.length > EXCERPT_MAX_LENGTH ? `${trimmed.slice(0, EXCERPT_MAX_LENGTH)}…` : trimmed;
  return short.replace(/[^\x20-\x7e…]/g, '?');
}

const COLUMNS = ['d', 't', 't1', 't2', 'w'] as const;
type Column = (typeof COLUMNS)[number];
type ColumnIndex = Record<Column, number>;

const DEFAULT_COLUMNS: ColumnIndex = { d: 0, t: 1, t1: 2, t2: 3, w: 4 };
const HEADER_KEYS = ['kiln_id', 'latitude', 'longitude'] as const;
const CHAR_HASH = 35;
const CHAR_CR = 13;

export function parseLog(input: string): ParseLogResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const header: Partial<LogHeader> = {};
  const fail = (code: ParseErrorCode, message: string, line: number | null): ParseLogResult => ({
    ok: false,
    error: { code, message, line, header: { ...header } },
  });

  if (!/\S/.test(text)) return fail('EMPTY_FILE', 'The file is empty.', null);

  const rows: LogRow[] = [];
  const days: DayCache = { map: new Map(), lastText: '', lastMs: NaN };
  let columns: ColumnIndex | null = null;
  let cellsNeeded = 0;
  let lastHeaderLine = 0;
  let lineNo = 0;
  let readingLines = 0;
  let skipped = 0;
  let firstProblem = '';
  let firstBadLine = 0;

  // walks the text by index rather than splitting it: a day of 1-second readings is 86,400 lines
  for (let pos = 0; pos < text.length; ) {
    lineNo++;
    const next = text.indexOf('\n', pos);
    const lineStart = pos;
    let lineEnd = next < 0 ? text.length : next;
    pos = lineEnd + 1;
    // (an empty line's previous character is the '\n' before it, never a CR)
    if (text.charCodeAt(lineEnd - 1) === CHAR_CR) lineEnd--;

    if (columns === DEFAULT_COLUMNS) {
      const row = readDefaultRowFast(text, lineStart, lineEnd, days);
      if (row) {
        readingLines++;
        rows.push(row);
        continue;
      }
    }

    const line = text.slice(lineStart, lineEnd).trim();
    if (line.length === 0) continue;

    if (line.charCodeAt(0) === CHAR_HASH) {
      // header lines count only before the readings; later ones are comments
      if (columns !== null) continue;
      const problem = readHeaderLine(line, header);
      if (problem) return fail('INVALID_HEADER', `Line ${lineNo}: ${problem}`, lineNo);
      lastHeaderLine = lineNo;
      continue;
    }

    if (columns === null) {
      const missing = missingHeader(header);
      if (missing) return fail('MISSING_HEADER', `${missing} before line ${lineNo}.`, lineNo);
      const named = readColumnLine(line);
      if (named === 'not-a-column-line') {
        columns = DEFAULT_COLUMNS;
      } else if (Array.isArray(named)) {
        return fail('BAD_COLUMNS', `Line ${lineNo}: the column line must name d, t, t1, t2 and w (missing ${named.join(', ')}).`, lineNo);
      } else {
        cellsNeeded = line.split(',').length;
        // the fast path reads exactly five cells: a sixth named column sends every line through readRow
        columns = cellsNeeded === COLUMNS.length && COLUMNS.every((c, i) => named[c] === i) ? DEFAULT_COLUMNS : named;
        continue;
      }
      cellsNeeded = COLUMNS.length;
    }

    readingLines++;
    const row = readRow(line, columns, cellsNeeded, days);
    if (typeof row === 'string') {
      if (skipped === 0) {
        firstProblem = `Line ${lineNo}: ${row}`;
        firstBadLine = lineNo;
      }
      skipped++;
      continue;
    }
    rows.push(row);
  }

  const missing = columns === null ? missingHeader(header) : null;
  if (missing) return fail('MISSING_HEADER', `${missing}.`, null);
  if (skipped > 0 && (rows.length === 0 || skipped > MAX_SKIPPED_SHARE * readingLines)) {
    const share = ((100 * skipped) / readingLines).toFixed(1);
    return fail(
      'TOO_MANY_BAD_LINES',
      `${firstProblem} ${skipped} of ${readingLines} reading lines (${share} %) could not be read; at most ${MAX_SKIPPED_SHARE * 100} % may be skipped.`,
      firstBadLine,
    );
  }
  if (rows.length === 0) {
    return fail('NO_ROWS', `The file has no readings after its header (line ${lastHeaderLine}).`, lastHeaderLine);
  }
  return { ok: true, log: { header: header as LogHeader, rows }, skippedLines: skipped };
}

/** "Missing header line '# latitude=…'" for the header lines not read yet, or null. */
function missingHeader(header: Partial<LogHeader>): string | null {
  const missing = HEADER_KEYS.filter((key) => header[key] === undefined);
  return missing.length > 0 ? `Missing header line ${missing.map((key) => `'# ${key}=…'`).join(', ')}` : null;
}

/** Stores a `# key=value` line into the header; returns a problem sentence, or null. */
function readHeaderLine(line: string, header: Partial<LogHeader>): string | null {
  const eq = line.indexOf('=');
  if (eq < 0) return null; // a plain comment
  const key = line.slice(1, eq).trim().toLowerCase();
  const value = line.slice(eq + 1).trim();
  if (key === 'kiln_id') {
    if (value === '') return 'kiln_id is empty.';
    if (value.length > HEADER_VALUE_MAX_LENGTH || !KILN_ID_PATTERN.test(value)) {
      return `kiln_id '${excerpt(value)}' is not a kiln id (at most ${HEADER_VALUE_MAX_LENGTH} letters, digits, '.', '_' or '-').`;
    }
    header.kiln_id = value;
  } else if (key === 'latitude' || key === 'longitude') {
    const limit = key === 'latitude' ? 90 : 180;
    const n = value === '' || value.length > HEADER_VALUE_MAX_LENGTH ? NaN : Number(value);
    if (!Number.isFinite(n) || Math.abs(n) > limit) return `${key} '${excerpt(value)}' is not a number between -${limit} and ${limit}.`;
    header[key] = n;
  }
  return null;
}

/** Column positions of a `d,t,t1,t2,w` line; the names it lacks; or 'not-a-column-line' for a reading. */
function readColumnLine(line: string): ColumnIndex | Column[] | 'not-a-column-line' {
  const names = line.split(',').map((cell) => cell.trim().toLowerCase());
  if (!names.some((name) => (COLUMNS as readonly string[]).includes(name))) return 'not-a-column-line';
  const index: Partial<ColumnIndex> = {};
  names.forEach((name, i) => {
    if ((COLUMNS as readonly string[]).includes(name) && index[name as Column] === undefined) index[name as Column] = i;
  });
  const missing = COLUMNS.filter((c) => index[c] === undefined);
  return missing.length > 0 ? missing : (index as ColumnIndex);
}

/** Day start per date text; rows come in date order, so the last date is checked first. */
interface DayCache {
  map: Map<string, number>;
  lastText: string;
  lastMs: number;
}

function dayMs(dText: string, days: DayCache): number {
  if (dText === days.lastText) return days.lastMs;
  let ms = days.map.get(dText);
  if (ms === undefined) {
    ms = parseDateMs(dText);
    days.map.set(dText, ms);
  }
  days.lastText = dText;
  days.lastMs = ms;
  return ms;
}

/**
 * The common case — `d,t,t1,t2,w` in that order, plain decimals — read straight
 * from the text without making a string per cell. Anything unusual returns
 * null and goes through readRow, which also words the error.
 */
function readDefaultRowFast(text: string, start: number, end: number, days: DayCache): LogRow | null {
  const c1 = commaOrEnd(text, start, end);
  const c2 = commaOrEnd(text, c1 + 1, end);
  const c3 = commaOrEnd(text, c2 + 1, end);
  const c4 = commaOrEnd(text, c3 + 1, end);
  if (c4 === end) return null;
  // a sixth cell leaves a comma in the w cell, which plainDecimal refuses: readRow words that
  const c5 = end;

  const day = c1 - start === days.lastText.length && text.startsWith(days.lastText, start) ? days.lastMs : dayMs(text.slice(start, c1), days);
  if (Number.isNaN(day)) return null;
  const time = parseTimeOfDayMs(text.slice(c1 + 1, c2));
  if (Number.isNaN(time)) return null;
  const t1 = plainDecimal(text, c2 + 1, c3);
  const t2 = plainDecimal(text, c3 + 1, c4);
  const w = plainDecimal(text, c4 + 1, c5);
  if (Number.isNaN(t1) || Number.isNaN(t2) || Number.isNaN(w)) return null;
  return { ts: day + time, t1, t2, w };
}

/** Index of the first comma in [from, end), or end (also when from is past it). */
function commaOrEnd(text: string, from: number, end: number): number {
  const c = text.indexOf(',', from);
  return c >= 0 && c < end ? c : end;
}

const POWERS_OF_TEN = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/**
 * `-?digits(.digits)?` read by character code, or NaN for anything else. Digits
 * as one integer divided by a power of ten is the correctly rounded value, the same as Number().
 */
function plainDecimal(text: string, start: number, end: number): number {
  let i = start;
  const negative = text.charCodeAt(i) === 45;
  if (negative) i++;
  let digits = 0;
  let value = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c >= 0 && c <= 9) {
      value = value * 10 + c;
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === -2 && fraction < 0) {
      fraction = 0;
    } else {
      return NaN;
    }
  }
  if (digits === 0 || digits > 15 || fraction >= POWERS_OF_TEN.length) return NaN;
  if (fraction > 0) value /= POWERS_OF_TEN[fraction];
  return negative ? -value : value;
}

/** A reading, or the sentence saying why the line is not one. */
function readRow(line: string, columns: ColumnIndex, cellsNeeded: number, days: DayCache): LogRow | string {
  const cells = line.split(',');
  if (cells.length !== cellsNeeded) {
    return `expected ${cellsNeeded} comma-separated values but found ${cells.length}.`;
  }
  const dText = cells[columns.d];
  const day = dayMs(dText, days);
  if (Number.isNaN(day)) return `date '${excerpt(dText)}' is not a YYYY-MM-DD date.`;
  const tText = cells[columns.t];
  const time = parseTimeOfDayMs(tText);
  if (Number.isNaN(time)) return `time '${excerpt(tText)}' is not an HH:mm:ss time.`;
  const values = (['t1', 't2', 'w'] as const).map((name) => readReading(cells[columns[name]]));
  const bad = values.findIndex((v) => v === undefined);
  if (bad >= 0) {
    const name = (['t1', 't2', 'w'] as const)[bad];
    return `${name} '${excerpt(cells[columns[name]])}' is neither a number nor a missing reading.`;
  }
  const [t1, t2, w] = values as number[];
  return { ts: day + time, t1, t2, w };
}

/**
 * A finite number; NaN for a missing reading; undefined for anything else.
 * (`+cell` is 0 only for a cell of digits or of white space, and white space alone is a missing reading.)
 */
function readReading(cell: string): number | undefined {
  if (MISSING_CELLS.has(cell.trim().toLowerCase())) return NaN;
  const n = +cell;
  return Number.isFinite(n) ? n : undefined;
}
