/**
 * The payloads of the audit calls (spec §3 "Proposed audit dropdown item",
 * "Auditable logs response", "Audit history item", "Carbon summary"; §7), as
 * mock-server/openapi.yaml gives them through generated.ts, and the row the
 * audit log table shows. The row's fields beyond the analysis id are
 * optional, so a burn another backend sends without them still renders (as
 * 'N/A' / 'None').
 */
import type { DataSampleRow } from '../api/kilnLogs';
import type { components } from '../api/generated';

/** A burn in the audit log table: a potential, proposed or audited log (spec §3 "Log/analysis row"). */
export interface AuditLogRow {
  analysis_id: number;
  /** react-admin's record id; the analysis id where the answer has none */
  id?: number;
  facility_id?: number | null;
  facility_name?: string | null;
  kiln_id?: string | null;
  logts?: string | null;
  type?: number | null;
  gps_in_range?: boolean | null;
  data_sample?: readonly DataSampleRow[] | string | null;
  analysis_detail?: { co2_removed: number; biochar_produced: number } | null;
  /** the algorithm that produced (or, in an audit, certified) the numbers */
  algorithm_version?: string | null;
}

type Schemas = components['schemas'];

/** A burn as the audit calls answer it: the kiln log row with its data sample. */
export type AuditLog = Schemas['AuditLog'];

/** A burn's numbers and algorithm version as its audit certified them, frozen at signoff. */
export type AuditedBurn = Schemas['AuditedBurn'];

/** GET /api/audit/potential_logs: the burns that can be proposed, and those needing re-analysis first. */
export type PotentialLogsResponse = Schemas['PotentialLogsResponse'];

/** GET /api/dropdowns/audits: a proposal not yet signed off (kiln_type -1: burns of more than one type). */
export type ProposedAuditItem = Schemas['ProposedAudit'];

/** One facility's line of an auditable proposal's summary. */
export type AuditCo2Summary = Schemas['AuditFacilitySummary'];

/** GET /api/audit/auditable_logs?audit={id}. */
export type AuditableLogsResponse = Schemas['AuditableLogsResponse'];

/** GET /api/audit/audited_logs?audit_id={id}: the burns and, in the same order, their frozen numbers. */
export type AuditedLogsResponse = Schemas['AuditedLogsResponse'];

/** GET /api/audit/history: one signed-off audit. */
export type AuditHistoryItem = Schemas['AuditHistoryItem'];

/** GET /api/audit/history. */
export type AuditHistoryResponse = Schemas['AuditHistoryResponse'];

/** GET /api/co2/summary. */
export type CarbonSummaryResponse = Schemas['Co2SummaryResponse'];

/** The carbon of all facilities (spec §3 "Carbon summary"). */
export type CarbonSummaryData = CarbonSummaryResponse['data'];

export type CarbonFacility = CarbonSummaryData['facilities'][number];

/** A month of one facility's carbon: year, month 1-12, kg. */
export type CarbonMonth = Schemas['Co2SummaryMonth'];
