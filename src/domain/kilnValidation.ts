/**
 * Kiln form rules (docs/product.md#kiln-validation), shared by the Kiln modal and the API
 * server. Field keys are the form's source paths, so the console can put each
 * error on its input and the server can name the field in its 400.
 */
import { isKilnType } from './kilnTypes';
import {
  compactErrors,
  isBlank,
  isCalendarDate,
  numberErrors,
  type FieldErrors,
  type NumberInput,
  type NumberRule,
  type ValidationErrorKey,
} from './validation';

export const KILN_NUMBER_RULES = {
  'config.cgo1.per_g_weight': { min: 0, max: 100000, decimals: 4 },
  'config.cgo1.zero_weight': { min: -100000, max: 5000000, decimals: 2 },
  'config.terrafix.per_g_weight': { min: 0, max: 100000, decimals: 4 },
} as const satisfies Record<string, NumberRule>;

export type KilnNumberField = keyof typeof KILN_NUMBER_RULES;
export type KilnField = 'kiln_id' | 'facility_id' | 'type' | 'install_date' | KilnNumberField;

/** A kiln reports its id in the burn-log header line, so it is one printable token. */
export const KILN_ID_MAX_LENGTH = 64;
const KILN_ID_PATTERN = /^[A-Za-z0-9._-]+$/;

export interface KilnConfigInput {
  cgo1?: { per_g_weight?: NumberInput; zero_weight?: NumberInput } | null;
  terrafix?: { per_g_weight?: NumberInput } | null;
}

/** The Kiln form's values, or a save payload. */
export interface KilnInput {
  id?: number | null;
  kiln_id?: string | null;
  facility_id?: number | null;
  type?: number | null;
  install_date?: string | null;
  config?: KilnConfigInput | null;
}

/** An existing kiln, as far as the unique-pair rule needs it. */
export interface KilnPair {
  id: number;
  kiln_id: string;
  facility_id: number;
}

const sameKilnId = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when another kiln already has this kiln id at this facility (an empty kiln id never clashes). */
export function isDuplicateKilnPair(values: KilnInput, existing: readonly KilnPair[]): boolean {
  const kilnId = values.kiln_id;
  if (typeof kilnId !== 'string' || kilnId.trim() === '' || isBlank(values.facility_id)) return false;
  return existing.some((k) => k.id !== values.id && k.facility_id === values.facility_id && sameKilnId(k.kiln_id, kilnId));
}

function kilnIdError(value: unknown): ValidationErrorKey | undefined {
  if (isBlank(value)) return 'required';
  if (typeof value !== 'string') return 'invalid_format';
  const id = value.trim();
  if (id.length > KILN_ID_MAX_LENGTH) return 'too_long';
  return KILN_ID_PATTERN.test(id) ? undefined : 'invalid_format';
}

function facilityIdError(value: unknown): ValidationErrorKey | undefined {
  if (isBlank(value)) return 'required';
  return Number.isInteger(value) && (value as number) > 0 ? undefined : 'invalid_format';
}

/** The config number at each config field path. */
export function kilnConfigNumbers(config: KilnConfigInput | null | undefined): Record<KilnNumberField, NumberInput> {
  return {
    'config.cgo1.per_g_weight': config?.cgo1?.per_g_weight,
    'config.cgo1.zero_weight': config?.cgo1?.zero_weight,
    'config.terrafix.per_g_weight': config?.terrafix?.per_g_weight,
  };
}

/**
 * Every rule of docs/product.md#kiln-validation: kiln id, type, facility and install date
 * required; kiln id + facility a unique pair (both fields flagged); the
 * optional config numbers within range and decimals.
 */
export function validateKiln(values: KilnInput, existing: readonly KilnPair[]): FieldErrors<KilnField> {
  const duplicate = isDuplicateKilnPair(values, existing);
  return compactErrors<KilnField>({
    kiln_id: kilnIdError(values.kiln_id) ?? (duplicate ? 'duplicate' : undefined),
    facility_id: facilityIdError(values.facility_id) ?? (duplicate ? 'duplicate' : undefined),
    type: isBlank(values.type) ? 'required' : isKilnType(values.type) ? undefined : 'not_allowed',
    install_date: isBlank(values.install_date) ? 'required' : isCalendarDate(values.install_date) ? undefined : 'invalid_date',
    ...numberErrors(kilnConfigNumbers(values.config), KILN_NUMBER_RULES),
  });
}
