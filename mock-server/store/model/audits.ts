/** An audit of validated burns of one facility and kiln type; signed off when signoff_ts is set. */
export interface AuditRecord {
  id: number;
  job_id: string;
  kiln_type: number;
  facility_id: number;
  create_ts: string;
  analysis_ids: number[];
  signoff_ts: string | null;
  doc_key: string | null;
}

/** A proposed (signoff_ts null) or signed-off audit. */
export interface AuditRow extends AuditRecord {
  /** the statement's MIME type, set at signoff */
  doc_mime_type: string | null;
  proposed_by: number | null;
  signed_off_by: number | null;
}

/**
 * A burn as it was signed off: its numbers frozen at signoff with the
 * algorithm version that produced them, so a re-analysis or a newer
 * algorithm can never change an audited figure.
 */
export interface AuditBurnRecord {
  audit_id: number;
  kilnlog_id: number;
  facility_id: number;
  co2_removed: number;
  biochar_produced: number;
  algorithm_version: string;
  /** the log's signature state at signoff (docs/security.md, "Kiln identity") */
  signed: boolean;
  key_fingerprint: string | null;
  signature: string | null;
}
