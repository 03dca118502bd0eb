import {
  batchPeriod,
  batchProblems,
  DEFAULT_BATCH_PERIOD_DAYS,
  dryBiocharGrams,
  emissionsProblems,
  endUseProblems,
  endUseSumReason,
  labNameKey,
  labProblems,
  labResultProblems,
  productionTemperature,
  wetBiocharGrams,
  type BatchBurn,
  type Feedstock,
  type Reasons,
} from '../../src/domain/batches';
import { conflict, invalid } from './errors';
import type { BatchEmissions, BatchRecord, EndUseRecord, KilnLogRecord, LabResultRecord } from './model';
import type { NewBatch, NewEndUse, NewLab, NewLabResult } from './parts/batches';

/**
 * The batch rules of src/domain/batches as both stores apply them, under the
 * locks each takes, so they refuse the same things with the same words.
 */

/** 400 naming each field at fault, all reasons in the message; nothing when there are none. */
export function refuseReasons(reasons: Reasons): void {
  const sentences = Object.values(reasons);
  if (sentences.length) throw invalid(sentences.join(' '), reasons);
}

/** The highest treatment temperature an analysis result records (from algorithm 2.3.0; docs/analysis.md#versions); null when absent. */
export function treatmentTemperatureOf(analysis: string | null): number | null {
  if (!analysis) return null;
  try {
    const value = (JSON.parse(analysis) as { highest_treatment_temp_c?: unknown }).highest_treatment_temp_c;
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** A stored burn as the batch rules read it; batchId: the batch holding it already, if any. */
export function toBatchBurn(row: KilnLogRecord, batchId: number | null): BatchBurn {
  return {
    id: row.id,
    facility_id: row.facility_id,
    type: row.type,
    logts: row.logts,
    valid: row.valid,
    analysed: row.analysis !== null && row.analysis_detail !== null && row.error_message === null,
    archived: row.archived_ts !== null,
    batch_id: batchId,
    biochar_kg: row.analysis_detail?.biochar_produced ?? 0,
    highest_treatment_temp_c: treatmentTemperatureOf(row.analysis),
  };
}

/** The new batch's record from the burns the store locked, or a 400 naming each field at fault. */
export function newBatchRecord(
  input: NewBatch,
  burns: ReadonlyMap<number, BatchBurn>,
  periodDays: number | undefined,
): Omit<BatchRecord, 'id'> {
  refuseReasons(batchProblems(input, burns, periodDays ?? DEFAULT_BATCH_PERIOD_DAYS));
  const mine = [...input.analysis_ids].sort((a, b) => a - b).map((id) => burns.get(id)!);
  const period = batchPeriod(mine)!;
  return {
    label: input.label.trim(),
    facility_id: input.facility_id,
    kiln_type: input.kiln_type,
    feedstock: input.feedstock as Feedstock,
    feedstock_note: input.feedstock_note?.trim() || null,
    analysis_ids: mine.map((b) => b.id),
    first_logts: period.first_logts,
    last_logts: period.last_logts,
    state: 'open',
    wet_biochar_g: wetBiocharGrams(mine),
    dry_biochar_g: null,
    production_temp_c: productionTemperature(mine.map((b) => b.highest_treatment_temp_c)),
    emissions: null,
    created_by: input.created_by,
    created_ts: input.created_ts,
  };
}

/** A burn some batch holds: 400 on analysis_ids (the claim another create won at the same moment). */
export function refuseClaimedBurn(): never {
  const reason = 'These burns cannot form the batch: a burn is in another batch already.';
  throw invalid(reason, { analysis_ids: reason });
}

/** 400 on lab_id: no such laboratory. */
export function refuseUnknownLab(): never {
  const reason = 'lab_id must be a laboratory.';
  throw invalid(reason, { lab_id: reason });
}

/** 409 unless the batch is open. */
export function checkClose(batch: BatchRecord): void {
  if (batch.state !== 'open') throw conflict(`Batch ${batch.id} is ${batch.state} already.`);
}

/** 400 naming each field of the result at fault, and a supersedes that is not an unsuperseded result of the batch. */
export function checkLabResult(result: NewLabResult, existing: readonly LabResultRecord[]): void {
  refuseReasons(labResultProblems(result));
  if (result.supersedes === null) return;
  const old = existing.find((r) => r.id === result.supersedes);
  const reason = !old
    ? `supersedes must be a lab result of batch ${result.batch_id}.`
    : existing.some((r) => r.supersedes === old.id)
      ? `Lab result ${old.id} is superseded already: correct the result that superseded it.`
      : null;
  if (reason) throw invalid(reason, { supersedes: reason });
}

/**
 * The batch after a new lab result: sampled, its dry biochar from the newest
 * result that nothing supersedes and that gives a moisture (null when none does).
 */
export function sampledBatch(batch: BatchRecord, results: readonly LabResultRecord[]): Pick<BatchRecord, 'state' | 'dry_biochar_g'> {
  const superseded = new Set(results.map((r) => r.supersedes));
  const inForce = results.filter((r) => !superseded.has(r.id) && r.moisture_pct !== null).sort((a, b) => b.id - a.id)[0];
  return { state: 'sampled', dry_biochar_g: inForce ? dryBiocharGrams(batch.wet_biochar_g, inForce.moisture_pct) : null };
}

/** 400 naming each field of the end use at fault, or on dry_g when the batch's end uses with it would exceed its char. */
export function checkEndUse(batch: BatchRecord, endUse: NewEndUse, recorded: readonly EndUseRecord[]): void {
  refuseReasons(endUseProblems(endUse));
  const over = endUseSumReason(
    batch,
    recorded.reduce((sum, e) => sum + e.dry_g, 0),
    endUse.dry_g,
  );
  if (over) throw invalid(over, { dry_g: over });
}

/** The emissions as stored (texts trimmed), or a 400 naming each field at fault. */
export function storedEmissions(emissions: BatchEmissions): BatchEmissions {
  refuseReasons(emissionsProblems(emissions));
  return {
    ...emissions,
    methane_method: emissions.methane_method?.trim() || null,
    other_note: emissions.other_note?.trim() || null,
  };
}

/** The lab as stored, or a 400 naming each field at fault. */
export function newLab(lab: NewLab): NewLab {
  refuseReasons(labProblems(lab));
  return { ...lab, name: lab.name.trim(), accreditation: lab.accreditation.trim() };
}

export { labNameKey };

/** 400 on name (a conflict naming its field): a lab of that name exists (compared by labNameKey). */
export function refuseTakenLabName(name: string): never {
  const reason = `A laboratory named ${name.trim()} exists already.`;
  throw conflict(reason, { name: reason });
}

/** 400 on public_key: its fingerprint is registered already. */
export function refuseTakenLabKey(): never {
  const reason = 'This key is registered already.';
  throw invalid(reason, { public_key: reason });
}
