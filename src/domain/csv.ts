/**
 * CSV cells that a spreadsheet cannot run (OWASP "CSV injection"): a text cell
 * starting with =, +, -, @, a tab or a carriage return is read as a formula by
 * Excel, LibreOffice and Google Sheets, so it gets a leading apostrophe and
 * stays text. Numbers stay numbers (a negative longitude is not a formula).
 * Pure: the console's exporters write every row with csvDocument.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

export type CsvRow = Record<string, string | number | boolean | null>;

/** A character that ends or splits a cell unless the cell is quoted (RFC 4180; a lone CR too, which spreadsheets take as a line break). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell of a CSV line: text neutralised, then quoted (quotes doubled)
 * whenever it holds a comma, a quote, a CR or an LF, so a line break inside
 * a name can never start a row of its own; null is an empty cell.
 */
export function csvCell(value: CsvRow[string]): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = neutraliseCell(value) as string;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of rows: a header line of every column in order of first appearance, then one line per row; '' for no rows. */
export function csvDocument(rows: readonly CsvRow[]): string {
  if (rows.length === 0) return '';
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const line = (cells: readonly CsvRow[string][]) => cells.map(csvCell).join(',');
  return [line(columns), ...rows.map((row) => line(columns.map((column) => row[column] ?? null)))].join('\n');
}
