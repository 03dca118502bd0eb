import type { FacilitySettings } from './config';
import {
  CHAR_YIELD_MAX,
  CHAR_YIELD_MIN,
  DURATION_MAX_MS,
  DURATION_MIN_MS,
  ESTIMATES_MAX_DIFFERENCE,
  KILN_TYPE,
  type KilnType,
  MAX_GAP_MS,
  MINUTE_MS,
  PYROLYSIS_MIN_MS,
  PYROLYSIS_TEMP_C,
  QUENCH_TEMP_FALL_C,
  QUENCH_WEIGHT_RISE_FRACTION,
  SENSOR_VALID_MIN_FRACTION,
} from './constants';
import type { BurnFigures } from './fields';
import type { Phases } from './phases';
import type { PreparedSeries } from './series';
import type { LogHeader, Reason } from './types';

/** docs/analysis.md#validity-rules: each failed rule with a sentence an operator can act on. */

const minutes = (ms: number): string => `${(ms / MINUTE_MS).toFixed(1)} min`;
const kg = (value: number): string => `${value.toFixed(2)} kg`;
const percent = (fraction: number): string => `${(fraction * 100).toFixed(1)} %`;

function hoursMinutes(ms: number): string {
  const total = Math.round(ms / MINUTE_MS);
  return `${Math.floor(total / 60)}h ${total % 60}m`;
}

export function isInsideBox(header: LogHeader, facility: FacilitySettings): boolean {
  const { box } = facility;
  return (
    header.latitude >= box.latitude_min &&
    header.latitude <= box.latitude_max &&
    header.longitude >= box.longitude_min &&
    header.longitude <= box.longitude_max
  );
}

/**
 * When T_cold_s was at or above the pyrolysis temperature in [start, end): each
 * sample holds until the next, at most MAX_GAP_MS; touching stretches merged.
 * What the TEMP_LOW rule counts, and what the burn chart shades.
 */
export function pyrolysisSpans(series: PreparedSeries, start: number, end: number): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = start; i < end; i++) {
    if (!(series.coldS[i] >= PYROLYSIS_TEMP_C)) continue;
    const from = series.ts[i];
    const to = from + Math.min(series.ts[i + 1] - from, MAX_GAP_MS);
    const last = spans[spans.length - 1];
    if (last && last[1] === from) last[1] = to;
    else spans.push([from, to]);
  }
  return spans;
}

/** Time T_cold_s spent at or above the pyrolysis temperature in [start, end). */
export function timeAtPyrolysisMs(series: PreparedSeries, start: number, end: number): number {
  return pyrolysisSpans(series, start, end).reduce((total, [from, to]) => total + (to - from), 0);
}

export function validFraction(values: Float64Array, start: number, end: number): number {
  let valid = 0;
  for (let i = start; i <= end; i++) if (values[i] === values[i]) valid++;
  return valid / (end - start + 1);
}

export function longestGapMs(ts: Float64Array, start: number, end: number): number {
  let longest = 0;
  for (let i = start; i < end; i++) longest = Math.max(longest, ts[i + 1] - ts[i]);
  return longest;
}

/** Relative difference of the two Terrafix estimates, against the lower one (the reported biochar). */
export function estimatesDifference(a: number, b: number): number {
  const lower = Math.min(a, b);
  if (a === b) return 0;
  return lower > 0 ? Math.abs(a - b) / lower : Infinity;
}

export interface ValidityInput {
  header: LogHeader;
  series: PreparedSeries;
  phases: Phases;
  figures: BurnFigures;
  type: KilnType;
  facility: FacilitySettings;
}

export function checkValidity({ header, series, phases, figures, type, facility }: ValidityInput): Reason[] {
  const reasons: Reason[] = [];
  const { start, quench } = phases;

  if (!isInsideBox(header, facility)) {
    const { box } = facility;
    reasons.push({
      code: 'GPS_OUTSIDE',
      message: `The log's position (${header.latitude}, ${header.longitude}) lies outside the facility's area (latitude ${box.latitude_min} to ${box.latitude_max}, longitude ${box.longitude_min} to ${box.longitude_max}).`,
    });
  }

  const hotMs = timeAtPyrolysisMs(series, start, quench);
  if (hotMs < PYROLYSIS_MIN_MS) {
    reasons.push({
      code: 'TEMP_LOW',
      message: `The cooler thermocouple was at or above ${PYROLYSIS_TEMP_C} °C for ${minutes(hotMs)} of the burn; at least ${minutes(PYROLYSIS_MIN_MS)} is required.`,
    });
  }

  const faulty = (['t1', 't2'] as const)
    .map((name, i) => ({ name: `Thermocouple ${i + 1}`, fraction: validFraction(series[name], start, quench) }))
    .filter((sensor) => sensor.fraction < SENSOR_VALID_MIN_FRACTION);
  if (faulty.length > 0) {
    const detail = faulty
      .map((sensor) => `${sensor.name} gave valid readings for only ${percent(sensor.fraction)} of the burn's samples`)
      .join('; ');
    reasons.push({ code: 'SENSOR_FAULT', message: `${detail}; at least ${percent(SENSOR_VALID_MIN_FRACTION)} is required.` });
  }

  const gapMs = longestGapMs(series.ts, start, quench);
  if (gapMs > MAX_GAP_MS) {
    reasons.push({
      code: 'DATA_GAP',
      message: `The log has a gap of ${minutes(gapMs)} without readings during the burn; at most ${minutes(MAX_GAP_MS)} is allowed.`,
    });
  }

  if (phases.quenchFound === false) {
    reasons.push({
      code: 'NO_QUENCH',
      message: `No quench was found: the weight never rose by more than ${percent(QUENCH_WEIGHT_RISE_FRACTION)} within 2 minutes at the final cool-down, and the hotter thermocouple never fell by ${QUENCH_TEMP_FALL_C} °C within a minute there.`,
    });
  }

  const massProblem = describeMassProblem(figures);
  if (massProblem) reasons.push({ code: 'MASS_IMPLAUSIBLE', message: massProblem });

  if (figures.burnMs < DURATION_MIN_MS || figures.burnMs > DURATION_MAX_MS) {
    reasons.push({
      code: 'DURATION',
      message: `The burn lasted ${hoursMinutes(figures.burnMs)}; it must last between ${hoursMinutes(DURATION_MIN_MS)} and ${hoursMinutes(DURATION_MAX_MS)}.`,
    });
  }

  if (phases.unclear !== null) reasons.push({ code: 'PHASES_UNCLEAR', message: phases.unclear });

  const terrafix = figures.terrafix;
  if (type === KILN_TYPE.TERRAFIX && terrafix && terrafix.fromChangeoverKg !== null) {
    const difference = estimatesDifference(terrafix.fromChangeoverKg, terrafix.lessChangeKg);
    if (difference > ESTIMATES_MAX_DIFFERENCE) {
      reasons.push({
        code: 'ESTIMATES_DISAGREE',
        message: `The two biochar estimates differ by ${Number.isFinite(difference) ? percent(difference) : 'too much to compare'} (${kg(terrafix.fromChangeoverKg)} at changeover, ${kg(terrafix.lessChangeKg)} after the quench); at most ${percent(ESTIMATES_MAX_DIFFERENCE)} is allowed.`,
      });
    }
  }
  return reasons;
}

function describeMassProblem({ priorKg, biomassKg, biocharKg }: BurnFigures): string | null {
  if (!(priorKg > 0)) return `The weight before the quench (${kg(priorKg)}) is not above zero.`;
  if (!(priorKg <= biomassKg)) return `The weight before the quench (${kg(priorKg)}) exceeds the biomass loaded (${kg(biomassKg)}).`;
  const charYield = biocharKg / biomassKg;
  if (!(charYield >= CHAR_YIELD_MIN && charYield <= CHAR_YIELD_MAX)) {
    return `Biochar produced is ${percent(charYield)} of the biomass loaded (${kg(biocharKg)} of ${kg(biomassKg)}); it must be between ${percent(CHAR_YIELD_MIN)} and ${percent(CHAR_YIELD_MAX)}.`;
  }
  return null;
}
