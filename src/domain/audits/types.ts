/**
 * The row the audit log table shows (the payloads of the audit calls are in
 * src/domain/api/audits.ts). The row's fields beyond the analysis id are
 * optional, so a burn another backend sends without them still renders (as
 * 'N/A' / 'None').
 */
import type { DataSampleRow } from '../api/kilnLogs';

/** A burn in the audit log table: a potential, proposed or audited log (docs/product.md#log-and-analysis-row). */
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
