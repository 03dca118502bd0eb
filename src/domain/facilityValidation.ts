/**
 * Facility form rules (docs/product.md#facility-validation), shared by the Facility modal and
 * the API server. Field keys are the save payload's paths.
 */
import { BATCH_PERIOD_DAYS_RULE } from './facilitySettings';
import { ROLES } from './rules';
import {
  compactErrors,
  isBlank,
  numberError,
  numberErrors,
  textError,
  toNumber,
  type FieldErrors,
  type NumberInput,
  type ValidationErrorKey,
} from './validation';

const LATITUDE = { min: -90, max: 90, decimals: 2 };
const LONGITUDE = { min: -180, max: 180, decimals: 2 };
const FACTOR = { min: 0, max: 100, decimals: 4 };

export const FACILITY_NUMBER_RULES = {
  latMin: LATITUDE,
  latMax: LATITUDE,
  lonMin: LONGITUDE,
  lonMax: LONGITUDE,
  'config.cgo1.wicf': FACTOR,
  'config.cgo1.carbonRemovalFactor': FACTOR,
} as const;

export type FacilityNumberField = keyof typeof FACILITY_NUMBER_RULES;
export type FacilityField = 'mnemonic' | 'name' | 'owner_id' | FacilityNumberField | 'batch_period_days';

export const MNEMONIC_MAX_LENGTH = 16;
export const FACILITY_NAME_MAX_LENGTH = 200;

/** docs/product.md#constants-and-limits: a new facility starts with owner 1, the whole globe, WICF 0.35 and factor 2.44. */
export const FACILITY_DEFAULTS = {
  owner_id: 1,
  latMin: -90,
  latMax: 90,
  lonMin: -180,
  lonMax: 180,
  wicf: 0.35,
  carbonRemovalFactor: 2.44,
} as const;

/** The Facility form's values, or a save payload. */
export interface FacilityInput {
  id?: number | null;
  mnemonic?: string | null;
  name?: string | null;
  owner_id?: number | null;
  latMin?: NumberInput;
  latMax?: NumberInput;
  lonMin?: NumberInput;
  lonMax?: NumberInput;
  config?: { cgo1?: { wicf?: NumberInput; carbonRemovalFactor?: NumberInput } | null } | null;
  /** a super-admin's setting; absent, the stored one is kept */
  batch_period_days?: NumberInput;
}

export interface FacilityRulesContext {
  /** the mnemonics already taken (the list response's `mnemonics`) */
  existingMnemonics: readonly string[];
  /** the ids of the owner choices (the list response's `allowedOwners`) */
  allowedOwnerIds: readonly number[];
  /** in edit mode, the facility's own mnemonic, which does not clash with itself */
  originalMnemonic?: string | null;
}

/** Only facility admins and super-admins may own a facility. */
export function isAllowedOwnerRole(role: number): boolean {
  return role === ROLES.SUPER_ADMIN || role === ROLES.FACILITY_ADMIN;
}

const sameMnemonic = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

function mnemonicError(value: unknown, ctx: FacilityRulesContext): ValidationErrorKey | undefined {
  const textProblem = textError(value, MNEMONIC_MAX_LENGTH, true);
  if (textProblem) return textProblem;
  const mnemonic = value as string;
  if (ctx.originalMnemonic && sameMnemonic(mnemonic, ctx.originalMnemonic)) return undefined;
  return ctx.existingMnemonics.some((m) => sameMnemonic(m, mnemonic)) ? 'duplicate' : undefined;
}

function ownerError(value: unknown, allowedOwnerIds: readonly number[]): ValidationErrorKey | undefined {
  if (isBlank(value)) return 'required';
  return allowedOwnerIds.some((id) => id === value) ? undefined : 'not_allowed';
}

export function facilityNumbers(values: FacilityInput): Record<FacilityNumberField, NumberInput> {
  return {
    latMin: values.latMin,
    latMax: values.latMax,
    lonMin: values.lonMin,
    lonMax: values.lonMax,
    'config.cgo1.wicf': values.config?.cgo1?.wicf,
    'config.cgo1.carbonRemovalFactor': values.config?.cgo1?.carbonRemovalFactor,
  };
}

/** Flags both ends of a min/max pair when min is not below max (and each end is valid on its own). */
function flagUnorderedPair(
  errors: Record<FacilityNumberField, ValidationErrorKey | undefined>,
  numbers: Record<FacilityNumberField, NumberInput>,
  min: FacilityNumberField,
  max: FacilityNumberField,
): void {
  if (errors[min] || errors[max]) return;
  if ((toNumber(numbers[min]) as number) >= (toNumber(numbers[max]) as number)) {
    errors[min] = 'not_ordered';
    errors[max] = 'not_ordered';
  }
}

/**
 * Every rule of docs/product.md#facility-validation: mnemonic required and new, owner required
 * and an allowed owner, latitude/longitude within ±90/±180 (2 decimals) with
 * min below max, WICF and carbon removal factor within 0–100 (4 decimals), and a batch
 * period, when given, of whole days within 1–3660.
 */
export function validateFacility(values: FacilityInput, ctx: FacilityRulesContext): FieldErrors<FacilityField> {
  const numbers = facilityNumbers(values);
  const numberProblems = numberErrors(numbers, FACILITY_NUMBER_RULES, true);
  flagUnorderedPair(numberProblems, numbers, 'latMin', 'latMax');
  flagUnorderedPair(numberProblems, numbers, 'lonMin', 'lonMax');
  return compactErrors<FacilityField>({
    mnemonic: mnemonicError(values.mnemonic, ctx),
    name: textError(values.name, FACILITY_NAME_MAX_LENGTH),
    owner_id: ownerError(values.owner_id, ctx.allowedOwnerIds),
    ...numberProblems,
    batch_period_days: numberError(values.batch_period_days, BATCH_PERIOD_DAYS_RULE),
  });
}
