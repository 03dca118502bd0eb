/**
 * A batch's project emissions (issue 43), pure: production methane measured for
 * it and other project emissions, each optional; a figure given needs its text
 * (how methane was measured, what the other emissions were).
 */
import { isBlank, toNumber } from '../validation';
import { lineReason, type Reasons } from './batchRules';
import type { BatchEmissions } from './types';

/** Beyond this a flame-curtain kiln would emit more methane than its char weighs (g CH4 per kg char). */
export const METHANE_MAX_G_PER_KG = 1000;

export type EmissionsInput = Partial<Record<keyof BatchEmissions, unknown>>;

const SHA256 = /^[0-9a-f]{64}$/;

/** Why the emissions are refused, by field; empty when they may be set. */
export function emissionsProblems(input: EmissionsInput): Reasons {
  const reasons: Reasons = {};
  const put = (field: string, reason: string | undefined) => {
    if (reason) reasons[field] = reason;
  };
  if (!isBlank(input.methane_g_per_kg)) {
    const n = toNumber(input.methane_g_per_kg);
    if (n === undefined || n < 0 || n > METHANE_MAX_G_PER_KG)
      put('methane_g_per_kg', `methane_g_per_kg must be a number from 0 to ${METHANE_MAX_G_PER_KG}.`);
    put('methane_method', lineReason('methane_method', input.methane_method, true));
  } else if (!isBlank(input.methane_method)) put('methane_method', 'methane_method needs methane_g_per_kg.');
  if (!isBlank(input.other_co2e_g)) {
    const n = toNumber(input.other_co2e_g);
    if (n === undefined || !Number.isSafeInteger(n) || n < 0)
      put('other_co2e_g', 'other_co2e_g must be a whole number of grams, 0 or more.');
    put('other_note', lineReason('other_note', input.other_note, true));
  } else if (!isBlank(input.other_note)) put('other_note', 'other_note needs other_co2e_g.');
  for (const field of ['methane_evidence_sha256', 'other_evidence_sha256'] as const) {
    const value = input[field];
    if (!isBlank(value) && (typeof value !== 'string' || !SHA256.test(value))) put(field, `${field} must be 64 lowercase hex digits.`);
  }
  return reasons;
}
