import jsonExport from 'jsonexport/dist/index.js';
import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { neutraliseRow, type CsvRow } from '../domain/csv';

/** The CSV text of rows, every cell neutralised (domain/csv.ts); jsonexport quotes commas, quotes and line breaks. */
export function csvText(rows: readonly CsvRow[]): Promise<string> {
  return new Promise((resolve, reject) => {
    jsonExport(rows.map(neutraliseRow), (error: Error | null, csv: string) => (error ? reject(error) : resolve(csv)));
  });
}

/**
 * A react-admin exporter for a list: ExportButton hands it every record the
 * list's filter and sort select; `toRow` names the columns as the screen does.
 */
export function csvExporter<R extends RaRecord>(fileName: string, toRow: (record: R) => CsvRow): Exporter<R> {
  return async (records) => downloadCSV(await csvText(records.map(toRow)), fileName);
}
