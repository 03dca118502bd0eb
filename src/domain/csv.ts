/**
 * CSV cells that a spreadsheet cannot run (OWASP "CSV injection"): a text cell
 * starting with =, +, -, @, a tab or a carriage return is read as a formula by
 * Excel, LibreOffice and Google Sheets, so it gets a leading apostrophe and
 * stays text. Numbers stay numbers (a negative longitude is not a formula).
 * Pure: the console's exporters run every row through neutraliseRow.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

export type CsvRow = Record<string, string | number | boolean | null>;

export function neutraliseRow(row: CsvRow): CsvRow {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [neutraliseCell(key) as string, neutraliseCell(value)])) as CsvRow;
}
