/**
 * The fleet's anomaly rules (docs/analysis.md, "Fleet anomalies"): what one
 * analysed burn raises, read against the earlier burns of its kiln and the
 * burns whose curves could match it. Pure; the server finds the neighbours
 * and stores what is raised.
 */
import { KILN_TYPES } from '../kilnTypes';
import { CURVE_POINTS, type BurnFingerprint, type FacilityBox } from './fingerprint';

/**
 * COPIED_BURN is not the rules' but the copy check's (mock-server/fleet/copyCheck.ts): raised after
 * the upload's answer, from the wobble match against the burns its copy key picks, on any facility.
 */
export const ANOMALY_CODES = ['DUPLICATE_CURVE', 'GPS_JUMP', 'TARE_DRIFT', 'YIELD_OUTLIER', 'RATE_IMPOSSIBLE', 'COPIED_BURN'] as const;
export type AnomalyCode = (typeof ANOMALY_CODES)[number];
/** The codes the rules raise on a burn as it is judged (detectAnomalies); the demo seed shows each. */
export const RULE_CODES = ANOMALY_CODES.filter((code) => code !== 'COPIED_BURN');

/** What the anomaly list sorts by (the console, the API and both stores). */
export const ANOMALY_SORT_FIELDS = ['logts', 'id', 'code', 'raised_ts'] as const;
export type AnomalySortField = (typeof ANOMALY_SORT_FIELDS)[number];

export const isAnomalyCode = (value: unknown): value is AnomalyCode => ANOMALY_CODES.includes(value as AnomalyCode);

// DUPLICATE_CURVE
/** Candidate spans differ by at most this share (and DUPLICATE_SPAN_SLACK_MS). */
export const DUPLICATE_SPAN_SHARE = 0.02;
export const DUPLICATE_SPAN_SLACK_MS = 2 * 60_000;
/** Root-mean-square differences of the resampled curves within which two burns are one curve. */
export const DUPLICATE_TEMP_RMS_C = 8;
export const DUPLICATE_WEIGHT_RMS_KG = 1.5;
/** At least this share of the curve points must be readable in both. */
export const DUPLICATE_MIN_SHARED = 0.8;

// GPS_JUMP
/** A move up to the facility box's diagonal, or at least this far, is allowed. */
export const GPS_JUMP_MIN_KM = 1;

// TARE_DRIFT
/** The empty weight is compared with the median of the kiln's last TARE_HISTORY load-cell burns before it… */
export const TARE_HISTORY = 5;
export const TARE_MIN_HISTORY = 3;
/** …and may differ from it by at most this much. */
export const TARE_DRIFT_MAX_KG = 2;

// YIELD_OUTLIER
/** What each kiln type's burns reach (biochar produced / biomass loaded). */
export const TYPE_YIELD_RANGE: Readonly<Record<number, readonly [number, number]>> = {
  [KILN_TYPES.CGO1]: [0.12, 0.32],
  [KILN_TYPES.RETORT]: [0.2, 0.4],
  [KILN_TYPES.TERRAFIX]: [0.14, 0.34],
};
/** The kiln's own range: its last YIELD_HISTORY valid burns before this one, widened by YIELD_OWN_MARGIN either side. */
export const YIELD_HISTORY = 10;
export const YIELD_MIN_HISTORY = 3;
export const YIELD_OWN_MARGIN = 0.03;

// RATE_IMPOSSIBLE
/** Fastest heating and cooling of T_hot_s (°C per minute) a kiln of each type reaches; a water quench cools fast. */
export const RATE_LIMITS: Readonly<Record<number, { heating: number; cooling: number }>> = {
  [KILN_TYPES.CGO1]: { heating: 300, cooling: 600 },
  [KILN_TYPES.RETORT]: { heating: 250, cooling: 250 },
  [KILN_TYPES.TERRAFIX]: { heating: 300, cooling: 500 },
};

/** A burn and where it belongs. */
export interface FleetBurn {
  log_id: number;
  /** the kiln record's id */
  kiln: number;
  /** passed every validity rule: only such burns make a kiln's own yield range */
  valid: boolean;
  fingerprint: BurnFingerprint;
}

export interface DetectedAnomaly {
  code: AnomalyCode;
  log_id: number;
  /** the other burn a rule names (the matching curve, the burn before the jump) */
  other_log_id: number | null;
  message: string;
}

export interface Neighbours {
  /** the same kiln's burns, any order (at least its kilnHistory); those starting after this one are ignored */
  kilnBurns: readonly FleetBurn[];
  /** burns of any kiln whose curves could match (duplicateSpanRange), at least the oldest that does; this one is ignored */
  curveCandidates: readonly FleetBurn[];
}

/** The spans (ms) a burn's duplicate could have: the store's pre-selection for curveCandidates. */
export function duplicateSpanRange(spanMs: number): [number, number] {
  const slack = Math.max(DUPLICATE_SPAN_SLACK_MS, spanMs * DUPLICATE_SPAN_SHARE);
  return [spanMs - slack, spanMs + slack];
}

/** A complete curve's points; null when a point is missing or it has another length (then no bound holds: the curve is always a candidate). */
function complete(curve: readonly (number | null)[]): number[] | null {
  // curves of another length are compared point by point over the shorter: no mean bound holds
  if (curve.length !== CURVE_POINTS) return null;
  return curve.every((v) => v !== null) ? (curve as number[]) : null;
}

/** Into how many runs of points a curve is cut for the pre-selection's quarter means. */
export const CURVE_QUARTERS = 4;

const meanOf = (points: readonly number[]) => points.reduce((sum, v) => sum + v, 0) / points.length;

function quarterMeans(points: readonly number[]): number[] {
  const size = points.length / CURVE_QUARTERS;
  return Array.from({ length: CURVE_QUARTERS }, (_, k) => meanOf(points.slice(k * size, (k + 1) * size)));
}

export interface CurveMeans {
  temp_mean: number | null;
  weight_mean: number | null;
  /** the means of the curve's quarters (CURVE_QUARTERS runs of points, in order) */
  temp_quarters: number[] | null;
  weight_quarters: number[] | null;
}

/** The means DUPLICATE_CURVE's pre-selection compares (null: a point is missing). */
export function curveMeans(f: BurnFingerprint): CurveMeans {
  const temp = complete(f.temp_curve);
  const weight = complete(f.weight_curve);
  return {
    temp_mean: temp && meanOf(temp),
    weight_mean: weight && meanOf(weight),
    temp_quarters: temp && quarterMeans(temp),
    weight_quarters: weight && quarterMeans(weight),
  };
}

/** Quarter means within `radius2` (a squared distance) of `centre`'s: the pre-selection's second bound. */
export interface QuarterBall {
  centre: number[];
  radius2: number;
}

/** what a store pre-selects as DUPLICATE_CURVE's candidates of a burn: [low, high] ranges; a mean range null when this burn's curve is incomplete */
export interface CurveCandidateQuery {
  facility_id: number;
  kiln_type: number;
  /** only burns stored before this one can be the original it copies */
  beforeLogId: number;
  span: [number, number];
  tempMean: [number, number] | null;
  weightMean: [number, number] | null;
  tempQuarters: QuarterBall | null;
  weightQuarters: QuarterBall | null;
}

// a float's rounding never drops a candidate at the edge
const EDGE = 1e-6;

/**
 * DUPLICATE_CURVE's candidates, narrowed without losing a match: two complete
 * curves of one length match only if their RMS difference d is within the
 * limit L, so the sum of squared differences is at most n·L² over n points.
 * - The difference of their means is at most d (the mean of the differences
 *   is at most their root mean square), so a match's mean lies within L.
 * - Over each quarter of n/4 points likewise (n/4)·m_k² is at most that
 *   quarter's sum of squares, m_k the difference of the quarters' means; summed,
 *   m_1² + … + m_4² ≤ 4·L²: a match's quarter means lie in a ball of radius 2L
 *   around this burn's. Burns of one kiln share a mean but seldom a shape, so this
 *   bound keeps few of them.
 * A store reads a few burns of similar curves instead of every burn of the
 * facility's kiln type and length.
 */
export function curveCandidateQuery(burn: {
  log_id: number;
  facility_id: number;
  kiln_type: number;
  span_ms: number;
  fingerprint: BurnFingerprint;
}): CurveCandidateQuery {
  const means = curveMeans(burn.fingerprint);
  const around = (mean: number | null, limit: number): [number, number] | null =>
    mean === null ? null : [mean - limit - EDGE, mean + limit + EDGE];
  const ball = (centre: number[] | null, limit: number): QuarterBall | null =>
    centre === null ? null : { centre, radius2: CURVE_QUARTERS * limit ** 2 + EDGE };
  return {
    facility_id: burn.facility_id,
    kiln_type: burn.kiln_type,
    beforeLogId: burn.log_id,
    span: duplicateSpanRange(burn.span_ms),
    tempMean: around(means.temp_mean, DUPLICATE_TEMP_RMS_C),
    weightMean: around(means.weight_mean, DUPLICATE_WEIGHT_RMS_KG),
    tempQuarters: ball(means.temp_quarters, DUPLICATE_TEMP_RMS_C),
    weightQuarters: ball(means.weight_quarters, DUPLICATE_WEIGHT_RMS_KG),
  };
}

const within = (value: number | null, range: [number, number] | null) =>
  range === null || value === null || (value >= range[0] && value <= range[1]);

const inBall = (quarters: number[] | null, ball: QuarterBall | null) =>
  ball === null || quarters === null || quarters.reduce((sum, v, k) => sum + (v - ball.centre[k]) ** 2, 0) <= ball.radius2;

/** Whether a stored burn is among a query's candidates: what the PostgreSQL store asks in SQL. */
export function isCurveCandidate(
  c: { log_id: number; facility_id: number; kiln_type: number; span_ms: number; fingerprint: BurnFingerprint },
  q: CurveCandidateQuery,
): boolean {
  if (c.facility_id !== q.facility_id || c.kiln_type !== q.kiln_type || c.log_id >= q.beforeLogId) return false;
  if (c.span_ms < q.span[0] || c.span_ms > q.span[1]) return false;
  const means = curveMeans(c.fingerprint);
  return (
    within(means.temp_mean, q.tempMean) &&
    within(means.weight_mean, q.weightMean) &&
    inBall(means.temp_quarters, q.tempQuarters) &&
    inBall(means.weight_quarters, q.weightQuarters)
  );
}

const round = (v: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(v * scale) / scale;
};

/** Root mean square difference of two curves over the points both have, and the share of points they share. */
export function rmsDifference(a: readonly (number | null)[], b: readonly (number | null)[]): { rms: number; shared: number } {
  let sum = 0;
  let shared = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === null || y === null) continue;
    sum += (x - y) ** 2;
    shared++;
  }
  return { rms: shared ? Math.sqrt(sum / shared) : Infinity, shared: a.length ? shared / a.length : 0 };
}

/** Whether two burns show one curve: same kiln type and length, temperature and weight within noise. */
export function curvesMatch(a: BurnFingerprint, b: BurnFingerprint): boolean {
  if (a.kiln_type !== b.kiln_type) return false;
  const [min, max] = duplicateSpanRange(a.span_ms);
  if (b.span_ms < min || b.span_ms > max) return false;
  const temp = rmsDifference(a.temp_curve, b.temp_curve);
  if (temp.shared < DUPLICATE_MIN_SHARED || temp.rms > DUPLICATE_TEMP_RMS_C) return false;
  const weight = rmsDifference(a.weight_curve, b.weight_curve);
  return weight.shared >= DUPLICATE_MIN_SHARED && weight.rms <= DUPLICATE_WEIGHT_RMS_KG;
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isInBox(p: { latitude: number; longitude: number }, box: FacilityBox): boolean {
  return (
    p.latitude >= box.latitude_min && p.latitude <= box.latitude_max && p.longitude >= box.longitude_min && p.longitude <= box.longitude_max
  );
}

/** How far a kiln may move between two burns: the diagonal of its facility box. */
export function allowedMoveKm(box: FacilityBox): number {
  const diagonal = distanceKm(
    { latitude: box.latitude_min, longitude: box.longitude_min },
    { latitude: box.latitude_max, longitude: box.longitude_max },
  );
  return Math.max(GPS_JUMP_MIN_KM, diagonal);
}

/** The kiln's burns before this one, newest first. */
function earlierBurns<T extends FleetBurn>(burn: FleetBurn, kilnBurns: readonly T[]): T[] {
  const start = burn.fingerprint.start_ts;
  return kilnBurns
    .filter(
      (b) => b.log_id !== burn.log_id && (b.fingerprint.start_ts < start || (b.fingerprint.start_ts === start && b.log_id < burn.log_id)),
    )
    .sort((a, b) => b.fingerprint.start_ts - a.fingerprint.start_ts || b.log_id - a.log_id);
}

/**
 * What the kiln's rules read of its earlier burns, newest first: the last one
 * (GPS_JUMP), the last TARE_HISTORY with a tare (TARE_DRIFT) and the last
 * YIELD_HISTORY valid ones with a yield (YIELD_OUTLIER). A store hands the
 * rules these instead of every burn of the kiln, so judging a burn reads at
 * most 16 records however long the kiln has run; the rules raise the same.
 */
export const KILN_HISTORY = {
  last: 1,
  withTare: TARE_HISTORY,
  validWithYield: YIELD_HISTORY,
} as const;

export const hasTare = (b: FleetBurn): boolean => b.fingerprint.tare_kg !== null;
export const isValidWithYield = (b: FleetBurn): boolean => b.valid && b.fingerprint.char_yield !== null;

/** The kiln's earlier burns the rules read (KILN_HISTORY), newest first, from any set of its burns. */
export function kilnHistory<T extends FleetBurn>(burn: FleetBurn, kilnBurns: readonly T[]): T[] {
  const earlier = earlierBurns(
    burn,
    kilnBurns.filter((b) => b.kiln === burn.kiln),
  );
  const read = new Set<T>([
    ...earlier.slice(0, KILN_HISTORY.last),
    ...earlier.filter(hasTare).slice(0, KILN_HISTORY.withTare),
    ...earlier.filter(isValidWithYield).slice(0, KILN_HISTORY.validWithYield),
  ]);
  return earlier.filter((b) => read.has(b));
}

/** The candidate DUPLICATE_CURVE names: the oldest whose curves match this burn's (the curve as first uploaded). */
export function oldestCurveMatch<T extends FleetBurn>(burn: FleetBurn, candidates: readonly T[]): T | undefined {
  let oldest: T | undefined;
  for (const c of candidates)
    if (c.log_id !== burn.log_id && (!oldest || c.log_id < oldest.log_id) && curvesMatch(burn.fingerprint, c.fingerprint)) oldest = c;
  return oldest;
}

function duplicateCurve(burn: FleetBurn, candidates: readonly FleetBurn[]): DetectedAnomaly[] {
  const match = oldestCurveMatch(burn, candidates);
  if (!match) return [];
  const shiftH = round((burn.fingerprint.start_ts - match.fingerprint.start_ts) / 3_600_000, 1);
  return [
    {
      code: 'DUPLICATE_CURVE',
      log_id: burn.log_id,
      other_log_id: match.log_id,
      message: `Its temperature and weight curves match log ${match.log_id}'s, shifted by ${shiftH} h: the same burn uploaded twice?`,
    },
  ];
}

/** Raised on the burn that left the box: a jump back into it is the return, not a new anomaly. */
function gpsJump(burn: FleetBurn, previous: FleetBurn | undefined): DetectedAnomaly[] {
  if (!previous) return [];
  const here = burn.fingerprint;
  if (isInBox(here, here.box)) return [];
  const moved = distanceKm(previous.fingerprint, here);
  const allowed = allowedMoveKm(here.box);
  if (moved <= allowed) return [];
  return [
    {
      code: 'GPS_JUMP',
      log_id: burn.log_id,
      other_log_id: previous.log_id,
      message: `The kiln moved ${Math.round(moved)} km since log ${previous.log_id} (its facility box allows ${Math.round(allowed)} km).`,
    },
  ];
}

function tareDrift(burn: FleetBurn, earlier: readonly FleetBurn[]): DetectedAnomaly[] {
  const tare = burn.fingerprint.tare_kg;
  if (tare === null) return [];
  const history = earlier.flatMap((b) => (b.fingerprint.tare_kg === null ? [] : [b.fingerprint.tare_kg])).slice(0, TARE_HISTORY);
  if (history.length < TARE_MIN_HISTORY) return [];
  const sorted = [...history].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const reference = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const drift = tare - reference;
  if (Math.abs(drift) <= TARE_DRIFT_MAX_KG) return [];
  return [
    {
      code: 'TARE_DRIFT',
      log_id: burn.log_id,
      other_log_id: null,
      message: `The empty kiln weighs ${round(tare, 1)} kg, ${round(Math.abs(drift), 1)} kg ${drift > 0 ? 'more' : 'less'} than over its last ${history.length} burns (${round(reference, 1)} kg; at most ${TARE_DRIFT_MAX_KG} kg allowed).`,
    },
  ];
}

function yieldOutlier(burn: FleetBurn, earlier: readonly FleetBurn[]): DetectedAnomaly[] {
  const value = burn.fingerprint.char_yield;
  const range = TYPE_YIELD_RANGE[burn.fingerprint.kiln_type];
  if (value === null || !range || (value >= range[0] && value <= range[1])) return [];
  const own = earlier
    .flatMap((b) => (!b.valid || b.fingerprint.char_yield === null ? [] : [b.fingerprint.char_yield]))
    .slice(0, YIELD_HISTORY);
  if (own.length >= YIELD_MIN_HISTORY) {
    const low = Math.min(...own) - YIELD_OWN_MARGIN;
    const high = Math.max(...own) + YIELD_OWN_MARGIN;
    if (value >= low && value <= high) return [];
  }
  const pct = (v: number) => `${round(v * 100, 1)}%`;
  return [
    {
      code: 'YIELD_OUTLIER',
      log_id: burn.log_id,
      other_log_id: null,
      message: `Char yield ${pct(value)} is outside what this kiln type reaches (${pct(range[0])}–${pct(range[1])})${own.length >= YIELD_MIN_HISTORY ? ' and outside the kiln\u2019s own recent burns' : ''}.`,
    },
  ];
}

function rateImpossible(burn: FleetBurn): DetectedAnomaly[] {
  const limits = RATE_LIMITS[burn.fingerprint.kiln_type];
  if (!limits) return [];
  const { max_heating_c_min: heating, max_cooling_c_min: cooling } = burn.fingerprint;
  const faults: string[] = [];
  if (heating > limits.heating) faults.push(`heats at ${Math.round(heating)} °C/min (at most ${limits.heating})`);
  if (cooling > limits.cooling) faults.push(`cools at ${Math.round(cooling)} °C/min (at most ${limits.cooling})`);
  if (faults.length === 0) return [];
  return [
    {
      code: 'RATE_IMPOSSIBLE',
      log_id: burn.log_id,
      other_log_id: null,
      message: `The kiln ${faults.join(' and ')}: faster than a kiln of its type can.`,
    },
  ];
}

/** Every anomaly one burn raises, in ANOMALY_CODES order. */
export function detectAnomalies(burn: FleetBurn, neighbours: Neighbours): DetectedAnomaly[] {
  const earlier = earlierBurns(
    burn,
    neighbours.kilnBurns.filter((b) => b.kiln === burn.kiln),
  );
  return [
    ...duplicateCurve(burn, neighbours.curveCandidates),
    ...gpsJump(burn, earlier[0]),
    ...tareDrift(burn, earlier),
    ...yieldOutlier(burn, earlier),
    ...rateImpossible(burn),
  ];
}
