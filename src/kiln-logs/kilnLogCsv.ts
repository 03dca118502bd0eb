/**
 * A kiln log as a CSV row: the screen's columns as plain values, with what the
 * screen shows as icons spelled out (status, creditable, audited). A burn that
 * is not valid keeps its figures but says it is not creditable. CO2 and
 * biochar are exact kg to the gram (csvKg); an audited burn names its audit
 * by job id.
 */
import type { KilnLog } from '../domain/api/kilnLogs';
import { csvKgCell } from '../domain/carbon';
import type { CsvRow } from '../domain/csv';
import { kilnTypeInfo } from '../domain/kilnTypes';

type Translate = (key: string) => string;

export type KilnLogStatusText = 'valid' | 'invalid' | 'error';

export function kilnLogStatus(log: Pick<KilnLog, 'error_message' | 'valid'>): KilnLogStatusText {
  return log.error_message?.trim() ? 'error' : log.valid ? 'valid' : 'invalid';
}

/** Whether a log's figures may be credited: a valid burn of an approved kiln (a pending kiln's burns are kept, not credited). */
export const isCreditable = (log: Pick<KilnLog, 'error_message' | 'valid' | 'kiln_pending'>): boolean =>
  kilnLogStatus(log) === 'valid' && !log.kiln_pending;

export function kilnLogCsvRow(log: KilnLog, translate: Translate, archived = false): CsvRow {
  const status = kilnLogStatus(log);
  const yesNo = (value: boolean) => translate(value ? 'kilnLogs.export.yes' : 'kilnLogs.export.no');
  const row: CsvRow = {
    [translate('kilnLogs.columns.logId')]: log.id,
    [translate('kilnLogs.columns.kilnId')]: log.kiln_id,
    [translate('kilnLogs.columns.facility')]: log.facility_name,
    [translate('kilnLogs.columns.kilnType')]: log.type === null ? null : kilnTypeInfo(log.type).label,
    [translate('kilnLogs.columns.logTime')]: log.logts,
    [translate('kilnLogs.columns.uploaded')]: log.upload_ts,
    [translate('kilnLogs.columns.fileName')]: log.file_name,
    [translate('kilnLogs.export.fileSizeBytes')]: log.file_size,
    [translate('kilnLogs.columns.gpsInRange')]: log.gps_in_range === null ? null : yesNo(log.gps_in_range),
    [translate('kilnLogs.filters.status')]: translate(`kilnLogs.filters.${status}`),
    [translate('kilnLogs.columns.creditable')]: yesNo(isCreditable(log)),
    [translate('kilnLogs.columns.co2Removed')]: csvKgCell(log.analysis_detail?.co2_removed),
    [translate('kilnLogs.columns.biocharProduced')]: csvKgCell(log.analysis_detail?.biochar_produced),
    [translate('kilnLogs.filters.audited')]: yesNo(log.audited),
    [translate('kilnLogs.export.auditJobId')]: log.audit_job_id,
    // machine-readable like the API's fields, for a verifier matching rows to keys
    signed: log.signed,
    key_fingerprint: log.key_fingerprint,
  };
  if (archived) {
    row[translate('kilnLogs.columns.archived')] = log.archived_ts;
    row[translate('kilnLogs.columns.deleteAfter')] = log.delete_after;
  }
  return row;
}
