/**
 * A batch's end uses (issue 43), pure: the fields of one end use, and the rule
 * that the dry grams of all of them never exceed the batch's char (its dry
 * biochar, or its wet biochar before a moisture result).
 */
import { formatCarbon, toKg } from '../carbon';
import { isBlank, isCalendarDate, toNumber } from '../validation';
import { lineReason, type Reasons } from './batchRules';
import { END_USE_KINDS, type EndUseKind } from './types';

/** Mean annual soil temperatures a site on earth may have, °C. */
export const SOIL_TEMP_RANGE = { min: -30, max: 50 } as const;
export const RECIPIENT_MAX = 200;

export interface EndUseInput {
  kind?: unknown;
  kind_note?: unknown;
  dry_g?: unknown;
  date?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  soil_temp_c?: unknown;
  soil_temp_source?: unknown;
  recipient?: unknown;
  evidence_sha256?: unknown;
}

const isKind = (value: unknown): value is EndUseKind => typeof value === 'string' && (END_USE_KINDS as readonly string[]).includes(value);

function rangeReason(field: string, value: unknown, min: number, max: number): string | undefined {
  const n = toNumber(value);
  return n === undefined || n < min || n > max ? `${field} must be a number from ${min} to ${max}.` : undefined;
}

/** Why an end use is refused, by field (its sum against the batch apart: endUseSumReason); empty when it may be recorded. */
export function endUseProblems(input: EndUseInput): Reasons {
  const reasons: Reasons = {};
  const put = (field: string, reason: string | undefined) => {
    if (reason) reasons[field] = reason;
  };
  if (!isKind(input.kind)) put('kind', `kind must be one of ${END_USE_KINDS.join(', ')}.`);
  if (input.kind === 'other') put('kind_note', lineReason('kind_note', input.kind_note, true));
  else if (!isBlank(input.kind_note)) put('kind_note', 'kind_note is only for the kind other.');
  const grams = toNumber(input.dry_g);
  if (grams === undefined || !Number.isSafeInteger(grams) || grams <= 0) put('dry_g', 'dry_g must be a whole number of grams above 0.');
  if (!isCalendarDate(input.date)) put('date', 'date must be a date as YYYY-MM-DD.');
  put('latitude', rangeReason('latitude', input.latitude, -90, 90));
  put('longitude', rangeReason('longitude', input.longitude, -180, 180));
  put('soil_temp_c', rangeReason('soil_temp_c', input.soil_temp_c, SOIL_TEMP_RANGE.min, SOIL_TEMP_RANGE.max));
  put('soil_temp_source', lineReason('soil_temp_source', input.soil_temp_source, true));
  put('recipient', lineReason('recipient', input.recipient, true, RECIPIENT_MAX));
  if (typeof input.evidence_sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(input.evidence_sha256)) {
    put('evidence_sha256', 'evidence_sha256 must be 64 lowercase hex digits.');
  }
  return reasons;
}

/** The grams end uses may take from a batch in all: its dry biochar once a moisture result gave one, its wet biochar before. */
export const endUseLimitGrams = (batch: { wet_biochar_g: number; dry_biochar_g: number | null }): number =>
  batch.dry_biochar_g ?? batch.wet_biochar_g;

const kg = (grams: number) => `${formatCarbon(toKg(grams), 'exact')} kg`;

/**
 * Why one more end use of `grams` would take more char than the batch has
 * (recorded: the grams of its end uses so far), saying by how much; undefined when it fits.
 */
export function endUseSumReason(
  batch: { wet_biochar_g: number; dry_biochar_g: number | null },
  recorded: number,
  grams: number,
): string | undefined {
  const limit = endUseLimitGrams(batch);
  const over = recorded + grams - limit;
  if (over <= 0) return undefined;
  const of = batch.dry_biochar_g === null ? 'wet biochar (no moisture result yet)' : 'dry biochar';
  return `dry_g ${kg(grams)} would bring the end uses to ${kg(recorded + grams)}, ${kg(over)} more than the batch's ${of} of ${kg(limit)} (${kg(Math.max(0, limit - recorded))} left).`;
}
