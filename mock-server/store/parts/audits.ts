import type { AuditBurnRecord, AuditCreditRecord, AuditRow, KilnLogRecord } from '../model';

export interface ProposeInput {
  job_id: string;
  /** 0, 1 or 2; ANY_KILN_TYPE (-1) takes burns of any type, and the proposal records their type when they share one */
  kiln_type: number;
  /** every burn must be of this facility; null: the burns' facility, which must be one */
  facility_id: number | null;
  analysis_ids: readonly number[];
  create_ts: string;
  proposed_by: number | null;
  /** the current analysis algorithm: a burn whose result names another version is refused (it needs re-analysis first) */
  algorithm_version: string;
  /** the methodology it credits under and its rulebook's version; absent: spec-factor version 1 */
  methodology?: string;
  methodology_version?: number;
}

/** One batch's figure under the audit's methodology, as the signoff freezes it. */
export type FrozenCredit = Pick<AuditCreditRecord, 'batch_id' | 'rulebook_sha256' | 'net_co2e_g'>;

export interface SignoffInput {
  audit_id: number;
  /** the burns signed off: a non-empty subset of the proposal; the rest are released */
  analysis_ids: readonly number[];
  signoff_ts: string;
  doc_key: string;
  doc_mime_type: string;
  signed_off_by: number | null;
  /** the current analysis algorithm: every burn signed off must still be a valid, live burn whose result names it */
  algorithm_version: string;
  /**
   * Under a methodology other than spec-factor, each batch's figure, frozen
   * with the audit: its audited CO2 is then their sum, not its burns' (none
   * or absent: its burns' figures, as under spec-factor).
   */
  credits?: readonly FrozenCredit[];
}

export interface AuditTotals {
  audit: AuditRow;
  audited_co2: number;
  audited_biochar: number;
  /** kg allocated to eco assets so far */
  utilised_co2: number;
}

export interface Co2SummaryRow {
  facility_id: number;
  facility_name: string;
  year: number;
  /** 1-12, of the signoff */
  month: number;
  audited_co2: number;
  utilised_co2: number;
  audited_biochar: number;
}

export interface AuditStore {
  get(id: number): Promise<AuditRow | null>;
  /** proposals not yet signed off, newest first */
  open(): Promise<AuditRow[]>;
  /** the signed-off audit whose evidence has this key */
  withDocKey(docKey: string): Promise<AuditRow | null>;
  /** valid, live, unaudited burns of this kiln type (any for ANY_KILN_TYPE) in no open proposal, oldest first, whatever their algorithm version */
  potentialLogs(filter: { kiln_type: number; facilityIds?: readonly number[] | null }): Promise<KilnLogRecord[]>;
  /** the burns of a proposal (or of a signed-off audit) */
  logsOf(auditId: number): Promise<KilnLogRecord[]>;
  /**
   * Claims the burns for a new proposal, all or nothing: 409 naming the burns
   * already in an open proposal or an audit, or not valid, live and of the
   * kiln type and facility.
   */
  propose(input: ProposeInput): Promise<AuditRow>;
  /**
   * Freezes each burn's numbers, marks them audited; 409 when already signed
   * off, a burn is not in the proposal or is no longer a valid, live burn of
   * the current algorithm.
   */
  signoff(input: SignoffInput): Promise<AuditTotals>;
  /**
   * Removes an open proposal; its burns are free for another proposal again.
   * Answers the proposal as it was; 404 when there is none, 409 when it is
   * signed off already.
   */
  withdraw(auditId: number): Promise<AuditRow>;
  /** signed-off audits, newest signoff first; from/to bound signoff_ts (ISO, inclusive) */
  history(filter: { facilityIds?: readonly number[] | null; from?: string; to?: string }): Promise<AuditTotals[]>;
  /** the frozen numbers of a signed-off audit's burns */
  burns(auditId: number): Promise<AuditBurnRecord[]>;
  /** the figures frozen per batch at signoff under a methodology other than spec-factor, by batch id; none otherwise */
  credits(auditId: number): Promise<AuditCreditRecord[]>;
  /** audited and utilised kg per facility and signoff month */
  co2Summary(filter?: { facilityIds?: readonly number[] | null }): Promise<Co2SummaryRow[]>;
}
