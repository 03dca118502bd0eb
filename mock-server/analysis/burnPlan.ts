import { KILN_TYPE, type KilnType, MINUTE_MS } from './constants';
import { createRandom, type Random } from './prng';

/**
 * The schedule and physical figures of one simulated burn: when each load goes
 * in, when it lights, peaks, changes over and is quenched, and what it weighs.
 */

export type BurnFault =
  | 'gps_outside'
  | 'too_cold'
  | 'sensor_fault'
  | 'gap'
  | 'no_quench'
  | 'mass_implausible'
  | 'too_long'
  | 'estimates_disagree'
  /** the log stops mid-burn (at a row boundary): an invalid burn */
  | 'truncated'
  /** the file is cut in the middle of a row: an unparsable line */
  | 'truncated_line'
  | 'garbled_line'
  | 'missing_header'
  | 'empty_file'
  /** most lines unreadable: an error naming the first bad line */
  | 'garbage';

/**
 * Field messiness (docs/analysis.md#checking-against-known-truth): how real flame-curtain kilns log, described
 * physically. None of it is a fault: a burn with any of it is still a good burn.
 */
export const MESSINESS = [
  /** flame noise of ±40 °C between samples, with slow drift */
  'flame_noise',
  /** cold wood drops the temperature by 100–200 °C for a minute or two after each load */
  'load_dips',
  /** the highest temperature early in the burn, most loads after it */
  'early_peak',
  /** each load in several armfuls over one or two minutes; loads of uneven size */
  'armfuls',
  /** a reading every 3–20 s, a few percent of rows lost */
  'irregular_sampling',
  /** water sprayed over several minutes */
  'slow_quench',
  /** a thermocouple blank for a few minutes (empty or nan cells) */
  'blank_thermocouple',
] as const;
export type Messiness = (typeof MESSINESS)[number];

/** Truth to simulate; anything left out is drawn around the kiln type's typical value. */
export interface BurnTruthInput {
  biomass_kg?: number;
  /** biochar produced / biomass loaded */
  char_yield?: number;
  peak_temp_c?: number;
  ambient_c?: number;
  loads?: number;
  heating_minutes?: number;
  /** from the end of heating to the quench (Retort: to the fire going out) */
  pyrolysis_minutes?: number;
  cooling_minutes?: number;
  /** total length of the log; when given it replaces cooling_minutes */
  log_minutes?: number;
  sample_interval_s?: number;
}

export interface BurnPlan {
  type: KilnType;
  messiness: ReadonlySet<Messiness>;
  /** what goes into the kiln when: the loads, or their armfuls */
  armfuls: { ts: number; kg: number }[];
  /** per load after ignition: how deep (°C) and how long (ms) the cold wood dents the flame */
  dips: { ts: number; depthC: number; ms: number }[];
  /** how long the quench water takes to go in */
  quenchSprayMs: number;
  startTs: number;
  endTs: number;
  intervalMs: number;
  ambientC: number;
  loads: { ts: number; kg: number }[];
  loadRampMs: number;
  ignitionTs: number;
  plateauTs: number;
  peakTs: number;
  /** quench, or the fire going out when there is none */
  fireOutTs: number;
  changeoverTs: number | null;
  quenched: boolean;
  plateauStartC: number;
  peakC: number;
  fireOutC: number;
  /** cooling time constant without a quench */
  naturalCoolingMs: number;
  /** t2 = ambient + ratio × (t1 − ambient) */
  t2Ratio: number;
  biomassKg: number;
  biocharKg: number;
  charYield: number;
  /** mass loss from biomass runs over [lossStartTs, lossEndTs], down to weightAtLossEndKg */
  lossStartTs: number;
  lossEndTs: number;
  weightAtLossEndKg: number;
  /** Terrafix: the char still loses this much between changeover and quench */
  postChangeoverLossKg: number;
  waterKg: number;
  weightNoiseKg: number;
  tempNoiseC: number;
}

interface TypeDefaults {
  biomass_kg: number;
  char_yield: number;
  peak_temp_c: number;
  loads: number;
  heating_minutes: number;
  pyrolysis_minutes: number;
  weightNoiseKg: number;
  t2Ratio: number;
}

const DEFAULTS: Record<KilnType, TypeDefaults> = {
  [KILN_TYPE.CGO1]: {
    biomass_kg: 600,
    char_yield: 0.21,
    peak_temp_c: 680,
    loads: 4,
    heating_minutes: 25,
    pyrolysis_minutes: 150,
    weightNoiseKg: 0.3,
    t2Ratio: 0.85,
  },
  [KILN_TYPE.RETORT]: {
    biomass_kg: 350,
    char_yield: 0.3,
    peak_temp_c: 560,
    loads: 1,
    heating_minutes: 45,
    pyrolysis_minutes: 180,
    weightNoiseKg: 0.15,
    t2Ratio: 0.85,
  },
  [KILN_TYPE.TERRAFIX]: {
    biomass_kg: 900,
    char_yield: 0.24,
    peak_temp_c: 650,
    loads: 3,
    heating_minutes: 30,
    pyrolysis_minutes: 150,
    weightNoiseKg: 0.4,
    t2Ratio: 0.8,
  },
};

const TOO_COLD_PEAK_C = 380;
const IMPLAUSIBLE_CHAR_YIELD = 0.55;
const TOO_LONG_PYROLYSIS_MINUTES = 25 * 60;
const QUENCH_SETTLE_C = 90;
/** a quick quench: the water goes in within a minute and a half */
export const QUENCH_WATER_RAMP_MS = 90_000;
const COOLING_AFTER_QUENCH_MINUTES = 30;
/** without a quench the log runs until the kiln is this long below 100 °C */
const COOLING_MARGIN_MINUTES = 15;

function spread(count: number, from: number, to: number, rng: Random): number[] {
  return Array.from({ length: count }, (_, i) => {
    const at = count === 1 ? from : from + ((to - from) * i) / (count - 1);
    return Math.min(to, Math.max(from, at + rng.between(-2, 2) * MINUTE_MS));
  });
}

function splitMass(total: number, count: number, rng: Random, uneven: boolean): number[] {
  const shares = Array.from({ length: count }, () => (uneven ? rng.between(0.35, 1.65) : rng.between(0.7, 1.3)));
  const sum = shares.reduce((a, b) => a + b, 0);
  return shares.map((share) => (total * share) / sum);
}

export function planBurn(
  type: KilnType,
  startTs: number,
  truth: BurnTruthInput,
  fault: BurnFault | null,
  wicf: number,
  rng: Random,
  messiness: ReadonlySet<Messiness> = new Set(),
  /** the messiness draws its own numbers, so a clean burn of a seed stays the burn it always was */
  fieldRng: Random = createRandom(0x0f1e1d),
): BurnPlan {
  const d = DEFAULTS[type];
  const messy = (kind: Messiness) => messiness.has(kind);
  const earlyPeak = messy('early_peak');
  // every draw is made whatever the options, so a fault or a given figure changes nothing else
  const jitter = {
    biomass: rng.between(0.8, 1.2),
    charYield: rng.between(-0.03, 0.03),
    peak: rng.between(-30, 30),
    ambient: rng.between(15, 30),
    pyrolysis: rng.between(-15, 15),
  };
  const biomassKg = truth.biomass_kg ?? d.biomass_kg * jitter.biomass;
  const charYield = fault === 'mass_implausible' ? IMPLAUSIBLE_CHAR_YIELD : (truth.char_yield ?? d.char_yield + jitter.charYield);
  const peakC = fault === 'too_cold' ? TOO_COLD_PEAK_C : (truth.peak_temp_c ?? d.peak_temp_c + jitter.peak);
  const ambientC = truth.ambient_c ?? jitter.ambient;
  const loadCount = Math.max(1, Math.round(truth.loads ?? d.loads));
  const heatingMs = (truth.heating_minutes ?? d.heating_minutes) * MINUTE_MS;
  const pyrolysisMs =
    (fault === 'too_long' ? TOO_LONG_PYROLYSIS_MINUTES : (truth.pyrolysis_minutes ?? d.pyrolysis_minutes + jitter.pyrolysis)) * MINUTE_MS;
  const biocharKg = biomassKg * charYield;
  const loadKg = splitMass(biomassKg, loadCount, rng, messy('armfuls'));
  const firstLoadTs = startTs + rng.between(5, 8) * MINUTE_MS;

  let loadTimes: number[];
  let ignitionTs: number;
  let plateauTs: number;
  let peakTs: number;
  let fireOutTs: number;
  let changeoverTs: number | null = null;
  let lossStartTs: number;
  let lossEndTs: number;
  let weightAtLossEndKg: number;
  let postChangeoverLossKg = 0;
  let plateauStartC: number;
  let fireOutC: number;
  let waterKg: number;
  let quenched = fault !== 'no_quench';

  if (type === KILN_TYPE.CGO1) {
    if (charYield / (1 - wicf) > 1) throw new Error(`char_yield ${charYield} is impossible with wicf ${wicf}`);
    ignitionTs = firstLoadTs + 2 * MINUTE_MS;
    plateauTs = ignitionTs + heatingMs;
    fireOutTs = plateauTs + pyrolysisMs;
    peakTs = earlyPeak ? plateauTs + fieldRng.between(0.05, 0.15) * pyrolysisMs : plateauTs + 0.65 * pyrolysisMs;
    // loads go in as the layer below chars; with an early peak most of them come after it
    const lastLoadShare = earlyPeak ? fieldRng.between(0.6, 0.8) : 0.4;
    loadTimes = [firstLoadTs, ...spread(loadCount - 1, ignitionTs + 15 * MINUTE_MS, plateauTs + lastLoadShare * pyrolysisMs, rng)];
    lossStartTs = ignitionTs + 5 * MINUTE_MS;
    lossEndTs = fireOutTs - 12 * MINUTE_MS;
    weightAtLossEndKg = biocharKg / (1 - wicf);
    plateauStartC = earlyPeak ? peakC - 40 : peakC - 90;
    fireOutC = earlyPeak ? peakC - 150 : peakC - 120;
    waterKg = 0.9 * weightAtLossEndKg;
  } else if (type === KILN_TYPE.TERRAFIX) {
    const loadGap = rng.between(8, 12) * MINUTE_MS;
    ignitionTs = firstLoadTs + 3 * MINUTE_MS;
    plateauTs = ignitionTs + heatingMs;
    if (earlyPeak) {
      peakTs = plateauTs + fieldRng.between(0.05, 0.15) * pyrolysisMs;
      loadTimes = [
        firstLoadTs,
        ...spread(loadCount - 1, ignitionTs + 15 * MINUTE_MS, plateauTs + fieldRng.between(0.4, 0.55) * pyrolysisMs, rng),
      ];
    } else {
      loadTimes = Array.from({ length: loadCount }, (_, i) => firstLoadTs + i * loadGap);
      peakTs = Math.max(plateauTs + 0.5 * pyrolysisMs, loadTimes[loadTimes.length - 1] + 20 * MINUTE_MS);
    }
    changeoverTs = plateauTs + 0.8 * pyrolysisMs;
    fireOutTs = plateauTs + pyrolysisMs;
    lossStartTs = ignitionTs + 5 * MINUTE_MS;
    lossEndTs = changeoverTs - 10 * MINUTE_MS;
    const postLoss = fault === 'estimates_disagree' ? 0.15 : 0.02;
    weightAtLossEndKg = biocharKg / (1 - postLoss);
    postChangeoverLossKg = weightAtLossEndKg - biocharKg;
    plateauStartC = peakC - 80;
    // the cooler thermocouple crosses 350 °C at the changeover
    const changeoverC = ambientC + (350 - ambientC) / d.t2Ratio - 5;
    if (changeoverC < peakC - 30) {
      fireOutC = peakC + ((changeoverC - peakC) * (fireOutTs - peakTs)) / (changeoverTs - peakTs);
    } else {
      changeoverTs = peakTs;
      fireOutC = peakC - 120;
    }
    waterKg = 0.7 * biocharKg;
  } else {
    quenched = false;
    loadTimes = Array.from({ length: loadCount }, (_, i) => firstLoadTs + i * 3 * MINUTE_MS);
    ignitionTs = loadTimes[loadTimes.length - 1] + rng.between(5, 7) * MINUTE_MS;
    plateauTs = ignitionTs + heatingMs;
    peakTs = plateauTs + 0.7 * pyrolysisMs;
    fireOutTs = plateauTs + pyrolysisMs;
    lossStartTs = ignitionTs + 0.5 * heatingMs;
    lossEndTs = fireOutTs - 20 * MINUTE_MS;
    weightAtLossEndKg = biocharKg;
    plateauStartC = peakC - 60;
    fireOutC = peakC - 40;
    waterKg = 0;
  }

  const naturalCoolingMs = (type === KILN_TYPE.RETORT ? 45 : 50) * MINUTE_MS;
  const coolingMs = quenched
    ? (truth.cooling_minutes ?? COOLING_AFTER_QUENCH_MINUTES) * MINUTE_MS
    : (truth.cooling_minutes ?? COOLING_MARGIN_MINUTES) * MINUTE_MS +
      (fireOutC > 100 ? naturalCoolingMs * Math.log((fireOutC - ambientC) / (100 - ambientC)) : 0);
  const endTs = truth.log_minutes !== undefined ? startTs + truth.log_minutes * MINUTE_MS : fireOutTs + coolingMs;

  const loads = loadTimes.map((ts, i) => ({ ts, kg: loadKg[i] }));
  const armfuls = messy('armfuls')
    ? loads.flatMap((load) => {
        const count = 2 + Math.floor(fieldRng.next() * 3);
        const spanMs = fieldRng.between(1, 2) * MINUTE_MS;
        const shares = Array.from({ length: count }, () => fieldRng.between(0.5, 1.5));
        const sum = shares.reduce((a, b) => a + b, 0);
        return shares.map((share, i) => ({ ts: load.ts + (spanMs * i) / (count - 1), kg: (load.kg * share) / sum }));
      })
    : loads;
  // every dip is drawn, used or not, so turning load_dips on changes nothing else
  const dips = loads
    .map((load) => ({ ts: load.ts, depthC: fieldRng.between(100, 200), ms: fieldRng.between(1, 2) * MINUTE_MS }))
    .filter((dip) => messy('load_dips') && dip.ts > ignitionTs);
  const quenchSprayMs = messy('slow_quench') ? fieldRng.between(3, 8) * MINUTE_MS : QUENCH_WATER_RAMP_MS;

  return {
    type,
    messiness,
    armfuls,
    dips,
    quenchSprayMs,
    startTs,
    endTs,
    intervalMs: (truth.sample_interval_s ?? 10) * 1000,
    ambientC,
    loads,
    loadRampMs: (type === KILN_TYPE.RETORT ? 60 : 20) * 1000,
    ignitionTs,
    plateauTs,
    peakTs,
    fireOutTs,
    changeoverTs,
    quenched,
    plateauStartC,
    peakC,
    fireOutC,
    naturalCoolingMs,
    t2Ratio: d.t2Ratio,
    biomassKg,
    biocharKg,
    charYield,
    lossStartTs,
    lossEndTs,
    weightAtLossEndKg,
    postChangeoverLossKg,
    waterKg,
    weightNoiseKg: d.weightNoiseKg,
    tempNoiseC: 1.5,
  };
}

/** The kiln's temperature (t1) without noise. */
export function baseTemperature(plan: BurnPlan, t: number): number {
  const { ambientC: a } = plan;
  if (t < plan.ignitionTs) return a;
  if (t >= plan.fireOutTs) {
    const dt = t - plan.fireOutTs;
    const above = plan.fireOutC - a;
    if (!plan.quenched) return a + above * Math.exp(-dt / plan.naturalCoolingMs);
    // water knocks the kiln down to about QUENCH_SETTLE_C in a minute or two, then it cools slowly
    const slowShare = above > 0 ? Math.min(1, Math.max(0, (QUENCH_SETTLE_C - a) / above)) : 1;
    const knockDownMs = plan.quenchSprayMs / 2;
    return a + above * ((1 - slowShare) * Math.exp(-dt / knockDownMs) + slowShare * Math.exp(-dt / (25 * MINUTE_MS)));
  }
  let base: number;
  if (t < plan.plateauTs) {
    const u = (t - plan.ignitionTs) / (plan.plateauTs - plan.ignitionTs);
    base = a + (plan.plateauStartC - a) * u * u * (3 - 2 * u);
  } else if (t < plan.peakTs) {
    base = plan.plateauStartC + ((plan.peakC - plan.plateauStartC) * (t - plan.plateauTs)) / (plan.peakTs - plan.plateauTs);
  } else {
    base = plan.peakC + ((plan.fireOutC - plan.peakC) * (t - plan.peakTs)) / (plan.fireOutTs - plan.peakTs);
  }
  if (plan.dips.length > 0) {
    // cold wood knocks the flame down within seconds; it recovers over a minute or two
    for (const dip of plan.dips) {
      const dt = t - dip.ts;
      if (dt < 0 || dt > 2 * dip.ms) continue;
      const shape = dt < 15_000 ? dt / 15_000 : Math.max(0, 1 - (dt - 15_000) / (dip.ms - 15_000)) ** 2;
      base -= dip.depthC * shape;
    }
    return base;
  }
  // cold biomass dents the temperature for a few minutes after each load
  for (const load of plan.loads) {
    if (load.ts <= plan.ignitionTs || t < load.ts) continue;
    const u = (t - load.ts) / (1.5 * MINUTE_MS);
    if (u < 8) base -= 30 * u * Math.exp(1 - u);
  }
  return base;
}
