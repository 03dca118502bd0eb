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
  /** the methodology it credits under (a rulebook id, docs/methodologies.md) and that rulebook's version; spec-factor for older audits */
  methodology: string;
  methodology_version: number;
}

/**
 * What an audit signed off under a methodology other than spec-factor credits
 * for one of its batches, frozen at signoff: the net grams of CO2e the
 * rulebook of that version and SHA-256 computed from the batch's evidence
 * then, never recomputed (a lab result superseded later changes nothing).
 */
export interface AuditCreditRecord {
  audit_id: number;
  batch_id: number;
  methodology: string;
  methodology_version: number;
  rulebook_sha256: string;
  net_co2e_g: number;
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
