/**
 * The Audit History CSV (docs/product.md#audit-history, issue: "with the analysis version of every
 * burn"): one row per audited burn, carrying its audit's fields and the
 * numbers and algorithm version frozen at signoff. Raw values (ISO times,
 * kg exact to the gram with 3 fixed decimals), so the file sorts and sums in
 * a spreadsheet and a verifier reads what was certified. Pure.
 */
import { csvKg, csvKgCell } from '../carbon';
import type { CsvRow } from '../csv';
import { kilnTypeInfo } from '../kilnTypes';
import { auditIdentity } from './identity';
import type { AuditHistoryItem } from '../api/audits';
import type { AuditLogRow } from './types';

/** Column titles, by field; the exporter translates them. */
export const HISTORY_CSV_COLUMNS = {
  audit: 'audits.export.audit',
  auditId: 'audits.export.auditId',
  facility: 'audits.export.facility',
  jobId: 'audits.export.jobId',
  signoffTs: 'audits.export.signoffTs',
  kilnType: 'audits.export.kilnType',
  auditedCo2: 'audits.history.auditedCo2',
  auditedBiochar: 'audits.history.auditedBiochar',
  analysisId: 'audits.export.analysisId',
  kilnId: 'audits.export.kilnId',
  logTime: 'audits.export.logTime',
  co2Removed: 'audits.export.co2Removed',
  biocharProduced: 'audits.export.biocharProduced',
  algorithmVersion: 'audits.export.algorithmVersion',
} as const;

type Column = keyof typeof HISTORY_CSV_COLUMNS;

/** The rows of one audit: one per burn; an audit whose burns are not listed still gets one row. */
export function auditHistoryCsvRows(audit: AuditHistoryItem, burns: readonly AuditLogRow[], title: (key: string) => string): CsvRow[] {
  const auditCells: Partial<Record<Column, string | number | null>> = {
    audit: auditIdentity(audit),
    auditId: audit.id,
    facility: audit.facility_name,
    jobId: audit.job_id,
    signoffTs: audit.signoff_ts,
    kilnType: kilnTypeInfo(audit.kiln_type).label,
    auditedCo2: csvKg(audit.audited_co2),
    auditedBiochar: csvKg(audit.audited_biochar),
  };
  const burnCells = (burn: AuditLogRow | null): Partial<Record<Column, string | number | null>> => ({
    analysisId: burn?.analysis_id ?? null,
    kilnId: burn?.kiln_id ?? null,
    logTime: burn?.logts ?? null,
    co2Removed: csvKgCell(burn?.analysis_detail?.co2_removed),
    biocharProduced: csvKgCell(burn?.analysis_detail?.biochar_produced),
    algorithmVersion: burn?.algorithm_version ?? null,
  });
  const row = (burn: AuditLogRow | null): CsvRow => {
    const cells = { ...auditCells, ...burnCells(burn) };
    return Object.fromEntries((Object.keys(HISTORY_CSV_COLUMNS) as Column[]).map((c) => [title(HISTORY_CSV_COLUMNS[c]), cells[c] ?? null]));
  };
  return burns.length ? burns.map(row) : [row(null)];
}
