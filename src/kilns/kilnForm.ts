/**
 * The Kiln modal's values: text per field, keyed by the shared validator's
 * field paths, and their conversion from a Kiln and to a save payload.
 */
import type { Kiln, KilnConfig, KilnSavePayload } from '../domain/api/configure';
import { kilnConfigNumbers, validateKiln, type KilnField, type KilnInput, type KilnPair } from '../domain/kilnValidation';
import { toNumber, type FieldErrors } from '../domain/validation';
import { parseDateText, toDateText } from '../forms/dateText';

export type KilnFormValues = Record<KilnField, string>;

export const EMPTY_KILN_FORM: KilnFormValues = {
  kiln_id: '',
  facility_id: '',
  type: '',
  install_date: '',
  'config.cgo1.per_g_weight': '',
  'config.cgo1.zero_weight': '',
  'config.terrafix.per_g_weight': '',
};

/** The config of a kiln as read (a JSON string); anything unreadable counts as no config. */
export function parseKilnConfig(text: string | null | undefined): KilnConfig {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as KilnConfig) : {};
  } catch {
    return {};
  }
}

const numberText = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

/** The form for editing `kiln`. */
export function kilnFormValues(kiln: Kiln): KilnFormValues {
  const config = kilnConfigNumbers(parseKilnConfig(kiln.config));
  return {
    kiln_id: kiln.kiln_id,
    facility_id: String(kiln.facility_id),
    type: String(kiln.type),
    install_date: toDateText(kiln.install_date),
    'config.cgo1.per_g_weight': numberText(config['config.cgo1.per_g_weight']),
    'config.cgo1.zero_weight': numberText(config['config.cgo1.zero_weight']),
    'config.terrafix.per_g_weight': numberText(config['config.terrafix.per_g_weight']),
  };
}

const numberOrNull = (text: string): number | null => toNumber(text) ?? null;

/** The save payload of the form; `id` null adds a kiln. Blank config numbers are sent as null. */
export function kilnSavePayload(values: KilnFormValues, id: number | null): KilnSavePayload {
  return {
    id,
    kiln_id: values.kiln_id.trim(),
    facility_id: numberOrNull(values.facility_id),
    type: numberOrNull(values.type),
    // an unreadable date goes as typed, for the validator to name it
    install_date: parseDateText(values.install_date) ?? (values.install_date.trim() || null),
    config: {
      cgo1: {
        per_g_weight: numberOrNull(values['config.cgo1.per_g_weight']),
        zero_weight: numberOrNull(values['config.cgo1.zero_weight']),
      },
      terrafix: { per_g_weight: numberOrNull(values['config.terrafix.per_g_weight']) },
    },
  };
}

/** The form's errors (docs/product.md#kiln-validation), against the other registered kilns. */
export function validateKilnForm(values: KilnFormValues, id: number | null, kilns: readonly KilnPair[]): FieldErrors<KilnField> {
  const payload = kilnSavePayload(values, id);
  // validate the config as typed, so text that is not a number is an error rather than a blank
  const input: KilnInput = {
    ...payload,
    config: {
      cgo1: { per_g_weight: values['config.cgo1.per_g_weight'], zero_weight: values['config.cgo1.zero_weight'] },
      terrafix: { per_g_weight: values['config.terrafix.per_g_weight'] },
    },
  };
  return validateKiln(input, kilns);
}
