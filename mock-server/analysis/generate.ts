import { baseTemperature, type BurnFault, type BurnPlan, type BurnTruthInput, type Messiness, planBurn } from './burnPlan';
import { DEFAULT_WICF, KILN_TYPE, type KilnType, MINUTE_MS } from './constants';
import { createRandom, type Random } from './prng';
import { formatDate, formatTime } from './time';

export { MESSINESS, type BurnFault, type BurnTruthInput, type Messiness } from './burnPlan';

/**
 * Deterministic burn simulator: the same options always give the same CSV
 * (docs/analysis.md#burn-log-files) and the truth it was made from, for tests and demo data.
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
  /** field messiness to add (docs/analysis.md#checking-against-known-truth); none by default */
  messiness?: readonly Messiness[];
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
  messiness: Messiness[];
  /** what the analysis should find (docs/analysis.md#burn-phases, docs/analysis.md#figures-and-formulas): t0, tq, their difference and the weight before tq */
  t0_ts: number;
  tq_ts: number;
  burn_duration_ms: number;
  biochar_prior_kg: number;
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
const BURN_END_TEMP_C = 100;
/** flame noise (docs/analysis.md#checking-against-known-truth): up to ±40 °C between samples, and a drift of about ±25 °C over 5–25 minutes */
const FLAME_NOISE_C = 40;
const FLAME_DRIFT_C = 12.5;
/** flames are only as lively as the kiln is hot: full noise from this much above ambient */
const FLAME_FULL_ABOVE_AMBIENT_C = 300;
const LOST_ROW_SHARE = 0.03;

export function generateBurn(options: GenerateBurnOptions): GeneratedBurn {
  const { kiln_type: type, fault } = options;
  if (fault === 'no_quench' && type === KILN_TYPE.RETORT) throw new Error('A Retort has no quench to leave out.');
  if (fault === 'estimates_disagree' && type !== KILN_TYPE.TERRAFIX) throw new Error('Only a Terrafix has two biochar estimates.');

  const messiness = new Set(options.messiness ?? []);
  const messy = (kind: Messiness) => messiness.has(kind);
  const rng = createRandom(options.seed);
  const fieldRng = createRandom(options.seed ^ 0x0f1e1d);
  const plan = planBurn(
    type,
    options.start_ts,
    options.truth ?? {},
    fault ?? null,
    options.facility.wicf ?? DEFAULT_WICF,
    rng,
    messiness,
    fieldRng,
  );
  const position = pickPosition(options.facility, fault === 'gps_outside', rng);
  const calibration = options.calibration ?? (type === KILN_TYPE.TERRAFIX ? DEFAULT_CALIBRATION.terrafix : DEFAULT_CALIBRATION.cgo1);

  const times = sampleTimes(plan, messy('irregular_sampling'), fieldRng);
  const count = times.length;
  const mass = simulateMass(plan, times);
  // a stream of its own, so the readings' noise is the same with and without the fault
  const t2Faulty = fault === 'sensor_fault' ? sensorFaultMask(plan, times, createRandom(options.seed ^ 0x5eed)) : null;
  const blanks = messy('blank_thermocouple') ? blankRuns(plan, fieldRng) : [];
  const noise = messy('flame_noise') ? flameNoise(fieldRng) : null;
  const keep = keptRows(plan, fault);

  const lines: string[] = [];
  if (fault !== 'missing_header') {
    lines.push(`# kiln_id=${options.kiln_id}`, `# latitude=${position.latitude}`, `# longitude=${position.longitude}`);
  }
  lines.push('d,t,t1,t2,w');
  const dayText = new Map<number, string>();
  let rows = 0;
  let lastTs = plan.startTs;
  for (let k = 0; k < count; k++) {
    const ts = times[k];
    const base = baseTemperature(plan, ts);
    // draw every random number even for dropped rows, so a fault changes nothing else
    let t1 = base + rng.gaussian(plan.tempNoiseC);
    let t2 = plan.ambientC + plan.t2Ratio * (base - plan.ambientC) + rng.gaussian(plan.tempNoiseC);
    const kg = mass[k] + rng.gaussian(plan.weightNoiseKg);
    if (noise && ts < plan.fireOutTs) {
      // flames only while the fire burns, as lively as the kiln is hot
      const liveliness = Math.min(1, Math.max(0, (base - plan.ambientC) / FLAME_FULL_ABOVE_AMBIENT_C));
      t1 += liveliness * noise(ts, 0);
      t2 += liveliness * noise(ts, 1);
    }
    if (!keep(ts)) continue;
    const day = Math.floor(ts / 86_400_000);
    let d = dayText.get(day);
    if (d === undefined) {
      d = formatDate(ts);
      dayText.set(day, d);
    }
    const w =
      type === KILN_TYPE.RETORT ? kg.toFixed(1) : String(Math.round(calibration.zero_weight + kg * 1000 * calibration.per_g_weight));
    let t1Text = t1.toFixed(1);
    let t2Text = t2Faulty?.[k] ? SENSOR_FAULT_READING : t2.toFixed(1);
    for (const blank of blanks) {
      if (ts < blank.from || ts >= blank.to) continue;
      if (blank.channel === 1) t1Text = blank.cell;
      else t2Text = blank.cell;
    }
    lines.push(`${d},${formatTime(ts)},${t1Text},${t2Text},${w}`);
    rows++;
    lastTs = ts;
  }

  const t0 = plan.loads[0].ts;
  const tq = quenchOrBurnEnd(plan);
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
      messiness: [...messiness],
      t0_ts: t0,
      tq_ts: tq,
      burn_duration_ms: tq - t0,
      biochar_prior_kg: type === KILN_TYPE.CGO1 ? plan.weightAtLossEndKg : plan.biocharKg,
    },
  };
}

/** The quench; for a kiln that is not quenched, when it cools through BURN_END_TEMP_C for the last time. */
function quenchOrBurnEnd(plan: BurnPlan): number {
  if (plan.quenched) return plan.fireOutTs;
  const above = plan.fireOutC - plan.ambientC;
  if (plan.fireOutC <= BURN_END_TEMP_C) return plan.fireOutTs;
  return plan.fireOutTs + plan.naturalCoolingMs * Math.log(above / (BURN_END_TEMP_C - plan.ambientC));
}

/** When the logger wrote a row: every interval, or (irregular) every 3–20 s with a few rows lost. Whole seconds. */
function sampleTimes(plan: BurnPlan, irregular: boolean, rng: Random): number[] {
  const times: number[] = [];
  if (!irregular) {
    const count = Math.max(1, Math.floor((plan.endTs - plan.startTs) / plan.intervalMs));
    for (let k = 0; k < count; k++) times.push(plan.startTs + k * plan.intervalMs);
    return times;
  }
  for (let ts = plan.startTs; ts < plan.endTs; ts += Math.round(rng.between(3, 20)) * 1000) {
    if (rng.next() >= LOST_ROW_SHARE) times.push(ts);
  }
  return times;
}

/** Per channel: uniform jitter of ±FLAME_NOISE_C plus a slow drift of two waves with random periods and phases. */
function flameNoise(rng: Random): (ts: number, channel: 0 | 1) => number {
  const waves = [0, 1].map(() => [0, 1].map(() => ({ periodMs: rng.between(5, 25) * MINUTE_MS, phase: rng.between(0, 2 * Math.PI) })));
  return (ts, channel) => {
    let drift = 0;
    for (const wave of waves[channel]) drift += FLAME_DRIFT_C * Math.sin((2 * Math.PI * ts) / wave.periodMs + wave.phase);
    return rng.between(-FLAME_NOISE_C, FLAME_NOISE_C) + drift;
  };
}

/** One or two runs of 2–6 minutes during the burn where one thermocouple writes nothing (an empty cell, or nan). */
function blankRuns(plan: BurnPlan, rng: Random): { from: number; to: number; channel: 1 | 2; cell: string }[] {
  const count = 1 + Math.floor(rng.next() * 2);
  return Array.from({ length: count }, (_, i) => {
    const from = plan.ignitionTs + rng.between(0.1, 0.8) * (plan.fireOutTs - plan.ignitionTs);
    return { from, to: from + rng.between(2, 6) * MINUTE_MS, channel: rng.next() < 0.5 ? 1 : 2, cell: i === 0 ? '' : 'nan' };
  });
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
 * Kiln contents in kg at each sample time: loads (or their armfuls) as short
 * ramps, minus the mass lost to pyrolysis (at a rate following the mass
 * present, tapering to zero at both ends of the loss window), minus the
 * Terrafix post-changeover loss, plus quench water sprayed in over quenchSprayMs.
 * The loss is integrated second by second, so it does not depend on when rows were written.
 */
function simulateMass(plan: BurnPlan, times: readonly number[]): Float64Array {
  const stepMs = 1000;
  const gridEnd = Math.max(plan.endTs, plan.lossEndTs, times.length > 0 ? times[times.length - 1] : plan.startTs);
  const gridCount = Math.floor((gridEnd - plan.startTs) / stepMs) + 2;
  const loadedAt = (t: number): number => {
    let kg = 0;
    for (const load of plan.armfuls) kg += load.kg * Math.min(1, Math.max(0, (t - load.ts) / plan.loadRampMs));
    return kg;
  };
  const span = plan.lossEndTs - plan.lossStartTs;
  const lossRate = new Float64Array(gridCount);
  let totalRate = 0;
  for (let g = 0; g < gridCount; g++) {
    const t = plan.startTs + g * stepMs;
    const u = (t - plan.lossStartTs) / span;
    lossRate[g] = u > 0 && u < 1 ? loadedAt(t) * Math.sin(Math.PI * u) : 0;
    totalRate += lossRate[g];
  }
  const totalLoss = plan.biomassKg - plan.weightAtLossEndKg;
  const lostBy = new Float64Array(gridCount);
  let lost = 0;
  for (let g = 0; g < gridCount; g++) {
    lost += totalRate > 0 ? (totalLoss * lossRate[g]) / totalRate : 0;
    lostBy[g] = lost;
  }
  return Float64Array.from(times, (t) => {
    const g = Math.min(gridCount - 1, Math.max(0, Math.round((t - plan.startTs) / stepMs)));
    let kg = loadedAt(t) - lostBy[g];
    if (plan.changeoverTs !== null && t > plan.changeoverTs) {
      kg -= plan.postChangeoverLossKg * Math.min(1, (t - plan.changeoverTs) / (plan.fireOutTs - plan.changeoverTs));
    }
    if (plan.quenched && t > plan.fireOutTs) kg += plan.waterKg * Math.min(1, (t - plan.fireOutTs) / plan.quenchSprayMs);
    return kg;
  });
}

/** Samples where thermocouple 2 reads open-circuit: runs of 1–4 minutes covering SENSOR_FAULT_SHARE of the burn. */
function sensorFaultMask(plan: BurnPlan, times: readonly number[], rng: Random): Uint8Array {
  const mask = new Uint8Array(times.length);
  const burnMs = plan.fireOutTs - plan.ignitionTs;
  const runs: { from: number; to: number }[] = [];
  let covered = 0;
  while (covered < SENSOR_FAULT_SHARE * burnMs) {
    const length = rng.between(1, 4) * MINUTE_MS;
    const from = plan.ignitionTs + rng.next() * Math.max(0, burnMs - length);
    runs.push({ from, to: from + length });
    covered += length;
  }
  times.forEach((t, k) => {
    if (runs.some((run) => t >= run.from && t < run.to)) mask[k] = 1;
  });
  return mask;
}

/** Which rows the kiln managed to write: a gap mid-burn, or a log that stops mid-burn. */
function keptRows(plan: BurnPlan, fault: BurnFault | undefined): (ts: number) => boolean {
  if (fault === 'gap') {
    // between the last load and the peak, where it hides nothing the analysis needs
    const lastLoad = plan.loads[plan.loads.length - 1].ts;
    const gapStart = Math.max(lastLoad + 10 * MINUTE_MS, (plan.plateauTs + plan.peakTs) / 2);
    return (ts) => ts < gapStart || ts >= gapStart + GAP_MS;
  }
  if (fault === 'truncated') {
    const stop = plan.plateauTs + 0.5 * (plan.fireOutTs - plan.plateauTs);
    return (ts) => ts < stop;
  }
  return () => true;
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
  if (fault === 'garbage') {
    // a logger writing junk: two rows in three unreadable
    for (let i = firstRow; i < lines.length; i++) if ((i - firstRow) % 3 !== 0) lines[i] = `E5 checksum ${i} fail`;
  }
  if (fault === 'garbled_line') {
    const cells = lines[middle].split(',');
    lines[middle] = `${cells[0]},${cells[1]},ERR,${cells[3]},${cells[4]}`;
  }
  return lines.join('\n') + '\n';
}
