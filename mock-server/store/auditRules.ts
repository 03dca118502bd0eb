import { exactKg, toGrams, toKg } from '../../src/domain/carbon';
import { conflict, invalid, missing } from './errors';
import type { AuditBurnRecord, AuditCreditRecord, AuditRow, KilnLogRecord } from './model';
import type { MintInput, ProposeInput, SignoffInput } from './dataStore';
import { SPEC_FACTOR } from '../../src/domain/audits/methodology';

import { transactionKey } from '../../src/domain/minting';
import { jobIdTaken } from '../../src/domain/audits/identity';

export { transactionKey };

/**
 * The rules of claiming burns and allocating CO2, shared by both stores so
 * they refuse the same things with the same words. Amounts are compared in
 * whole grams: a float sum must never let 0.1 kg too many through.
 */

/** 400 for a proposal that names no burn or a burn twice. */
export function checkProposeInput(input: ProposeInput): void {
  if (input.analysis_ids.length === 0) throw invalid('Please select at least one log to propose an audit.');
  if (new Set(input.analysis_ids).size !== input.analysis_ids.length) throw invalid('A log is named twice in the proposal.');
  if (!input.job_id.trim()) throw invalid('Please provide a valid job identifier.');
}

/** The methodology a proposal names (spec-factor version 1 when it names none). */
export const methodologyOf = (input: ProposeInput): Pick<AuditRow, 'methodology' | 'methodology_version'> => ({
  methodology: input.methodology ?? SPEC_FACTOR,
  methodology_version: input.methodology_version ?? 1,
});

/** The signoff's frozen figures as records of the audit, under its methodology. */
export const frozenCredits = (audit: AuditRow, input: SignoffInput): AuditCreditRecord[] =>
  (input.credits ?? []).map((c) => ({
    audit_id: audit.id,
    batch_id: c.batch_id,
    methodology: audit.methodology,
    methodology_version: audit.methodology_version,
    rulebook_sha256: c.rulebook_sha256,
    net_co2e_g: c.net_co2e_g,
  }));

/** The kiln type of a proposal that takes burns of any type (spec: 'Any/Unknown', -1). */
export const ANY_KILN_TYPE = -1;

/** The algorithm version an analysis result names; null for none (an error log, or a result from before versions). */
export function analysisVersion(analysis: string | null): string | null {
  if (!analysis) return null;
  try {
    const parsed = JSON.parse(analysis) as { algorithm_version?: unknown };
    return typeof parsed.algorithm_version === 'string' && parsed.algorithm_version ? parsed.algorithm_version : null;
  } catch {
    return null;
  }
}

/** Whether a log is a valid, live burn whose result the current algorithm gave: the only kind an audit certifies. */
function unfitBurn(row: KilnLogRecord, algorithmVersion: string): string | null {
  if (row.archived_ts !== null) return `log ${row.id} is archived`;
  if (!row.valid || row.error_message !== null || row.analysis_detail === null) return `log ${row.id} is not a valid burn`;
  if (row.kiln_pending) return `log ${row.id} is of a kiln pending approval`;
  const version = analysisVersion(row.analysis);
  if (version !== algorithmVersion) {
    return `log ${row.id} was analysed by algorithm ${version ?? 'of unknown version'}: analyse it again with ${algorithmVersion} first`;
  }
  return null;
}

/**
 * Why each burn cannot join the proposal: missing, audited, in another open
 * proposal, not a valid live burn of the current algorithm, not of the kiln
 * type (any, for ANY_KILN_TYPE) or facility. Empty when all can; the facility
 * is the one given or the burns' common one, the kiln type the one given or,
 * for ANY_KILN_TYPE, the burns' common one if they share it.
 */
export function claimProblems(
  input: ProposeInput,
  rows: ReadonlyMap<number, KilnLogRecord>,
  inOpenProposal: ReadonlySet<number>,
): { problems: string[]; facilityId: number | null; kilnType: number } {
  const problems: string[] = [];
  const facilities = new Set<number>();
  const types = new Set<number | null>();
  for (const id of input.analysis_ids) {
    const row = rows.get(id);
    const unfit = row ? unfitBurn(row, input.algorithm_version) : null;
    if (!row) problems.push(`log ${id} does not exist`);
    else if (row.audited || row.audit_id !== null) problems.push(`log ${id} is already audited`);
    else if (inOpenProposal.has(id)) problems.push(`log ${id} is in another open proposal`);
    else if (unfit) problems.push(unfit);
    else if (input.kiln_type !== ANY_KILN_TYPE && row.type !== input.kiln_type)
      problems.push(`log ${id} is not of kiln type ${input.kiln_type}`);
    else if (row.facility_id === null || (input.facility_id !== null && row.facility_id !== input.facility_id)) {
      problems.push(`log ${id} is not of facility ${input.facility_id}`);
    } else {
      facilities.add(row.facility_id);
      types.add(row.type);
    }
  }
  if (problems.length === 0 && facilities.size > 1) problems.push('an audit covers one facility only');
  const [common] = types;
  const kilnType =
    input.kiln_type === ANY_KILN_TYPE && types.size === 1 && common !== null && common !== undefined ? common : input.kiln_type;
  return { problems, facilityId: input.facility_id ?? [...facilities][0] ?? null, kilnType };
}

/** 409 naming each signed-off burn that is no longer a valid live burn of the current algorithm (re-analysed or archived since it was proposed). */
export function checkSignoffBurns(
  rows: readonly KilnLogRecord[],
  algorithmVersion: string,
  facility: { signed_burns_only?: boolean } | null,
  openAnomalies: Iterable<{ log_id: number; code: string }>,
): void {
  const problems = [
    ...rows.map((row) => unfitBurn(row, algorithmVersion)).filter((p): p is string => p !== null),
    ...unsignedProblems(facility, rows),
    ...heldByAnomalies(openAnomalies),
  ];
  if (problems.length) throw conflict(`The burns cannot be signed off: ${problems.join('; ')}.`);
}

/** Why a burn is held back, one sentence naming it and its open anomalies' codes. */
export const heldReason = (logId: number, codes: readonly string[]): string =>
  `log ${logId} has an open anomaly (${[...new Set(codes)].join(', ')}): a second person must check it first`;

/**
 * A flag holds the burn: one problem a burn with an open anomaly, in id order.
 * Both stores ask it under the lock the claim or signoff holds on the burns, so
 * an anomaly raised after the route's own check still refuses them.
 */
export function heldByAnomalies(open: Iterable<{ log_id: number; code: string }>): string[] {
  const codes = new Map<number, string[]>();
  for (const a of open) codes.set(a.log_id, [...(codes.get(a.log_id) ?? []), a.code]);
  return [...codes.entries()].sort(([a], [b]) => a - b).map(([id, c]) => heldReason(id, c));
}

/** 400 on job_id: another audit, pending or signed off, carries this job id (jobKey). */
export function refuseTakenJobId(jobId: string): never {
  const reason = jobIdTaken(jobId);
  throw invalid(reason, { job_id: reason });
}

export function refuseClaim(problems: readonly string[]): never {
  throw conflict(`The burns cannot be proposed: ${problems.join('; ')}.`);
}

/** A signed-off burn's frozen numbers, to the gram (kg of whole grams from here on), with the algorithm version its result names (checkSignoffBurns has made it the current one). */
export function frozenBurn(auditId: number, row: KilnLogRecord, algorithmVersion: string): AuditBurnRecord {
  return {
    audit_id: auditId,
    kilnlog_id: row.id,
    facility_id: row.facility_id ?? 0,
    co2_removed: exactKg(row.analysis_detail?.co2_removed ?? 0),
    biochar_produced: exactKg(row.analysis_detail?.biochar_produced ?? 0),
    algorithm_version: analysisVersion(row.analysis) ?? algorithmVersion,
    signed: row.signed,
    key_fingerprint: row.key_fingerprint,
    signature: row.signature,
  };
}

/**
 * A facility set to accept only signed burns (docs/security.md, "Kiln
 * identity") refuses each burn that was not device-signed; empty otherwise.
 */
export function unsignedProblems(facility: { signed_burns_only?: boolean } | null, rows: Iterable<KilnLogRecord>): string[] {
  if (!facility?.signed_burns_only) return [];
  return [...rows].filter((r) => !r.signed).map((r) => `log ${r.id} is not signed by its kiln (the facility accepts only signed burns)`);
}

/** 400 for a mint with no positive amount, or a note or transaction id missing. */
export function checkMintInput(input: MintInput): void {
  if (!input.minting_note.trim() || !input.transaction_id.trim()) throw invalid('A minting note and a transaction ID are required.');
  if (input.allocations.size === 0) throw invalid('Please choose greater than 0 co2 from at least one source.');
  for (const [auditId, kg] of input.allocations) {
    if (!Number.isFinite(kg) || toGrams(kg) <= 0) throw invalid(`The amount for audit ${auditId} must be greater than 0.`);
  }
}

/** 409 for a transaction ID an earlier eco asset carries. */
export function refuseTakenTransaction(transactionId: string): never {
  throw conflict(`Transaction ID ${transactionId.trim()} is already used by another eco asset.`);
}

/**
 * The transaction key each stored eco asset carries on PostgreSQL, by id.
 * Assets minted before keys folded invisible characters and compatibility
 * forms may share one: the later of two keeps its key suffixed with its own
 * id, so the unique index holds over what is stored and no asset is lost.
 */
export function storedTransactionKeys(assets: readonly { id: number; transaction_id: string }[]): Map<number, string> {
  const keys = new Map<number, string>();
  const taken = new Set<string>();
  for (const asset of [...assets].sort((a, b) => a.id - b.id)) {
    const key = transactionKey(asset.transaction_id);
    const kept = taken.has(key) ? `${key} (eco asset ${asset.id})` : key;
    taken.add(kept);
    keys.set(asset.id, kept);
  }
  return keys;
}

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

/** 404 for no proposal, 409 for a signed-off audit: only an open proposal can be withdrawn. */
export function checkWithdrawal(audit: { id: number; signoff_ts: string | null } | null): void {
  if (!audit) throw missing('No such proposed audit.');
  if (audit.signoff_ts !== null) throw conflict(`Audit ${audit.id} is already signed off: a signed-off audit cannot be withdrawn.`);
}

/** 409 unless the signoff names a non-empty subset of the open proposal. */
export function checkSignoff(
  audit: { id: number; signoff_ts: string | null; analysis_ids: readonly number[] } | null,
  ids: readonly number[],
): void {
  if (!audit) throw missing('No such proposed audit.');
  if (audit.signoff_ts !== null) throw conflict(`Audit ${audit.id} is already signed off.`);
  if (ids.length === 0) throw invalid('Please select at least one log to sign off.');
  const outside = ids.filter((id) => !audit.analysis_ids.includes(id));
  if (outside.length) throw conflict(`Logs ${outside.join(', ')} are not in proposed audit ${audit.id}.`);
}
