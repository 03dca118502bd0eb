import { generateBurn, KILN_TYPE, MESSINESS, type BurnFault, type GenerateBurnOptions, type KilnType, type Messiness } from '../analysis';
import { DEFAULT_CALIBRATION } from '../analysis/generate';
import { createRandom, type Random } from '../analysis/prng';
import { analysedLog, kilnLookup } from '../kilnlogs/ingest';
import { KilnLogFiles } from '../kilnlogs/storage';
import type { FacilityRecord, KilnRecord } from '../store/schema';
import type { Seeder } from '.';
import { signAsDemoKiln } from './kilnKeys';

/**
 * About DEMO_LOG_COUNT burn logs over the last 18 months from the seeded kilns,
 * simulated by the analysis generator and stored through the upload path, so
 * the demo shows what real uploads give: mostly valid burns, a realistic share
 * invalid, and a few files that cannot be analysed at all. Like a real fleet's
 * logs, most burns carry some field messiness (ANALYSIS.md §5).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SPAN_DAYS = 548;
const SEED = 20_260_301;

type Outcome = { fault: BurnFault } | { unknownKiln: true } | null;

/** Shares of each kind of bad log, the rest being good burns (cumulative draw). */
const BAD_LOGS: [number, Outcome][] = [
  [0.03, { fault: 'gps_outside' }],
  [0.03, { fault: 'too_cold' }],
  [0.02, { fault: 'sensor_fault' }],
  [0.02, { fault: 'gap' }],
  [0.02, { fault: 'no_quench' }],
  [0.02, { fault: 'truncated' }],
  [0.01, { unknownKiln: true }],
  // a line the logger garbled is skipped and counted; a file cut off mid-line stops mid-burn
  [0.01, { fault: 'garbled_line' }],
  [0.005, { fault: 'truncated_line' }],
  [0.005, { fault: 'garbage' }],
];

/** How often each kind of field messiness shows in a burn log (each drawn on its own). */
const MESSINESS_SHARE: Record<Messiness, number> = {
  flame_noise: 0.7,
  load_dips: 0.6,
  early_peak: 0.35,
  armfuls: 0.6,
  irregular_sampling: 0.5,
  slow_quench: 0.3,
  blank_thermocouple: 0.15,
};

const drawMessiness = (rng: Random): Messiness[] => MESSINESS.filter((kind) => rng.next() < MESSINESS_SHARE[kind]);

function drawOutcome(rng: Random, type: KilnType): Outcome {
  let u = rng.next();
  for (const [share, outcome] of BAD_LOGS) {
    if (u < share) {
      // a Retort has no quench to miss
      if (outcome && 'fault' in outcome && outcome.fault === 'no_quench' && type === KILN_TYPE.RETORT) return { fault: 'too_cold' };
      return outcome;
    }
    u -= share;
  }
  return null;
}

function readJson(text: string): Record<string, Record<string, unknown> | undefined> {
  try {
    return JSON.parse(text) as Record<string, Record<string, unknown> | undefined>;
  } catch {
    return {};
  }
}

/** The load-cell calibration the simulated kiln reports with: its registered config where it has one. */
function calibrationOf(kiln: KilnRecord, type: KilnType): GenerateBurnOptions['calibration'] {
  if (type === KILN_TYPE.RETORT) return undefined; // its scale reports kg
  const isCgo1 = type === KILN_TYPE.CGO1;
  const fallback = isCgo1 ? DEFAULT_CALIBRATION.cgo1 : DEFAULT_CALIBRATION.terrafix;
  const section = readJson(kiln.config)[isCgo1 ? 'cgo1' : 'terrafix'];
  const perG = Number(section?.per_g_weight);
  // a Terrafix is tared from its log, so its configured zero is never used: keep the generator's empty-kiln reading
  const zero = isCgo1 ? Number(section?.zero_weight) : NaN;
  return {
    per_g_weight: perG > 0 ? perG : fallback.per_g_weight,
    zero_weight: Number.isFinite(zero) ? zero : fallback.zero_weight,
  };
}

const wicfOf = (facility: FacilityRecord): number | undefined => {
  const wicf = Number(readJson(facility.kiln_type_config).cgo1?.wicf);
  return Number.isFinite(wicf) ? wicf : undefined;
};

/** Kiln clocks are local: a start time on the kiln's clock, as the generator takes it (local read as UTC). */
function localStart(day: number, rng: Random): number {
  return day * DAY_MS + Math.round(rng.between(5, 9.5) * 60) * 60_000;
}

export const seedKilnLogs: Seeder = async (state, ctx) => {
  const files = new KilnLogFiles(ctx.blobs);
  const fileUnder = kilnLookup(state.kilns, state.facilities);
  const kilns = state.kilns.filter((k) => k.type === KILN_TYPE.CGO1 || k.type === KILN_TYPE.RETORT || k.type === KILN_TYPE.TERRAFIX);
  if (kilns.length === 0) return;
  const rng = createRandom(SEED);
  const today = Math.floor(Date.now() / DAY_MS);
  const firstDay = today - SPAN_DAYS;
  const count = ctx.config.demoLogCount;

  // spread evenly in time, oldest first, so ids grow with log time as they would in real life
  for (let i = 0; i < count; i++) {
    const kiln = kilns[Math.floor(rng.next() * kilns.length)];
    const facility = state.facilities.find((f) => f.id === kiln.facility_id);
    if (!facility) continue;
    const type = kiln.type as KilnType;
    const installDay = Math.floor(Date.parse(kiln.install_date) / DAY_MS);
    const from = Number.isFinite(installDay) ? Math.max(firstDay, installDay) : firstDay;
    const day = Math.min(today - 1, from + Math.floor(((today - 1 - from) * (i + rng.next())) / count));
    const outcome = drawOutcome(rng, type);
    const burn = generateBurn({
      kiln_type: type,
      kiln_id: outcome && 'unknownKiln' in outcome ? `${kiln.kiln_id}-X` : kiln.kiln_id,
      seed: SEED + i,
      start_ts: localStart(day, rng),
      calibration: calibrationOf(kiln, type),
      facility: { ...facility, wicf: wicfOf(facility) },
      fault: outcome && 'fault' in outcome ? outcome.fault : undefined,
      messiness: drawMessiness(rng),
    });
    // uploaded when the kiln next had a connection: within a few hours of the burn's end
    const uploadTs = new Date(burn.truth.end_ts + rng.between(0.2, 6) * 3_600_000);
    // the same analysis an upload gets, its row added to the state being built
    const bytes = Buffer.from(burn.text, 'utf8');
    const { row, file } = analysedLog(state.kilnlogs.length + 1, files.newRawKey(), { bytes, fileName: null, uploadTs }, fileUnder);
    signAsDemoKiln(state, row, bytes);
    await Promise.all([files.saveRaw(row.s3key, bytes), files.saveAnalysis(row.id, file)]);
    state.kilnlogs.push(row);
  }
};
