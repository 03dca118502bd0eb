import { badRequest, conflict, notFound } from '../http/errors';
import type { AuditBurnRecord, KilnLogRecord } from './records';
import type { MintInput, ProposeInput } from './dataStore';

/**
 * The rules of claiming burns and allocating CO2, shared by both stores so
 * they refuse the same things with the same words. Amounts are compared in
 * whole grams: a float sum must never let 0.1 kg too many through.
 */

export const toGrams = (kg: number): number => Math.round(kg * 1000);
export const toKg = (grams: number): number => grams / 1000;

/** 400 for a proposal that names no burn or a burn twice. */
export function checkProposeInput(input: ProposeInput): void {
  if (input.analysis_ids.length === 0) throw badRequest('Please select at least one log to propose an audit.');
  if (new Set(input.analysis_ids).size !== input.analysis_ids.length) throw badRequest('A log is named twice in the proposal.');
  if (!input.job_id.trim()) throw badRequest('Please provide a valid job identifier.');
}

/**
 * Why each burn cannot join the proposal: missing, not a valid live burn of
 * the kiln type and facility, audited, or in another open proposal. Empty
 * when all can; the facility is the one given or the burns' common one.
 */
export function claimProblems(
  input: ProposeInput,
  rows: ReadonlyMap<number, KilnLogRecord>,
  inOpenProposal: ReadonlySet<number>,
): { problems: string[]; facilityId: number | null } {
  const problems: string[] = [];
  const facilities = new Set<number>();
  for (const id of input.analysis_ids) {
    const row = rows.get(id);
    if (!row) problems.push(`log ${id} does not exist`);
    else if (row.audited || row.audit_id !== null) problems.push(`log ${id} is already audited`);
    else if (inOpenProposal.has(id)) problems.push(`log ${id} is in another open proposal`);
    else if (row.archived_ts !== null) problems.push(`log ${id} is archived`);
    else if (!row.valid || row.error_message !== null) problems.push(`log ${id} is not a valid burn`);
    else if (row.type !== input.kiln_type) problems.push(`log ${id} is not of kiln type ${input.kiln_type}`);
    else if (row.facility_id === null || (input.facility_id !== null && row.facility_id !== input.facility_id)) {
      problems.push(`log ${id} is not of facility ${input.facility_id}`);
    } else facilities.add(row.facility_id);
  }
  if (problems.length === 0 && facilities.size > 1) problems.push('an audit covers one facility only');
  return { problems, facilityId: input.facility_id ?? [...facilities][0] ?? null };
}

export function refuseClaim(problems: readonly string[]): never {
  throw conflict(`The burns cannot be proposed: ${problems.join('; ')}.`);
}

/** A signed-off burn's frozen numbers: its analysis result's own algorithm version where it names one. */
export function frozenBurn(auditId: number, row: KilnLogRecord, fallbackVersion: string): AuditBurnRecord {
  let version = fallbackVersion;
  try {
    const parsed = JSON.parse(row.analysis ?? '{}') as { algorithm_version?: unknown };
    if (typeof parsed.algorithm_version === 'string' && parsed.algorithm_version) version = parsed.algorithm_version;
  } catch {
    // an unreadable result keeps the fallback version; its numbers come from analysis_detail
  }
  return {
    audit_id: auditId,
    kilnlog_id: row.id,
    facility_id: row.facility_id ?? 0,
    co2_removed: row.analysis_detail?.co2_removed ?? 0,
    biochar_produced: row.analysis_detail?.biochar_produced ?? 0,
    algorithm_version: version,
  };
}

/** 400 for a mint with no positive amount, or a note or transaction id missing. */
export function checkMintInput(input: MintInput): void {
  if (!input.minting_note.trim() || !input.transaction_id.trim()) throw badRequest('A minting note and a transaction ID are required.');
  if (input.allocations.size === 0) throw badRequest('Please choose greater than 0 co2 from at least one source.');
  for (const [auditId, kg] of input.allocations) {
    if (!Number.isFinite(kg) || toGrams(kg) <= 0) throw badRequest(`The amount for audit ${auditId} must be greater than 0.`);
  }
}

/** 409 for a transaction ID an earlier eco asset carries. */
export function refuseTakenTransaction(transactionId: string): never {
  throw conflict(`Transaction ID ${transactionId.trim()} is already used by another eco asset.`);
}

/** The form a transaction ID is compared in: trimmed, whatever its case. */
export const transactionKey = (transactionId: string): string => transactionId.trim().toLowerCase();

/** 409 unless every amount fits in what remains (grams) of its audit. */
export function checkAllocations(input: MintInput, remainingGrams: ReadonlyMap<number, number | null>): void {
  const problems: string[] = [];
  for (const [auditId, kg] of input.allocations) {
    const left = remainingGrams.get(auditId) ?? null;
    if (left === null) problems.push(`audit ${auditId} is not signed off`);
    else if (toGrams(kg) > left) problems.push(`audit ${auditId} has ${toKg(left)} kg left, not ${kg}`);
  }
  if (problems.length) throw conflict(`The CO2 cannot be allocated: ${problems.join('; ')}.`);
}

/** 409 unless the signoff names a non-empty subset of the open proposal. */
export function checkSignoff(audit: { id: number; signoff_ts: string | null; analysis_ids: readonly number[] } | null, ids: readonly number[]): void {
  if (!audit) throw notFound('No such proposed audit.');
  if (audit.signoff_ts !== null) throw conflict(`Audit ${audit.id} is already signed off.`);
  if (ids.length === 0) throw badRequest('Please select at least one log to sign off.');
  const outside = ids.filter((id) => !audit.analysis_ids.includes(id));
  if (outside.length) throw conflict(`Logs ${outside.join(', ')} are not in proposed audit ${audit.id}.`);
}
