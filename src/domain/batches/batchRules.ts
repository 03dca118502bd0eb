/**
 * The rules of a production batch (issue 43), pure: which burns may form one,
 * and the figures a batch derives from its burns. Each refusal is a sentence
 * keyed by the field at fault, so the console marks the input and the server's
 * 400 names the same field.
 */
import { toGrams } from '../carbon';
import { isKilnType } from '../kilnTypes';
import { isBlank, isUnsafeLine, MAX_RECORD_ID, unsafeLineReason } from '../validation';
import { FEEDSTOCK_WITH_NOTE, FEEDSTOCKS, isFeedstock } from './feedstocks';

/** A facility's batch period unless a super-admin set another (Isometric's batch is at most a month). */
export const DEFAULT_BATCH_PERIOD_DAYS = 31;
export const DAY_MS = 86_400_000;
/** The longest label and feedstock note. */
export const BATCH_TEXT_MAX = 200;

/** Reasons by field: `analysis_ids`, `feedstock`, … */
export type Reasons = Record<string, string>;

/** A burn as the batch rules read it. */
export interface BatchBurn {
  id: number;
  facility_id: number | null;
  /** kiln type */
  type: number | null;
  /** the kiln's wall clock */
  logts: string | null;
  /** the analysis judged it valid */
  valid: boolean;
  /** it has an analysis result (no error) */
  analysed: boolean;
  archived: boolean;
  /** the batch it is in already; null for none */
  batch_id: number | null;
  /** kg of biochar its analysis gives */
  biochar_kg: number;
  /** its highest treatment temperature (treatmentTemperature.ts); null when not recorded */
  highest_treatment_temp_c: number | null;
}

/** What a new batch names; fields may hold anything a request carried. */
export interface BatchInput {
  label?: unknown;
  facility_id?: unknown;
  kiln_type?: unknown;
  feedstock?: unknown;
  feedstock_note?: unknown;
  analysis_ids?: unknown;
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= MAX_RECORD_ID;

/** Reason for a one-line text field, undefined when it is fine. */
export function lineReason(field: string, value: unknown, required: boolean, max = BATCH_TEXT_MAX): string | undefined {
  if (isBlank(value)) return required ? `${field} is required.` : undefined;
  if (typeof value !== 'string') return `${field} must be text.`;
  if (isUnsafeLine(value)) return unsafeLineReason(field);
  return value.trim().length > max ? `${field} may be at most ${max} characters.` : undefined;
}

/** A log time as ms (a time without a zone is read as UTC, as kiln clocks are); NaN when it does not parse. */
export function logTimeMs(logts: string | null): number {
  if (typeof logts !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(logts)) return NaN;
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(logts) ? logts : `${logts}Z`);
}

/** The earliest and latest log time of the burns (as written), and the span between them in ms. */
export function batchPeriod(
  burns: readonly Pick<BatchBurn, 'logts'>[],
): { first_logts: string; last_logts: string; span_ms: number } | null {
  let first: { logts: string; ms: number } | null = null;
  let last: { logts: string; ms: number } | null = null;
  for (const { logts } of burns) {
    const ms = logTimeMs(logts);
    if (Number.isNaN(ms) || logts === null) return null;
    if (!first || ms < first.ms) first = { logts, ms };
    if (!last || ms > last.ms) last = { logts, ms };
  }
  return first && last ? { first_logts: first.logts, last_logts: last.logts, span_ms: last.ms - first.ms } : null;
}

/** Why one burn cannot join a batch of this facility and kiln type; null when it can. */
function burnProblem(id: number, burn: BatchBurn | undefined, facilityId: unknown, kilnType: unknown): string | null {
  if (!burn) return `log ${id} does not exist`;
  if (burn.batch_id !== null) return `log ${id} is in batch ${burn.batch_id} already`;
  if (burn.archived) return `log ${id} is archived`;
  if (!burn.analysed) return `log ${id} is not analysed`;
  if (!burn.valid) return `log ${id} is not a valid burn`;
  if (burn.facility_id !== facilityId) return `log ${id} is of another facility`;
  if (burn.type !== kilnType) return `log ${id} is of another kiln type`;
  if (Number.isNaN(logTimeMs(burn.logts))) return `log ${id} has no log time`;
  return null;
}

/** Why the burns named cannot form one batch of its facility, kiln type and a period of at most periodDays. */
function burnsReason(input: BatchInput, burns: ReadonlyMap<number, BatchBurn>, periodDays: number): string | undefined {
  const ids = input.analysis_ids;
  if (!Array.isArray(ids) || ids.length === 0) return 'analysis_ids must name at least one burn.';
  if (!ids.every(isId)) return 'analysis_ids must be record ids.';
  if (new Set(ids).size !== ids.length) return 'analysis_ids names a burn twice.';
  const problems = ids.map((id) => burnProblem(id, burns.get(id), input.facility_id, input.kiln_type)).filter((p) => p !== null);
  if (problems.length) return `These burns cannot form the batch: ${problems.join('; ')}.`;
  const period = batchPeriod(ids.map((id) => burns.get(id)!));
  if (period && period.span_ms > periodDays * DAY_MS) {
    return `The burns' log times span ${formatSpan(period.span_ms)}, more than the facility's batch period of ${periodDays} days.`;
  }
  return undefined;
}

/** A span as days, hours, minutes and seconds, e.g. '31 d 0 h 0 min 1 s'. */
export function formatSpan(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h ${Math.floor((s % 3600) / 60)} min ${s % 60} s`;
}

/**
 * Why a new batch is refused, by field; empty when it may be created. The
 * burns are looked up in `burns` (those the store holds, with their batch);
 * periodDays is the facility's batch period.
 */
export function batchProblems(input: BatchInput, burns: ReadonlyMap<number, BatchBurn>, periodDays = DEFAULT_BATCH_PERIOD_DAYS): Reasons {
  const reasons: Reasons = {};
  const label = lineReason('label', input.label, true);
  if (label) reasons.label = label;
  if (!isId(input.facility_id)) reasons.facility_id = 'facility_id must be a facility.';
  if (!isKilnType(input.kiln_type)) reasons.kiln_type = 'kiln_type must be 0, 1 or 2.';
  if (!isFeedstock(input.feedstock)) reasons.feedstock = `feedstock must be one of ${FEEDSTOCKS.join(', ')}.`;
  const note =
    input.feedstock === FEEDSTOCK_WITH_NOTE
      ? lineReason('feedstock_note', input.feedstock_note, true)
      : isBlank(input.feedstock_note)
        ? undefined
        : `feedstock_note is only for the feedstock ${FEEDSTOCK_WITH_NOTE}.`;
  if (note) reasons.feedstock_note = note;
  const burnsWrong = burnsReason(input, burns, periodDays);
  if (burnsWrong) reasons.analysis_ids = burnsWrong;
  return reasons;
}

/** The batch's wet biochar: its burns' kg, each to the whole gram, summed exactly. */
export function wetBiocharGrams(burns: readonly Pick<BatchBurn, 'biochar_kg'>[]): number {
  return burns.reduce((sum, b) => sum + toGrams(b.biochar_kg), 0);
}

/**
 * The batch's production temperature: the lowest of its burns' highest
 * treatment temperatures, so no burn is claimed at a class it did not reach;
 * null when a burn has none recorded (or there are no burns).
 */
export function productionTemperature(temps: readonly (number | null)[]): number | null {
  if (temps.length === 0) return null;
  let lowest = Infinity;
  for (const t of temps) {
    if (t === null || !Number.isFinite(t)) return null;
    lowest = Math.min(lowest, t);
  }
  return lowest;
}
