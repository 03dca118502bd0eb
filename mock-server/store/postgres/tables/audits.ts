import type { Generated } from 'kysely';
import type { Id } from './columns';

export interface AuditsTable {
  id: Id;
  job_id: string;
  kiln_type: number;
  facility_id: number;
  create_ts: string;
  analysis_ids: number[];
  signoff_ts: string | null;
  doc_key: string | null;
  doc_mime_type: string | null;
  proposed_by: number | null;
  signed_off_by: number | null;
}

/** One row per burn in an open proposal or an audit: its primary key lets a burn be claimed once. */
export interface AuditClaimsTable {
  kilnlog_id: number;
  audit_id: number;
}

export interface AuditBurnsTable {
  audit_id: number;
  kilnlog_id: number;
  facility_id: number;
  co2_removed: number;
  biochar_produced: number;
  algorithm_version: string;
  signed: Generated<boolean>;
  key_fingerprint: string | null;
  signature: string | null;
}

/** each audit's sums of its burns and allocations, kept by triggers (migration 0007) */
export interface AuditTotalsTable {
  audit_id: number;
  audited_co2: number;
  audited_biochar: number;
  /** numeric: comes back as text */
  utilised_co2: number | string;
}
