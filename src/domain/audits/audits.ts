/**
 * The rules and texts of proposing, reviewing and signing off audits that the
 * console applies before any call (docs/product.md#screens-and-routes, docs/product.md#proposal-validation, docs/product.md#constants-and-limits): the kiln-type choices,
 * the proposal's validation and payload, one facility per audit, the
 * signoff's multipart fields, and the audit timestamps and figures as shown.
 * Pure: no React, no fetch.
 */
import type { DataSampleRow } from '../api/kilnLogs';
import { KNOWN_KILN_TYPES } from '../kilnTypes';
import { parseAnalysis } from '../analysis';
import type { AuditedBurn, AuditLog, ProposeQuery, ProposeRequest } from '../api/audits';
import type { AuditLogRow } from './types';

/** The kiln-type select's 'Any/Unknown' entry (docs/product.md#propose-audit): potential logs of any or an unknown type. */
export const ANY_KILN_TYPE = -1;

export interface KilnTypeChoice {
  value: number;
  /** a message key ('audits.anyKilnType') or the type's own label */
  label: string;
}

/** The Propose Audit kiln-type choices: the three known types, then 'Any/Unknown' (-1). */
export const PROPOSE_KILN_TYPE_CHOICES: readonly KilnTypeChoice[] = [
  ...KNOWN_KILN_TYPES.map((t) => ({ value: t.code as number, label: t.label })),
  { value: ANY_KILN_TYPE, label: 'audits.propose.anyKilnType' },
];

/** The row id react-admin and the selection use: the log's analysis id. */
export const auditLogId = (row: AuditLogRow): number => row.id ?? row.analysis_id;

/**
 * A burn as the audit log table shows it. An audited burn shows the numbers
 * and algorithm version its audit certified (`frozen`), never its current
 * analysis (none: 'N/A'); any other burn (`frozen` undefined), its current
 * analysis and the version that made it.
 */
export function auditLogRow(log: AuditLog, frozen?: AuditedBurn | null): AuditLogRow {
  const analysis = parseAnalysis(log.analysis);
  const current = frozen === undefined;
  return {
    id: log.analysis_id,
    analysis_id: log.analysis_id,
    facility_id: log.facility_id,
    facility_name: log.facility_name,
    kiln_id: log.kiln_id,
    logts: log.logts,
    type: log.type,
    gps_in_range: log.gps_in_range,
    data_sample: log.data_sample,
    analysis_detail: frozen
      ? { co2_removed: frozen.co2_removed, biochar_produced: frozen.biochar_produced }
      : current
        ? log.analysis_detail
        : null,
    algorithm_version: frozen
      ? frozen.algorithm_version
      : current && analysis && analysis !== 'unreadable'
        ? analysis.algorithmVersion
        : null,
  };
}

/** An audit's burns with the numbers frozen at signoff, matched by analysis id (the answer keeps one order, but a mismatch must never borrow another burn's figures). */
export function auditedLogRows(logs: readonly AuditLog[], burns: readonly AuditedBurn[]): AuditLogRow[] {
  const frozen = new Map(burns.map((burn) => [burn.analysis_id, burn]));
  return logs.map((log) => auditLogRow(log, frozen.get(log.analysis_id) ?? null));
}

// ---------------------------------------------------------------- propose

export interface ProposeInput {
  jobId: string;
  kilnType: number | null;
  analysisIds: readonly number[];
}

/** A proposal's call: its query and its body. */
export type ProposeCall = ProposeQuery & ProposeRequest;

export type ProposeProblem = 'audits.propose.noJobId' | 'audits.propose.noLogs' | 'audits.propose.noKilnType';

/** What stops a proposal, in the spec's order (job id first, then the logs); empty when it can be sent. */
export function proposeProblems({ jobId, kilnType, analysisIds }: ProposeInput): ProposeProblem[] {
  const problems: ProposeProblem[] = [];
  if (!jobId.trim()) problems.push('audits.propose.noJobId');
  if (kilnType === null) problems.push('audits.propose.noKilnType');
  if (analysisIds.length === 0) problems.push('audits.propose.noLogs');
  return problems;
}

/** The call's parameters: the job id trimmed, each burn once, in ascending order. */
export function proposeRequest({ jobId, kilnType, analysisIds }: ProposeInput): ProposeCall {
  if (kilnType === null) throw new Error('A proposal needs a kiln type.');
  return { job_id: jobId.trim(), kiln_type: kilnType, analysis_ids: [...new Set(analysisIds)].sort((a, b) => a - b) };
}

// ---------------------------------------------------------------- one facility per audit

export interface FacilitySelection {
  ids: number[];
  /** some of the requested burns were of another facility and were left out */
  refused: boolean;
}

const facilityOf = (row: AuditLogRow | undefined): number | null => row?.facility_id ?? null;

/**
 * The burns that may be selected when `requested` is asked for (docs/product.md#what-the-product-does: an
 * audit covers one facility): the facility of the burns already chosen, or of
 * the first requested burn in table order; a burn of no facility is never
 * selectable, since the server could not file its audit.
 */
export function selectWithinOneFacility(
  rows: readonly AuditLogRow[],
  current: readonly number[],
  requested: readonly number[],
): FacilitySelection {
  const byId = new Map(rows.map((row) => [auditLogId(row), row]));
  const wanted = new Set(requested);
  const ordered = rows.map(auditLogId).filter((id) => wanted.has(id));
  const anchor = [...current, ...ordered].map((id) => facilityOf(byId.get(id))).find((f) => f !== null) ?? null;
  const ids = ordered.filter((id) => anchor !== null && facilityOf(byId.get(id)) === anchor);
  return { ids, refused: ids.length < ordered.length };
}

/** Whether a burn can join a selection whose burns are `selected`. */
export function isSelectableWith(rows: readonly AuditLogRow[], selected: readonly number[], row: AuditLogRow): boolean {
  return isSelectableBeside(selectionFacility(rows, selected), row);
}

/** The facility of the chosen burns (one, by the rule above); null while none is chosen. */
export function selectionFacility(rows: readonly AuditLogRow[], selected: readonly number[]): number | null {
  const ids = new Set(selected);
  return facilityOf(rows.find((r) => ids.has(auditLogId(r))));
}

/** Whether a burn may join a selection of burns of `facility` (null: none chosen yet). */
export function isSelectableBeside(facility: number | null, row: AuditLogRow): boolean {
  const own = facilityOf(row);
  return own !== null && (facility === null || own === facility);
}

// ---------------------------------------------------------------- signoff

/** The statement types the signoff takes (docs/product.md#upload-validation): one png, jpg, jpeg or pdf file. */
export const STATEMENT_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const;
export type StatementFileType = (typeof STATEMENT_EXTENSIONS)[number];

/** The file_type for a statement's file name (its extension), or null when the signoff does not take it. */
export function statementFileType(fileName: string): StatementFileType | null {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return (STATEMENT_EXTENSIONS as readonly string[]).includes(extension) ? (extension as StatementFileType) : null;
}

/** The signoff's multipart text fields (docs/product.md#calls): proposed_audit_id, file_type and one analysis_ids per burn. */
export interface SignoffFields {
  proposed_audit_id: string;
  file_type: StatementFileType;
  analysis_ids: string[];
}

/** The signoff's text fields; the file goes between proposed_audit_id and file_type. */
export function signoffFields(proposalId: number, fileType: StatementFileType, analysisIds: readonly number[]): SignoffFields {
  return {
    proposed_audit_id: String(proposalId),
    file_type: fileType,
    analysis_ids: [...new Set(analysisIds)].map(String),
  };
}

// ---------------------------------------------------------------- texts

/** An audit's signoff time on Audit History (docs/product.md#audit-history): the one date formatter's. */
export { formatAuditTimestamp } from '../dates';

/** The rows of a data_sample, whether the answer carries it as an array or as its JSON text; none when unreadable. */
export function sampleRows(sample: AuditLogRow['data_sample']): readonly DataSampleRow[] {
  if (Array.isArray(sample)) return sample;
  if (typeof sample !== 'string' || !sample.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(sample);
    return Array.isArray(parsed) ? (parsed as DataSampleRow[]) : [];
  } catch {
    return [];
  }
}
