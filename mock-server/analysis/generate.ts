import { baseTemperature, type BurnFault, type BurnPlan, type BurnTruthInput, planBurn } from './burnPlan';
import { DEFAULT_WICF, KILN_TYPE, type KilnType, MINUTE_MS } from './constants';
import { createRandom, type Random } from './prng';
import { formatDate, formatTime } from './time';

export type { BurnFault, BurnTruthInput } from './burnPlan';

/**
 * Deterministic burn simulator: the same options always give the same CSV
 * (DESIGN.md §5) and the truth it was made from, for tests and demo data.
 */

export interface GenerateBurnOptions {
  kiln_type: KilnType;
  kiln_id: string;
  seed: number;
  /** first reading, kiln local time as UTC ms */
  start_ts: number;
  /** load-cell calibration (C-Go-1, Terrafix); for Terrafix zero_weight is the empty kiln's raw reading */
  calibration?: { zero_weight: number; per_g_weight: number };
  facility: { latitude_min: number; latitude_max: number; longitude_min: number; longitude_max: number; wicf?: number };
  truth?: BurnTruthInput;
  fault?: BurnFault;
}

export interface BurnTruth {
  kiln_type: KilnType;
  kiln_id: string;
  latitude: number;
  longitude: number;
  start_ts: number;
  /** last reading written */
  end_ts: number;
  rows: number;
  sample_interval_s: number;
  biomass_kg: number;
  biochar_kg: number;
  char_yield: number;
  loads: { ts: number; kg: number }[];
  ignition_ts: number;
  peak_ts: number;
  peak_temp_c: number;
  changeover_ts: number | null;
  quench_ts: number | null;
  fault: BurnFault | null;
}

export interface GeneratedBurn {
  text: string;
  truth: BurnTruth;
}

/** Load-cell calibrations used when none is given (a Retort's scale reports kg). */
export const DEFAULT_CALIBRATION = {
  cgo1: { zero_weight: 84210, per_g_weight: 2.5 },
  terrafix: { zero_weight: 153400, per_g_weight: 1.8 },
} as const;

const SENSOR_FAULT_SHARE = 0.2;
const SENSOR_FAULT_READING = '-999.0';
const GAP_MS = 8 * MINUTE_MS;
const QUENCH_WATER_RAMP_MS = 90_000;

export function generateBurn(options: GenerateBurnOptions): GeneratedBurn {
  const { kiln_type: type, fault } = options;
  if (fault === 'no_quench' && type === KILN_TYPE.RETORT) throw new Error('A Retort has no quench to leave out.');
  if (fault === 'estimates_disagree' && type !== KILN_TYPE.TERRAFIX) throw new Error('Only a Terrafix has two biochar estimates.');

  const rng = createRandom(options.seed);
  const plan = planBurn(type, options.start_ts, options.truth ?? {}, fault ?? null, options.facility.wicf ?? DEFAULT_WICF, rng);
  const position = pickPosition(options.facility, fault === 'gps_outside', rng);
  const calibration = options.calibration ?? (type === KILN_TYPE.TERRAFIX ? DEFAULT_CALIBRATION.terrafix : DEFAULT_CALIBRATION.cgo1);

  const count = Math.max(1, Math.floor((plan.endTs - plan.startTs) / plan.intervalMs));
  const mass = simulateMass(plan, count);
  // a stream of its own, so the readings' noise is the same with and without the fault
  const t2Faulty = fault === 'sensor_fault' ? sensorFaultMask(plan, count, createRandom(options.seed ^ 0x5eed)) : null;
  const keep = keptRows(plan, count, fault);

  const lines: string[] = [];
  if (fault !== 'missing_header') {
    lines.push(`# kiln_id=${options.kiln_id}`, `# latitude=${position.latitude}`, `# longitude=${position.longitude}`);
  }
  lines.push('d,t,t1,t2,w');
  const dayText = new Map<number, string>();
  let rows = 0;
  let lastTs = plan.startTs;
  for (let k = 0; k < count; k++) {
    const ts = plan.startTs + k * plan.intervalMs;
    const base = baseTemperature(plan, ts);
    // draw every random number even for dropped rows, so a fault changes nothing else
    const t1 = base + rng.gaussian(plan.tempNoiseC);
    const t2 = plan.ambientC + plan.t2Ratio * (base - plan.ambientC) + rng.gaussian(plan.tempNoiseC);
    const kg = mass[k] + rng.gaussian(plan.weightNoiseKg);
    if (!keep(k, ts)) continue;
    const day = Math.floor(ts / 86_400_000);
    let d = dayText.get(day);
    if (d === undefined) {
      d = formatDate(ts);
      dayText.set(day, d);
    }
    const w = type === KILN_TYPE.RETORT ? kg.toFixed(1) : String(Math.round(calibration.zero_weight + kg * 1000 * calibration.per_g_weight));
    lines.push(`${d},${formatTime(ts)},${t1.toFixed(1)},${t2Faulty?.[k] ? SENSOR_FAULT_READING : t2.toFixed(1)},${w}`);
    rows++;
    lastTs = ts;
  }

  return {
    text: damageText(lines, fault),
    truth: {
      kiln_type: type,
      kiln_id: options.kiln_id,
      latitude: position.latitude,
      longitude: position.longitude,
      start_ts: plan.startTs,
      end_ts: lastTs,
      rows,
      sample_interval_s: plan.intervalMs / 1000,
      biomass_kg: plan.biomassKg,
      biochar_kg: plan.biocharKg,
      char_yield: plan.charYield,
      loads: plan.loads.map((load) => ({ ...load })),
      ignition_ts: plan.ignitionTs,
      peak_ts: plan.peakTs,
      peak_temp_c: plan.peakC,
      changeover_ts: plan.changeoverTs,
      quench_ts: plan.quenched ? plan.fireOutTs : null,
      fault: fault ?? null,
    },
  };
}

function pickPosition(box: GenerateBurnOptions['facility'], outside: boolean, rng: Random): { latitude: number; longitude: number } {
  const inside = (min: number, max: number) => min + (max - min) * rng.between(0.25, 0.75);
  const round5 = (value: number) => Math.round(value * 1e5) / 1e5;
  let latitude = inside(box.latitude_min, box.latitude_max);
  let longitude = inside(box.longitude_min, box.longitude_max);
  const offset = rng.between(0.1, 0.5);
  if (outside) {
    if (box.latitude_max + offset <= 90) latitude = box.latitude_max + offset;
    else if (box.latitude_min - offset >= -90) latitude = box.latitude_min - offset;
    else if (box.longitude_max + offset <= 180) longitude = box.longitude_max + offset;
    else if (box.longitude_min - offset >= -180) longitude = box.longitude_min - offset;
    else throw new Error('The facility covers the whole globe: no position lies outside it.');
  }
  return { latitude: round5(latitude), longitude: round5(longitude) };
}

/**
 * Kiln contents in kg at each sample: loads as short ramps, minus the mass lost
 * to pyrolysis (at a rate following the mass present, tapering to zero at both
 * ends of the loss window), minus the Terrafix post-changeover loss, plus quench water.
 */
function simulateMass(plan: BurnPlan, count: number): Float64Array {
  const loaded = new Float64Array(count);
  const lossRate = new Float64Array(count);
  const span = plan.lossEndTs - plan.lossStartTs;
  for (let k = 0; k < count; k++) {
    const t = plan.startTs + k * plan.intervalMs;
    let kg = 0;
    for (const load of plan.loads) kg += load.kg * Math.min(1, Math.max(0, (t - load.ts) / plan.loadRampMs));
    loaded[k] = kg;
    const u = (t - plan.lossStartTs) / span;
    lossRate[k] = u > 0 && u < 1 ? kg * Math.sin(Math.PI * u) : 0;
  }
  let totalRate = 0;
  for (let k = 0; k < count; k++) totalRate += lossRate[k];
  // the loss window may run past a short log: normalise over the whole planned window
  const endK = Math.ceil((plan.lossEndTs - plan.startTs) / plan.intervalMs);
  for (let k = count; k < endK; k++) {
    const t = plan.startTs + k * plan.intervalMs;
    const u = (t - plan.lossStartTs) / span;
    if (u > 0 && u < 1) totalRate += plan.biomassKg * Math.sin(Math.PI * u);
  }
  const totalLoss = plan.biomassKg - plan.weightAtLossEndKg;
  const mass = new Float64Array(count);
  let lost = 0;
  for (let k = 0; k < count; k++) {
    const t = plan.startTs + k * plan.intervalMs;
    lost += totalRate > 0 ? (totalLoss * lossRate[k]) / totalRate : 0;
    let kg = loaded[k] - lost;
    if (plan.changeoverTs !== null && t > plan.changeoverTs) {
      kg -= plan.postChangeoverLossKg * Math.min(1, (t - plan.changeoverTs) / (plan.fireOutTs - plan.changeoverTs));
    }
    if (plan.quenched && t > plan.fireOutTs) kg += plan.waterKg * Math.min(1, (t - plan.fireOutTs) / QUENCH_WATER_RAMP_MS);
    mass[k] = kg;
  }
  return mass;
}

/** Samples where thermocouple 2 reads open-circuit: runs of 1–4 minutes covering SENSOR_FAULT_SHARE of the burn. */
function sensorFaultMask(plan: BurnPlan, count: number, rng: Random): Uint8Array {
  const mask = new Uint8Array(count);
  const from = Math.max(0, Math.ceil((plan.ignitionTs - plan.startTs) / plan.intervalMs));
  const to = Math.min(count, Math.floor((plan.fireOutTs - plan.startTs) / plan.intervalMs));
  const target = Math.ceil(SENSOR_FAULT_SHARE * (to - from));
  let marked = 0;
  while (marked < target) {
    const length = Math.max(1, Math.round((rng.between(1, 4) * MINUTE_MS) / plan.intervalMs));
    const at = from + Math.floor(rng.next() * Math.max(1, to - from - length));
    for (let k = at; k < at + length && k < to && marked < target; k++) {
      if (!mask[k]) {
        mask[k] = 1;
        marked++;
      }
    }
  }
  return mask;
}

/** Which rows the kiln managed to write: a gap mid-burn, or a log that stops mid-burn. */
function keptRows(plan: BurnPlan, count: number, fault: BurnFault | undefined): (k: number, ts: number) => boolean {
  if (fault === 'gap') {
    // between the last load and the peak, where it hides nothing the analysis needs
    const lastLoad = plan.loads[plan.loads.length - 1].ts;
    const gapStart = Math.max(lastLoad + 10 * MINUTE_MS, (plan.plateauTs + plan.peakTs) / 2);
    return (_k, ts) => ts < gapStart || ts >= gapStart + GAP_MS;
  }
  if (fault === 'truncated') {
    const stop = plan.plateauTs + 0.5 * (plan.fireOutTs - plan.plateauTs);
    return (_k, ts) => ts < stop;
  }
  return (k) => k < count;
}

/** File-level damage: emptied, cut mid-row, or a corrupt row. */
function damageText(lines: string[], fault: BurnFault | undefined): string {
  if (fault === 'empty_file') return '';
  const firstRow = lines.findIndex((line) => /^\d/.test(line));
  const middle = firstRow + Math.floor((lines.length - firstRow) * 0.6);
  if (fault === 'truncated_line') {
    // cut inside the time field, so the last line can never pass for a reading
    return lines.slice(0, middle).join('\n') + '\n' + lines[middle].slice(0, 15);
  }
  if (fault === 'garbled_line') {
    const cells = lines[middle].split(',');
    lines[middle] = `${cells[0]},${cells[1]},ERR,${cells[3]},${cells[4]}`;
  }
  return lines.join('\n') + '\n';
}
