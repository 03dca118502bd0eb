import type { AuditCredits } from '../../src/domain/api/credits';
import type { Methodology } from '../../src/domain/api/methodologies';
import { methodologyProblems, SPEC_FACTOR } from '../../src/domain/audits/methodology';
import { batchCredits } from '../batches/credits';
import { fieldError } from '../http/errors';
import type { StoreParts } from '../store/dataStore';
import type { AuditCreditRecord, AuditRow, BatchRecord } from '../store/model';
import type { FrozenCredit } from '../store/parts/audits';

type CreditData = Pick<StoreParts, 'batches' | 'facilities' | 'labs'>;

/**
 * The rulebook a proposal's `methodology` names: absent or blank, spec-factor;
 * otherwise the newest version of that id in force today (effective_from on
 * or before it). 400 naming `methodology` for an id no rulebook has.
 */
export function chosenRulebook(
  rulebooks: readonly Methodology[],
  value: unknown,
  today = new Date().toISOString().slice(0, 10),
): Methodology {
  const id = typeof value === 'string' && value.trim() ? value.trim() : value === undefined ? SPEC_FACTOR : '';
  const versions = rulebooks.filter((b) => b.id === id);
  const known = [...new Set(rulebooks.map((b) => b.id))].join(', ');
  if (versions.length === 0)
    throw fieldError('methodology', `Unknown methodology ${JSON.stringify(String(value ?? ''))}: use one of ${known}.`);
  const inForce = versions.filter((b) => b.effective_from <= today);
  if (inForce.length === 0) throw fieldError('methodology', `The methodology ${id} is in force from ${versions[0].effective_from} only.`);
  return inForce.reduce((a, b) => (b.version > a.version ? b : a));
}

/** The rulebook an audit was proposed under; null when the server no longer holds that version. */
export const auditRulebook = (rulebooks: readonly Methodology[], audit: Pick<AuditRow, 'methodology' | 'methodology_version'>) =>
  rulebooks.find((b) => b.id === audit.methodology && b.version === audit.methodology_version) ?? null;

/** The batches holding any of the burns, each with its credits under every rulebook given. */
async function creditsOfBatches(data: CreditData, rulebooks: readonly Methodology[], burnIds: readonly number[]) {
  const batches = burnIds.length ? await data.batches.ofLogs(burnIds) : [];
  const sorted = [...batches].sort((a, b) => a.id - b.id);
  const credits = await Promise.all(sorted.map((batch) => batchCredits(data, rulebooks, batch)));
  return sorted.map((batch, i) => ({ batch, results: credits[i].results }));
}

/**
 * What the methodology credits for each batch of the burns, or a 400 on
 * `field` saying which batch lacks what (src/domain/audits/methodology.ts):
 * spec-factor freezes nothing, its audit keeps its burns' figures.
 */
export async function creditsToFreeze(
  data: CreditData,
  book: Methodology,
  burnIds: readonly number[],
  field: string,
): Promise<FrozenCredit[]> {
  if (book.id === SPEC_FACTOR) return [];
  const computed = await creditsOfBatches(data, [book], burnIds);
  const problems = methodologyProblems(
    book.id,
    burnIds,
    computed.map(({ batch, results: [r] }) => ({
      id: batch.id,
      label: batch.label,
      analysis_ids: batch.analysis_ids,
      eligible: r.eligible,
      net_co2e_g: r.net_co2e_g,
      missing: r.missing,
      failed_gates: r.gates.filter((g) => g.pass === false).map((g) => g.name),
    })),
  );
  if (problems.length)
    throw fieldError(field, `The burns cannot be credited under ${book.id} version ${book.version}: ${problems.join('; ')}.`);
  return computed.map(({ batch, results: [r] }) => ({ batch_id: batch.id, rulebook_sha256: book.sha256, net_co2e_g: r.net_co2e_g! }));
}

const frozenView = (c: AuditCreditRecord) => ({
  batch_id: c.batch_id,
  methodology: c.methodology,
  methodology_version: c.methodology_version,
  rulebook_sha256: c.rulebook_sha256,
  net_co2e_g: c.net_co2e_g,
});

/** GET /api/audit/{id}/credits: each of the audit's batches under every rulebook, its burns in no batch, and what its signoff froze. */
export async function auditCredits(
  data: CreditData & Pick<StoreParts, 'audits'>,
  rulebooks: readonly Methodology[],
  audit: AuditRow,
): Promise<AuditCredits> {
  const [computed, frozen] = await Promise.all([creditsOfBatches(data, rulebooks, audit.analysis_ids), data.audits.credits(audit.id)]);
  const batched = new Set(computed.flatMap(({ batch }) => batch.analysis_ids));
  const labelled = (batch: BatchRecord) => ({ batch_id: batch.id, batch_label: batch.label });
  return {
    methodology: audit.methodology,
    methodology_version: audit.methodology_version,
    results: computed.flatMap(({ batch, results }) => results.map((r) => ({ ...labelled(batch), ...r }))),
    unbatched_ids: audit.analysis_ids.filter((id) => !batched.has(id)),
    frozen: frozen.map(frozenView),
  };
}
