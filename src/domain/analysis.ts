/**
 * What the console makes of a burn's analysis (docs/product.md#analysis-display-per-burn, docs/product.md#analysis-result, docs/product.md#constants-and-limits): reading the analysis JSON string without
 * trusting it, which icon to show, the detail panel's fields with their units,
 * and the kiln validation widget. Pure; labels are message keys.
 */
import { formatDuration, formatKg, formatNumber, formatRate, formatTemperature } from './format';
import { KILN_TYPES, isKilnType, type KilnTypeCode } from './kilnTypes';

/** A failed validity rule (docs/analysis.md#validity-rules): its code and the server's sentence. */
export interface AnalysisReason {
  code: string;
  message: string;
}

export const COMMON_FIELDS = [
  'zero_weight',
  'per_unit_weight',
  'burn_duration',
  'charing_rate',
  'loading_rate',
  'biomass_loaded',
  'biochar_prior_to_quench',
  'unpyrolized_biomass',
  'biochar_produced',
  'co2_removed',
] as const;

export const TERRAFIX_FIELDS = [
  'min_temp_1',
  'max_temp_1',
  'min_temp_2',
  'max_temp_2',
  'BIOCHAR_FROM_CHANGEOVER',
  'BIOCHAR_LESS_CHANGE',
] as const;

export type AnalysisFieldName = (typeof COMMON_FIELDS)[number] | (typeof TERRAFIX_FIELDS)[number];

/** The analysis as the console reads it: only what it shows, each value checked. */
export interface AnalysisResult {
  /** docs/product.md#analysis-result: valid only when the JSON says the string 'true' */
  valid: boolean;
  reasons: AnalysisReason[];
  /** a field the JSON carries: its number, or null when it carries null or a non-number */
  values: Partial<Record<AnalysisFieldName, number | null>>;
  /** which algorithm computed it (docs/analysis.md#algorithm-versions); null when the JSON does not say */
  algorithmVersion: string | null;
  /** reading lines the analysis could not read and left out; null when the JSON does not say */
  skippedLines: number | null;
}

/** The text a result must exceed to count as present (docs/product.md#analysis-display-per-burn: longer than 3 characters). */
const MIN_RESULT_LENGTH = 3;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readReasons(value: unknown): AnalysisReason[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((r) =>
    isRecord(r) && typeof r.message === 'string' ? [{ code: typeof r.code === 'string' ? r.code : '', message: r.message }] : [],
  );
}

/**
 * The analysis JSON string read safely: null when there is no result (none,
 * or 3 characters or fewer), 'unreadable' when it is not a JSON object.
 */
export function parseAnalysis(text: string | null | undefined): AnalysisResult | 'unreadable' | null {
  if (typeof text !== 'string' || text.trim().length <= MIN_RESULT_LENGTH) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'unreadable';
  }
  if (!isRecord(json)) return 'unreadable';
  const values: AnalysisResult['values'] = {};
  for (const name of [...COMMON_FIELDS, ...TERRAFIX_FIELDS]) {
    if (!(name in json)) continue;
    const v = json[name];
    values[name] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return {
    valid: json.valid === 'true',
    reasons: readReasons(json.reasons),
    values,
    algorithmVersion: typeof json.algorithm_version === 'string' ? json.algorithm_version : null,
    skippedLines:
      typeof json.skipped_lines === 'number' && Number.isInteger(json.skipped_lines) && json.skipped_lines >= 0 ? json.skipped_lines : null,
  };
}

/** The parts of a log row the analysis display reads. */
export interface AnalysedLog {
  error_message: string | null;
  analysis: string | null;
  type: number | null;
}

export type AnalysisDisplayState =
  /** neither an error nor a result: nothing is shown */
  | { kind: 'none' }
  /** red cross, the message on hover */
  | { kind: 'error'; message: string }
  /** a result that is not JSON: red cross, a fixed message on hover */
  | { kind: 'unreadable' }
  /** tick or cross; the hover says 'Unknown kiln type.' since the panel depends on the type */
  | { kind: 'unknownKilnType'; valid: boolean }
  /** tick or cross; the hover is the detail panel */
  | { kind: 'result'; valid: boolean; kilnType: KilnTypeCode; result: AnalysisResult };

/** docs/product.md#analysis-display-per-burn: an error wins; else a result longer than 3 characters; else nothing. */
export function analysisDisplayState(log: AnalysedLog): AnalysisDisplayState {
  const message = log.error_message?.trim();
  if (message) return { kind: 'error', message };
  const result = parseAnalysis(log.analysis);
  if (result === null) return { kind: 'none' };
  if (result === 'unreadable') return { kind: 'unreadable' };
  if (!isKilnType(log.type)) return { kind: 'unknownKilnType', valid: result.valid };
  return { kind: 'result', valid: result.valid, kilnType: log.type, result };
}

const FIELD_FORMATS: Record<AnalysisFieldName, (value: number) => string> = {
  // calibration: raw load-cell readings (docs/analysis.md#series-preparation: per_g_weight is counts per gram), not kg
  zero_weight: (v) => `${formatNumber(v, 2)} counts`,
  per_unit_weight: (v) => `${formatNumber(v, 4)} counts/g`,
  burn_duration: formatDuration,
  charing_rate: formatRate,
  loading_rate: formatRate,
  biomass_loaded: (v) => formatKg(v),
  biochar_prior_to_quench: (v) => formatKg(v),
  unpyrolized_biomass: (v) => formatKg(v),
  biochar_produced: (v) => formatKg(v),
  co2_removed: (v) => formatKg(v),
  min_temp_1: formatTemperature,
  max_temp_1: formatTemperature,
  min_temp_2: formatTemperature,
  max_temp_2: formatTemperature,
  BIOCHAR_FROM_CHANGEOVER: (v) => formatKg(v),
  BIOCHAR_LESS_CHANGE: (v) => formatKg(v),
};

export interface AnalysisField {
  name: AnalysisFieldName;
  /** message key of the label */
  label: string;
  /** formatted with its unit; null when the analysis gives no number */
  value: string | null;
}

/**
 * The detail panel's rows in the spec's order: every common field the result
 * carries, and for a Terrafix the temperatures and both biochar estimates.
 */
export function analysisFields(result: AnalysisResult, kilnType: KilnTypeCode): AnalysisField[] {
  const names: readonly AnalysisFieldName[] = kilnType === KILN_TYPES.TERRAFIX ? [...COMMON_FIELDS, ...TERRAFIX_FIELDS] : COMMON_FIELDS;
  return names
    .filter((name) => name in result.values)
    .map((name) => {
      const v = result.values[name];
      return {
        name,
        label: `kilnLogs.analysis.fields.${name}`,
        value: v === null || v === undefined ? null : FIELD_FORMATS[name](v),
      };
    });
}

export type ValidationWidgetState = 'notApplicable' | 'pass' | 'fail';

/** docs/product.md#analysis-display-per-burn: grey when not applicable, a tick for a non-zero non-null value, else a cross. */
export function validationWidgetState(value: number | boolean | null | undefined, applicable: boolean): ValidationWidgetState {
  if (!applicable) return 'notApplicable';
  return value !== null && value !== undefined && value !== 0 && value !== false ? 'pass' : 'fail';
}

/** The GPS check applies once the log was analysed: an error log has no position verdict. */
export function gpsWidgetState(log: AnalysedLog & { gps_in_range: boolean | null }): ValidationWidgetState {
  const state = analysisDisplayState(log);
  return validationWidgetState(log.gps_in_range, state.kind === 'result' || state.kind === 'unknownKilnType');
}
