import { generateBurn, KILN_TYPE, MESSINESS, type BurnFault, type GenerateBurnOptions, type KilnType, type Messiness } from '../analysis';
import { DEFAULT_CALIBRATION } from '../analysis/generate';
import { createRandom, type Random } from '../analysis/prng';
import { analysedLog, kilnLookup } from '../kilnlogs/ingest';
import { KilnLogFiles } from '../kilnlogs/storage';
import type { FacilityRecord, KilnRecord } from '../store/model';
import type { AnomalyCode } from '../../src/domain/fleet/anomalies';
import type { BurnFingerprint } from '../../src/domain/fleet/fingerprint';
import { anomalousBurn } from '../fleet/anomalousBurns';
import { fleetBurnOf, judgeAll } from '../fleet/anomalyPass';
import type { Seeder, SeedState } from '.';
import { signAsDemoKiln } from './kilnKeys';

/**
 * About DEMO_LOG_COUNT burn logs over the last 18 months from the seeded kilns,
 * simulated by the analysis generator and stored through the upload path, so
 * the demo shows what real uploads give: mostly valid burns, a realistic share
 * invalid, and a few files that cannot be analysed at all. Like a real fleet's
 * logs, most burns carry some field messiness (docs/analysis.md#checking-against-known-truth).
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

/** A demo of at least this many logs also shows each fleet anomaly (tests seed fewer and keep their fleet as it was). */
export const DEMO_ANOMALY_MIN_LOGS = 50;
const ANOMALY_SEED = 20_261_126;

/**
 * Each anomaly twice, on the last days, each after the ordinary burns its rule
 * reads (a copied curve's original, the burn before a jump, three before a drift).
 */
const DEMO_ANOMALIES: { code: AnomalyCode; type: KilnType; before: number }[] = [
  { code: 'DUPLICATE_CURVE', type: KILN_TYPE.CGO1, before: 1 },
  { code: 'GPS_JUMP', type: KILN_TYPE.TERRAFIX, before: 1 },
  { code: 'TARE_DRIFT', type: KILN_TYPE.CGO1, before: 3 },
  { code: 'YIELD_OUTLIER', type: KILN_TYPE.RETORT, before: 0 },
  { code: 'RATE_IMPOSSIBLE', type: KILN_TYPE.TERRAFIX, before: 0 },
  { code: 'DUPLICATE_CURVE', type: KILN_TYPE.RETORT, before: 1 },
  { code: 'GPS_JUMP', type: KILN_TYPE.CGO1, before: 1 },
  { code: 'TARE_DRIFT', type: KILN_TYPE.CGO1, before: 3 },
  { code: 'YIELD_OUTLIER', type: KILN_TYPE.CGO1, before: 0 },
  { code: 'RATE_IMPOSSIBLE', type: KILN_TYPE.RETORT, before: 0 },
];

type Store = (burnText: string, uploadTs: Date) => Promise<void>;

async function seedAnomalies(state: SeedState, today: number, store: Store): Promise<void> {
  const rng = createRandom(ANOMALY_SEED);
  for (const [n, { code, type, before }] of DEMO_ANOMALIES.entries()) {
    const kilns = state.kilns.filter((k) => k.type === type && k.approved_ts !== null);
    const kiln = kilns[n % kilns.length];
    const facility = kiln && state.facilities.find((f) => f.id === kiln.facility_id);
    if (!kiln || !facility) continue;
    const firstDay = today - 2 * DEMO_ANOMALIES.length + 2 * n - before;
    const options = Array.from({ length: before + 1 }, (_, i): GenerateBurnOptions => ({
      kiln_type: type,
      kiln_id: kiln.kiln_id,
      seed: ANOMALY_SEED + 10 * n + i,
      // afternoons: after the day's ordinary burns
      start_ts: (firstDay + i) * DAY_MS + 13 * 3_600_000,
      calibration: calibrationOf(kiln, type),
      facility: { ...facility, wicf: wicfOf(facility) },
      messiness: drawMessiness(rng),
    }));
    for (const ordinary of options.slice(0, before)) await store(generateBurn(ordinary).text, new Date(ordinary.start_ts + 8 * 3_600_000));
    // a copied curve copies the burn just before it
    const last = options[code === 'DUPLICATE_CURVE' ? before - 1 : before];
    const burn = anomalousBurn(code, last, code === 'DUPLICATE_CURVE' ? 2 * DAY_MS : undefined);
    await store(burn.text, new Date(burn.truth.end_ts + 3 * 3_600_000));
  }
}

/** The fleet's records of the seeded burns and what the rules raise on each, as if each had been uploaded in turn. */
function seedFleet(state: SeedState, fingerprints: ReadonlyMap<number, BurnFingerprint | null>, now: string): void {
  const burns = state.kilnlogs.flatMap((row) => {
    const burn = fleetBurnOf(row, fingerprints.get(row.id) ?? null);
    return burn ? [burn] : [];
  });
  for (const { burn, raised } of judgeAll(burns)) {
    state.fleet_burns.push(burn);
    for (const found of raised) {
      state.anomalies.push({
        id: state.anomalies.length + 1,
        ...found,
        kiln: burn.kiln,
        kiln_id: burn.kiln_id,
        facility_id: burn.facility_id,
        logts: burn.logts,
        raised_ts: now,
        checked_ts: null,
        checked_by: null,
        checked_by_name: null,
        check_note: null,
      });
    }
  }
}

export const seedKilnLogs: Seeder = async (state, ctx) => {
  const files = new KilnLogFiles(ctx.blobs);
  const fileUnder = kilnLookup(state.kilns, state.facilities, state.kiln_calibrations);
  const fingerprints = new Map<number, BurnFingerprint | null>();
  // the same analysis an upload gets, its row added to the state being built
  const store: Store = async (text, uploadTs) => {
    const bytes = Buffer.from(text, 'utf8');
    const { row, file, fingerprint } = analysedLog(
      state.kilnlogs.length + 1,
      files.newRawKey(),
      { bytes, fileName: null, uploadTs },
      fileUnder,
    );
    signAsDemoKiln(state, row, bytes);
    await Promise.all([files.saveRaw(row.s3key, bytes), files.saveAnalysis(row.id, file)]);
    state.kilnlogs.push(row);
    fingerprints.set(row.id, fingerprint);
  };
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
    await store(burn.text, new Date(burn.truth.end_ts + rng.between(0.2, 6) * 3_600_000));
  }
  if (count >= DEMO_ANOMALY_MIN_LOGS) await seedAnomalies(state, today, store);
  seedFleet(state, fingerprints, new Date().toISOString());
};
