import { MAX_SKIPPED_SHARE } from './constants';
import { parseDateMs, parseTimeOfDayMs } from './time';
import type { LogHeader, LogRow, ParsedLog } from './types';

/**
 * Reads a burn log (docs/analysis.md#burn-log-files): `# key=value` header lines, an optional
 * `d,t,t1,t2,w` column line (columns may come in any order; without it that
 * order is assumed), then one reading per line (docs/analysis.md#series-preparation).
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

export function parseLog(text: string): ParseLogResult {
  const header: Partial<LogHeader> = {};
  const fail = (code: ParseErrorCode, message: string, line: number | null): ParseLogResult => ({
    ok: false,
    error: { code, message, line, header: { ...header } },
  });

  // (a byte-order mark is white space to \s and to trim(), as a CR before '\n' is)
  if (!/\S/.test(text)) return fail('EMPTY_FILE', 'The file is empty.', null);

  const rows: LogRow[] = [];
  const reader: RowReader = { columns: DEFAULT_COLUMNS, cellCount: COLUMNS.length, bounds: [-1], dayText: null, dayStart: NaN };
  let readingsStarted = false;
  let lastHeaderLine = 0;
  let lineNo = 0;
  let skipped = 0;
  let firstProblem: string | null = null;
  let firstBadLine: number | null = null;

  // walks the text by index rather than splitting it: a day of 1-second readings is 86,400 lines
  for (let pos = 0; pos < text.length;) {
    lineNo++;
    const next = text.indexOf('\n', pos);
    const end = next < 0 ? text.length : next;
    const line = text.slice(pos, end).trim();
    pos = end + 1;
    if (line.length === 0) continue;

    if (line.charCodeAt(0) === CHAR_HASH) {
      // header lines count only before the readings; later ones are comments
      if (readingsStarted) continue;
      const problem = readHeaderLine(line, header);
      if (problem) return fail('INVALID_HEADER', `Line ${lineNo}: ${problem}`, lineNo);
      lastHeaderLine = lineNo;
      continue;
    }

    if (!readingsStarted) {
      const missing = missingHeader(header);
      if (missing) return fail('MISSING_HEADER', `${missing} before line ${lineNo}.`, lineNo);
      readingsStarted = true;
      const named = readColumnLine(line);
      if (Array.isArray(named)) {
        return fail('BAD_COLUMNS', `Line ${lineNo}: the column line must name d, t, t1, t2 and w (missing ${named.join(', ')}).`, lineNo);
      }
      if (named !== 'not-a-column-line') {
        reader.columns = named;
        reader.cellCount = line.split(',').length;
        continue;
      }
    }

    const row = readRow(line, reader);
    if (typeof row === 'string') {
      if (firstProblem === null) {
        firstProblem = `Line ${lineNo}: ${row}`;
        firstBadLine = lineNo;
      }
      skipped++;
      continue;
    }
    rows.push(row);
  }

  // (once the readings start, the header is complete)
  const missing = missingHeader(header);
  if (missing) return fail('MISSING_HEADER', `${missing}.`, null);
  const readingLines = rows.length + skipped;
  // (no line left means every reading line was skipped: more than the share)
  if (skipped > MAX_SKIPPED_SHARE * readingLines) {
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
  if (eq === -1) return null; // a plain comment
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

/** How the reading lines of one log are read, and what readRow keeps from line to line. */
interface RowReader {
  columns: ColumnIndex;
  /** cells a reading line has: the column line's, or 5 */
  cellCount: number;
  /** cell k of the current line runs from bounds[k] + 1 to bounds[k + 1] (bounds[0] is -1) */
  bounds: number[];
  /** the last date cell read and the start of its day (rows come in date order) */
  dayText: string | null;
  dayStart: number;
}

/**
 * A reading, or the sentence saying why the line (trimmed, not blank, no comment)
 * is not one. Cells are found by their commas; only the date and time cells, and
 * a reading that is not a plain decimal, are copied out of the line.
 */
function readRow(line: string, reader: RowReader): LogRow | string {
  const { columns, bounds } = reader;
  let cells = 1;
  for (let c = line.indexOf(','); c >= 0; c = line.indexOf(',', c + 1)) bounds[cells++] = c;
  bounds[cells] = line.length;
  if (cells !== reader.cellCount) return `expected ${reader.cellCount} comma-separated values but found ${cells}.`;

  const dText = cellText(line, bounds, columns.d);
  if (dText !== reader.dayText) {
    reader.dayText = dText;
    reader.dayStart = parseDateMs(dText);
  }
  if (Number.isNaN(reader.dayStart)) return `date '${excerpt(dText)}' is not a YYYY-MM-DD date.`;
  const tText = cellText(line, bounds, columns.t);
  const time = parseTimeOfDayMs(tText);
  if (Number.isNaN(time)) return `time '${excerpt(tText)}' is not an HH:mm:ss time.`;
  const t1 = readReading(line, bounds, columns.t1);
  if (t1 === undefined) return notAReading('t1', line, bounds, columns.t1);
  const t2 = readReading(line, bounds, columns.t2);
  if (t2 === undefined) return notAReading('t2', line, bounds, columns.t2);
  const w = readReading(line, bounds, columns.w);
  if (w === undefined) return notAReading('w', line, bounds, columns.w);
  return { ts: reader.dayStart + time, t1, t2, w };
}

function cellText(line: string, bounds: number[], k: number): string {
  return line.slice(bounds[k] + 1, bounds[k + 1]);
}

function notAReading(name: string, line: string, bounds: number[], k: number): string {
  return `${name} '${excerpt(cellText(line, bounds, k))}' is neither a number nor a missing reading.`;
}

/**
 * Cell k as a finite number; NaN for a missing reading; undefined for anything else.
 * (`+cell` is 0 only for a cell of digits or of white space, and white space alone is a missing reading.)
 */
function readReading(line: string, bounds: number[], k: number): number | undefined {
  const start = bounds[k] + 1;
  const end = bounds[k + 1];
  const plain = plainDecimal(line, start, end);
  if (!Number.isNaN(plain)) return plain;
  const cell = line.slice(start, end);
  if (MISSING_CELLS.has(cell.trim().toLowerCase())) return NaN;
  const n = +cell;
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A plain decimal — digits, at most one '.', a leading '-' — read by character code
 * without copying the cell, or NaN for any other cell (readReading then reads it).
 * Up to 15 digits are an exact integer, and one division by a power of ten (exact
 * up to 1e22) rounds correctly: the number Number() gives the cell.
 */
function plainDecimal(text: string, start: number, end: number): number {
  let negative = false;
  let dot = false;
  let digits = 0;
  let value = 0;
  let scale = 1;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code < 58) {
      // '0'…'9'
      value = value * 10 + (code - 48);
      digits++;
      if (dot) scale *= 10;
    } else if (code === 46 && !dot) {
      // '.'
      dot = true;
    } else if (code === 45 && i === start) {
      // '-'
      negative = true;
    } else {
      return NaN;
    }
  }
  return digits > 0 && digits <= 15 ? (negative ? -value : value) / scale : NaN;
}
