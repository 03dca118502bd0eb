import { DEFAULT_CARBON_REMOVAL_FACTOR, DEFAULT_FACILITY_BOX, DEFAULT_WICF, KILN_TYPE, type KilnType } from './constants';
import type { FacilityInput, FacilityKilnTypeConfig, KilnConfig, KilnInput, NumberLike } from './types';

/** How a kiln's raw weight becomes kg (docs/analysis.md#series-preparation). */
export type Calibration =
  | { type: typeof KILN_TYPE.CGO1; zero_weight: number; per_g_weight: number }
  | { type: typeof KILN_TYPE.TERRAFIX; per_g_weight: number }
  | { type: typeof KILN_TYPE.RETORT };

export interface FacilitySettings {
  box: { latitude_min: number; latitude_max: number; longitude_min: number; longitude_max: number };
  wicf: number;
  carbon_removal_factor: number;
}

export const UNKNOWN_KILN_TYPE_MESSAGE = 'Unknown kiln type.';
export const KILN_CONFIG_MISSING_CGO1 = 'Kiln config missing: a C-Go-1 kiln needs cgo1.per_g_weight (above 0) and cgo1.zero_weight.';
export const KILN_CONFIG_MISSING_TERRAFIX = 'Kiln config missing: a Terrafix kiln needs terrafix.per_g_weight (above 0).';

function toNumber(value: NumberLike): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return NaN;
}

/** The stored config may be a JSON string; unreadable JSON counts as no config. */
function readJsonObject<T extends object>(value: T | string | null | undefined): T | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? (parsed as T) : null;
  } catch {
    return null;
  }
}

export function kilnTypeOf(kiln: KilnInput): KilnType | null {
  const type = toNumber(kiln.type);
  return type === KILN_TYPE.CGO1 || type === KILN_TYPE.RETORT || type === KILN_TYPE.TERRAFIX ? type : null;
}

/** The kiln's calibration, or the error_message that stops the analysis. */
export function resolveCalibration(kiln: KilnInput): Calibration | { error_message: string } {
  const type = kilnTypeOf(kiln);
  if (type === null) return { error_message: UNKNOWN_KILN_TYPE_MESSAGE };
  if (type === KILN_TYPE.RETORT) return { type };
  const config = readJsonObject<KilnConfig>(kiln.config);
  if (type === KILN_TYPE.CGO1) {
    const perG = toNumber(config?.cgo1?.per_g_weight);
    const zero = toNumber(config?.cgo1?.zero_weight);
    if (!(perG > 0) || !Number.isFinite(perG) || !Number.isFinite(zero)) return { error_message: KILN_CONFIG_MISSING_CGO1 };
    return { type, zero_weight: zero, per_g_weight: perG };
  }
  const perG = toNumber(config?.terrafix?.per_g_weight);
  if (!(perG > 0) || !Number.isFinite(perG)) return { error_message: KILN_CONFIG_MISSING_TERRAFIX };
  return { type, per_g_weight: perG };
}

/** Facility box and factors, with docs/product.md#constants-and-limits defaults for anything missing or unreadable. */
export function resolveFacility(facility: FacilityInput): FacilitySettings {
  const orDefault = (value: NumberLike, fallback: number) => {
    const n = toNumber(value);
    return Number.isFinite(n) ? n : fallback;
  };
  const config = readJsonObject<FacilityKilnTypeConfig>(facility.kiln_type_config);
  return {
    box: {
      latitude_min: orDefault(facility.latitude_min, DEFAULT_FACILITY_BOX.latitude_min),
      latitude_max: orDefault(facility.latitude_max, DEFAULT_FACILITY_BOX.latitude_max),
      longitude_min: orDefault(facility.longitude_min, DEFAULT_FACILITY_BOX.longitude_min),
      longitude_max: orDefault(facility.longitude_max, DEFAULT_FACILITY_BOX.longitude_max),
    },
    wicf: orDefault(config?.cgo1?.wicf, DEFAULT_WICF),
    carbon_removal_factor: orDefault(config?.cgo1?.carbonRemovalFactor, DEFAULT_CARBON_REMOVAL_FACTOR),
  };
}
