/**
 * The Facility modal's values: text per field, keyed by the shared validator's
 * field paths, and their conversion from a Facility and to a save payload.
 */
import type { Facility, FacilityConfig, FacilityListResponse, FacilitySavePayload } from '../domain/api/configure';
import { FACILITY_DEFAULTS, validateFacility, type FacilityField } from '../domain/facilityValidation';
import { DEFAULT_FACILITY_SETTINGS, facilitySettingsOf, type FacilitySettings } from '../domain/facilitySettings';
import { isBlank, toNumber, type FieldErrors } from '../domain/validation';

export type FacilityFormValues = Record<FacilityField, string>;

/** The form's yes-or-no settings (a super-admin's): booleans, not text. */
export type FacilityFlagValues = Pick<FacilitySettings, 'vm0044_high_tech_conditions' | 'temperature_monitored'>;

/** A new facility (docs/product.md#constants-and-limits): owner 1, the whole globe, WICF 0.35, carbon removal factor 2.44. */
export const NEW_FACILITY_FORM: FacilityFormValues = {
  mnemonic: '',
  name: '',
  owner_id: String(FACILITY_DEFAULTS.owner_id),
  latMin: String(FACILITY_DEFAULTS.latMin),
  latMax: String(FACILITY_DEFAULTS.latMax),
  lonMin: String(FACILITY_DEFAULTS.lonMin),
  lonMax: String(FACILITY_DEFAULTS.lonMax),
  'config.cgo1.wicf': String(FACILITY_DEFAULTS.wicf),
  'config.cgo1.carbonRemovalFactor': String(FACILITY_DEFAULTS.carbonRemovalFactor),
  batch_period_days: String(DEFAULT_FACILITY_SETTINGS.batch_period_days),
};

/** The C-Go-1 factors of a facility's kiln_type_config (a JSON string); the defaults where it has none. */
export function parseFacilityConfig(text: string | null | undefined): FacilityConfig {
  let cgo1: { wicf?: unknown; carbonRemovalFactor?: unknown } | undefined;
  try {
    cgo1 = (JSON.parse(text ?? '') as { cgo1?: typeof cgo1 } | null)?.cgo1 ?? undefined;
  } catch {
    cgo1 = undefined;
  }
  const factor = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  return {
    cgo1: {
      wicf: factor(cgo1?.wicf, FACILITY_DEFAULTS.wicf),
      carbonRemovalFactor: factor(cgo1?.carbonRemovalFactor, FACILITY_DEFAULTS.carbonRemovalFactor),
    },
  };
}

/** The form for editing `facility`. */
export function facilityFormValues(facility: Facility): FacilityFormValues {
  const { cgo1 } = parseFacilityConfig(facility.kiln_type_config);
  return {
    mnemonic: facility.mnemonic,
    name: facility.name,
    owner_id: String(facility.owner_id),
    latMin: String(facility.latitude_min),
    latMax: String(facility.latitude_max),
    lonMin: String(facility.longitude_min),
    lonMax: String(facility.longitude_max),
    'config.cgo1.wicf': String(cgo1.wicf),
    'config.cgo1.carbonRemovalFactor': String(cgo1.carbonRemovalFactor),
    batch_period_days: String(facilitySettingsOf(facility).batch_period_days),
  };
}

/** The yes-or-no settings of a facility, or of the form's values (the defaults for a new facility), each condition named. */
export function facilityFlagValues(facility: Partial<FacilityFlagValues> | null): FacilityFlagValues {
  const { vm0044_high_tech_conditions, temperature_monitored } = facilitySettingsOf(facility ?? {});
  return { vm0044_high_tech_conditions, temperature_monitored };
}

const numberOrNull = (text: string): number | null => toNumber(text) ?? null;

/**
 * The save payload of the form; `id` null adds a facility. The settings go
 * only with `flags` (a super-admin's form): absent, the server keeps them.
 */
export function facilitySavePayload(values: FacilityFormValues, id: number | null, flags?: FacilityFlagValues): FacilitySavePayload {
  return {
    ...(flags && { batch_period_days: Number(values.batch_period_days), ...flags }),
    id,
    mnemonic: values.mnemonic.trim(),
    name: values.name.trim(),
    owner_id: numberOrNull(values.owner_id),
    latMin: numberOrNull(values.latMin),
    latMax: numberOrNull(values.latMax),
    lonMin: numberOrNull(values.lonMin),
    lonMax: numberOrNull(values.lonMax),
    // the form is sent only when valid, so both factors are numbers
    config: {
      cgo1: { wicf: Number(values['config.cgo1.wicf']), carbonRemovalFactor: Number(values['config.cgo1.carbonRemovalFactor']) },
    },
  };
}

/** The form's errors (docs/product.md#facility-validation), against the list response's mnemonics and owner choices. */
export function validateFacilityForm(
  values: FacilityFormValues,
  list: Pick<FacilityListResponse, 'mnemonics' | 'allowedOwners'>,
  originalMnemonic: string | null,
): FieldErrors<FacilityField> {
  const errors = validateFacility(
    {
      mnemonic: values.mnemonic,
      name: values.name,
      owner_id: numberOrNull(values.owner_id),
      latMin: values.latMin,
      latMax: values.latMax,
      lonMin: values.lonMin,
      lonMax: values.lonMax,
      config: { cgo1: { wicf: values['config.cgo1.wicf'], carbonRemovalFactor: values['config.cgo1.carbonRemovalFactor'] } },
      batch_period_days: values.batch_period_days,
    },
    {
      existingMnemonics: list.mnemonics,
      allowedOwnerIds: list.allowedOwners.map((owner) => owner.id),
      originalMnemonic,
    },
  );
  // the form always sends a period (the API's absent one keeps the stored)
  return isBlank(values.batch_period_days) ? { ...errors, batch_period_days: 'required' } : errors;
}
