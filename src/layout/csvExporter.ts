import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { csvDocument, type CsvRow } from '../domain/csv';

/** The CSV text of rows, every cell neutralised and quoted where it needs it (domain/csv.ts). */
export function csvText(rows: readonly CsvRow[]): Promise<string> {
  return Promise.resolve(csvDocument(rows));
}

/**
 * A react-admin exporter for a list: ExportButton hands it every record the
 * list's filter and sort select; `toRow` names the columns as the screen does.
 */
export function csvExporter<R extends RaRecord>(fileName: string, toRow: (record: R) => CsvRow): Exporter<R> {
  return async (records) => downloadCSV(await csvText(records.map(toRow)), fileName);
}
