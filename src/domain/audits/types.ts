/**
 * The payloads of the audit calls (spec §3 "Proposed audit dropdown item",
 * "Auditable logs response", "Audit history item", "Carbon summary"; §7).
 * Fields the spec does not show are optional, so a row another backend sends
 * without them still renders (as 'N/A' / 'None').
 */
import type { DataSampleRow } from '../api/kilnLogs';

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

/** GET /api/dropdowns/audits: a proposal not yet signed off. */
export interface ProposedAuditItem {
  id: number;
  create_ts: string;
  kiln_type: number;
  job_id: string;
}

/** One facility's line of an auditable proposal's summary. */
export interface AuditCo2Summary {
  name: string;
  count: number;
  co2: number;
  biochar: number;
}

/** GET /api/audit/auditable_logs?audit={id}: data. */
export interface AuditableLogs {
  logs: AuditLogRow[];
  co2_summary: AuditCo2Summary[];
}

/** GET /api/audit/history: one signed-off audit. */
export interface AuditHistoryItem {
  id: number;
  signoff_ts: string;
  job_id: string;
  kiln_type: number;
  audited_co2: number;
  audited_biochar: number;
  docKey: string | null;
}

/** A month of one facility's carbon (spec §3 "Carbon summary"). */
export interface CarbonMonth {
  year: number;
  /** 1-12 */
  month: number;
  audited_co2: number;
  utilised_co2: number;
  audited_biochar: number;
}

export interface CarbonFacility {
  id: number;
  name: string;
  data: CarbonMonth[];
}

/** GET /api/co2/summary: data. */
export interface CarbonSummaryData {
  facilities: CarbonFacility[];
}
