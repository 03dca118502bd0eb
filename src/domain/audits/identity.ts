/**
 * How every screen, export and dialog names a signed-off audit: its job id,
 * its signoff time (docs/product.md#constants-and-limits: YYYY-MM-DD HH:mm:ss) and, where there is room,
 * its proposal number (the audit's id, which allocations call signoff_id):
 * 'UX-2026-11-25 · 2026-11-25 16:51:18 · Proposal 6'. One formatter, so
 * History, its CSV, Minting, the Mint modal, Review Eco Assets and the
 * evidence and audited-logs dialogs all write the same name. Pure.
 */
import { formatSignoffTime } from '../dates';

export interface AuditIdentitySource {
  /** the audit's id: its proposal number, an allocation's signoff_id */
  id: number;
  job_id: string;
  /** null or empty: not signed off yet */
  signoff_ts: string | null;
}

export const NOT_SIGNED_OFF = 'not signed off';

/** The parts of an audit's name, in the order they are written. */
export function auditIdentityParts(audit: AuditIdentitySource): { job: string; signedOff: string; proposal: string } {
  return {
    job: audit.job_id,
    signedOff: audit.signoff_ts ? formatSignoffTime(audit.signoff_ts) : NOT_SIGNED_OFF,
    proposal: `Proposal ${audit.id}`,
  };
}

/** The audit's name: job id · signoff time, with ' · Proposal N' unless `proposal` is false (little room). */
export function auditIdentity(audit: AuditIdentitySource, { proposal = true }: { proposal?: boolean } = {}): string {
  const parts = auditIdentityParts(audit);
  return [parts.job, parts.signedOff, ...(proposal ? [parts.proposal] : [])].join(' · ');
}

/**
 * The form job ids are compared in (unique across all audits, pending or
 * signed): outer spaces trimmed, compatibility forms folded (NFKC), case
 * folded. PostgreSQL's unique index computes the same (migration 2026-12-02-0004).
 */
export const jobKey = (jobId: string): string => jobId.trim().normalize('NFKC').toLowerCase();

/** The 400 on job_id for a job id another audit carries. */
export const jobIdTaken = (jobId: string): string =>
  `The job identifier ${jobId.trim()} is already used by another audit: each audit needs its own.`;
