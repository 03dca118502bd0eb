/**
 * A batch's lab result (issue 43), pure: the range of each value, the C_org
 * identity, and the batch's dry biochar from the moisture as received. Values
 * may come as numbers or as the text of a multipart field.
 */
import { isBlank, isCalendarDate, MAX_RECORD_ID, toNumber } from '../validation';
import { lineReason, type Reasons } from './batchRules';

/** Each value's physical range (a share 0–100 %, the molar ratios as the issue bounds them). */
export const LAB_VALUE_RANGES = {
  c_tot_pct: { min: 0, max: 100 },
  c_inorg_pct: { min: 0, max: 100 },
  c_org_pct: { min: 0, max: 100 },
  h_c_org: { min: 0, max: 2.5 },
  o_c_org: { min: 0, max: 1.5 },
  moisture_pct: { min: 0, max: 100 },
  ash_pct: { min: 0, max: 100 },
  volatile_matter_pct: { min: 0, max: 100 },
  ro_pct: { min: 0, max: 100 },
} as const;

export type LabValueField = keyof typeof LAB_VALUE_RANGES;
export const LAB_VALUE_FIELDS = Object.keys(LAB_VALUE_RANGES) as LabValueField[];

/** How far C_org may be from C_tot − C_inorg, in percentage points, when all three are given. */
export const C_ORG_TOLERANCE_POINTS = 0.5;
/** Float noise below which two percentages are the same (80.1 − 9.6 − 70 is 0.4999…). */
const NOISE = 1e-9;
export const SAMPLE_ID_MAX = 100;
export const METHODS_MAX = 20;

export type LabResultInput = Partial<Record<LabValueField, unknown>> & {
  lab_id?: unknown;
  sample_id?: unknown;
  sampled_date?: unknown;
  reported_date?: unknown;
  methods?: unknown;
  contaminants_pass?: unknown;
  certificate_sha256?: unknown;
  supersedes?: unknown;
};

const SHA256 = /^[0-9a-f]{64}$/;
const isId = (value: unknown) => Number.isInteger(value) && (value as number) > 0 && (value as number) <= MAX_RECORD_ID;

/** A value as stored: the number given (or its text), null when blank. Call after labResultProblems found none. */
export const labValue = (value: unknown): number | null => (isBlank(value) ? null : (toNumber(value) ?? null));

/** contaminants_pass as stored: true, false or null (also from the text 'true' / 'false'). */
export function contaminantsPass(value: unknown): boolean | null | undefined {
  if (isBlank(value)) return null;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

function valueReason(field: LabValueField, value: unknown): string | undefined {
  if (isBlank(value)) return undefined;
  const n = toNumber(value);
  const { min, max } = LAB_VALUE_RANGES[field];
  if (n === undefined || n < min || n > max) return `${field} must be a number from ${min} to ${max}.`;
  return undefined;
}

/** Why C_org disagrees with C_tot − C_inorg by more than the tolerance; undefined when it agrees or a value is missing. */
export function cOrgReason(cTot: number | null, cInorg: number | null, cOrg: number | null): string | undefined {
  if (cTot === null || cInorg === null || cOrg === null) return undefined;
  const off = Math.abs(cTot - cInorg - cOrg);
  if (off <= C_ORG_TOLERANCE_POINTS + NOISE) return undefined;
  const points = Math.round(off * 100) / 100;
  return `c_org_pct (${cOrg}) must be c_tot_pct − c_inorg_pct (${Math.round((cTot - cInorg) * 1e6) / 1e6}) within ${C_ORG_TOLERANCE_POINTS} points: it is ${points} points off.`;
}

function methodsReason(methods: unknown): string | undefined {
  if (!Array.isArray(methods) || methods.length === 0) return 'methods must name at least one method.';
  if (methods.length > METHODS_MAX) return `methods may name at most ${METHODS_MAX} methods.`;
  const wrong = methods.map((m) => lineReason('methods', m, true)).find((r) => r !== undefined);
  return wrong;
}

/** Why a lab result is refused, by field; empty when it may be recorded. */
export function labResultProblems(input: LabResultInput): Reasons {
  const reasons: Reasons = {};
  const put = (field: string, reason: string | undefined) => {
    if (reason) reasons[field] = reason;
  };
  if (!isId(input.lab_id)) put('lab_id', 'lab_id must be a laboratory.');
  put('sample_id', lineReason('sample_id', input.sample_id, true, SAMPLE_ID_MAX));
  for (const field of ['sampled_date', 'reported_date'] as const) {
    if (!isCalendarDate(input[field])) put(field, `${field} must be a date as YYYY-MM-DD.`);
  }
  if (!reasons.sampled_date && !reasons.reported_date && (input.reported_date as string) < (input.sampled_date as string)) {
    put('reported_date', 'reported_date cannot be before sampled_date.');
  }
  put('methods', methodsReason(input.methods));
  for (const field of LAB_VALUE_FIELDS) put(field, valueReason(field, input[field]));
  if (!reasons.c_tot_pct && !reasons.c_inorg_pct && !reasons.c_org_pct) {
    put('c_org_pct', cOrgReason(labValue(input.c_tot_pct), labValue(input.c_inorg_pct), labValue(input.c_org_pct)));
  }
  if (contaminantsPass(input.contaminants_pass) === undefined) put('contaminants_pass', 'contaminants_pass must be true, false or absent.');
  if (typeof input.certificate_sha256 !== 'string' || !SHA256.test(input.certificate_sha256)) {
    put('certificate_sha256', 'certificate_sha256 must be 64 lowercase hex digits.');
  }
  if (!isBlank(input.supersedes) && !isId(input.supersedes)) put('supersedes', 'supersedes must be a lab result of the batch.');
  return reasons;
}

/** A finite non-negative number as an exact decimal fraction units / 10^scale, read from its shortest text (23.45 → 2345 / 100). */
function decimal(n: number): { units: bigint; scale: number } {
  const [mantissa, exponent = '0'] = String(n).toLowerCase().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { units: digits, scale } : { units: digits * 10n ** BigInt(-scale), scale: 0 };
}

/**
 * Dry biochar from wet grams and the moisture as received (a share 0–100,
 * taken as the decimal it is written as): wet × (100 − moisture) / 100 in
 * exact integers, rounded down to the whole gram once, at the end (never a
 * gram more than was dried). Null for a missing or impossible moisture.
 */
export function dryBiocharGrams(wetGrams: number, moisturePct: number | null): number | null {
  if (moisturePct === null || !Number.isFinite(moisturePct) || moisturePct < 0 || moisturePct > 100) return null;
  if (!Number.isSafeInteger(wetGrams) || wetGrams < 0) return null;
  const { units, scale } = decimal(moisturePct);
  const whole = 100n * 10n ** BigInt(scale);
  return Number((BigInt(wetGrams) * (whole - units)) / whole);
}
