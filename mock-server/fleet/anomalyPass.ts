import {
  curveCandidateQuery,
  detectAnomalies,
  isCurveCandidate,
  oldestCurveMatch,
  type DetectedAnomaly,
  type FleetBurn,
} from '../../src/domain/fleet/anomalies';
import { ANOMALY_VERSION, type BurnFingerprint } from '../../src/domain/fleet/fingerprint';
import type { AppContext } from '../context';
import { queueCopyCheck } from './copyCheck';
import { reanalysis } from '../kilnlogs/ingest';
import { KilnLogFiles } from '../kilnlogs/storage';
import type { DataStore, FleetStore } from '../store/dataStore';
import type { FleetBurnRecord, KilnLogRecord } from '../store/model';

/**
 * The anomaly pass (docs/analysis.md, "Fleet anomalies"): after a log is
 * analysed, its fleet record is stored and the rules judge it against its
 * kiln's burns and the burns its curves could match. Derived data: a pass that
 * fails never fails the upload or re-analysis; the start-up upgrade judges
 * whatever has no current record.
 */

interface StoredResult {
  valid?: unknown;
  reasons?: { code?: unknown }[];
  burn_duration?: unknown;
  biomass_loaded?: unknown;
  biochar_produced?: unknown;
  co2_removed?: unknown;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The fleet record of an analysed log of a registered kiln; null for an error log or one filed under no kiln. */
export function fleetBurnOf(row: KilnLogRecord, fingerprint: BurnFingerprint | null): FleetBurnRecord | null {
  if (!fingerprint || row.analysis === null || row.kiln === null || row.facility_id === null || row.kiln_id === null) return null;
  let result: StoredResult;
  try {
    result = JSON.parse(row.analysis) as StoredResult;
  } catch {
    return null;
  }
  return {
    log_id: row.id,
    kiln: row.kiln,
    kiln_id: row.kiln_id,
    facility_id: row.facility_id,
    kiln_type: fingerprint.kiln_type,
    logts: row.logts,
    start_ts: fingerprint.start_ts,
    span_ms: fingerprint.span_ms,
    latitude: fingerprint.latitude,
    longitude: fingerprint.longitude,
    valid: result.valid === 'true',
    reasons: Array.isArray(result.reasons) ? result.reasons.flatMap((r) => (typeof r?.code === 'string' ? [r.code] : [])) : [],
    burn_duration: num(result.burn_duration),
    biomass_loaded: num(result.biomass_loaded),
    biochar_produced: num(result.biochar_produced),
    co2_removed: num(result.co2_removed),
    version: ANOMALY_VERSION,
    fingerprint,
  };
}

const asFleetBurn = (r: FleetBurnRecord): FleetBurn => ({ log_id: r.log_id, kiln: r.kiln, valid: r.valid, fingerprint: r.fingerprint });

/**
 * What the rules raise on one burn among others. Curve candidates are the same
 * facility's burns stored before it (a lower log id): the later upload is the copy,
 * and no other facility's log is named.
 */
export function judgeAmong(
  burn: FleetBurnRecord,
  kilnBurns: readonly FleetBurnRecord[],
  candidates: readonly FleetBurnRecord[],
): DetectedAnomaly[] {
  return detectAnomalies(asFleetBurn(burn), {
    kilnBurns: kilnBurns.map(asFleetBurn),
    curveCandidates: candidates.filter((c) => c.log_id < burn.log_id && c.facility_id === burn.facility_id).map(asFleetBurn),
  });
}

/** How many duplicate candidates the pass holds at once. */
export const CANDIDATE_PAGE = 100;

/**
 * The oldest stored burn whose curves match this one's: the candidates' ids
 * read in one scan, then their records a page at a time in log id order; the
 * first page holding a match holds the oldest, so a burn copied many times
 * costs one page, and however many similar curves the fleet has, the pass
 * holds their ids and one page of records, and scans for them once.
 */
export async function oldestStoredMatch(
  fleet: Pick<FleetStore, 'curveCandidateIds' | 'records'>,
  burn: FleetBurnRecord,
): Promise<FleetBurnRecord | undefined> {
  const ids = await fleet.curveCandidateIds(curveCandidateQuery(burn));
  const own = asFleetBurn(burn);
  for (let from = 0; from < ids.length; from += CANDIDATE_PAGE) {
    const match = oldestCurveMatch(own, await fleet.records(ids.slice(from, from + CANDIDATE_PAGE)));
    if (match) return match;
  }
  return undefined;
}

/** What the rules raise on a burn, from the burns stored before it: reads only. */
async function judgement(fleet: FleetStore, burn: FleetBurnRecord): Promise<DetectedAnomaly[]> {
  const [kilnBurns, match] = await Promise.all([fleet.kilnHistory(burn), oldestStoredMatch(fleet, burn)]);
  return judgeAmong(burn, kilnBurns, match ? [match] : []);
}

export async function judgeBurn(fleet: FleetStore, burn: FleetBurnRecord, now: Date): Promise<DetectedAnomaly[]> {
  const raised = await judgement(fleet, burn);
  await fleet.judge(burn, raised, now.toISOString());
  return raised;
}

/** After a log was stored or analysed again: its fleet record and anomalies follow its new analysis. Never throws. */
export async function recordAnomalies(
  data: Pick<DataStore, 'fleet'>,
  row: KilnLogRecord,
  fingerprint: BurnFingerprint | null,
  now = new Date(),
): Promise<void> {
  try {
    const burn = fleetBurnOf(row, fingerprint);
    if (burn) await judgeBurn(data.fleet, burn, now);
    else await data.fleet.forget(row.id);
  } catch (err) {
    // the log stands; the start-up upgrade judges it again
    console.error(`Anomaly pass of log ${row.id} failed:`, err);
  }
}

/**
 * The anomaly pass of a new log, begun before its row is stored: the rules
 * read only the burns stored before it (its kiln's earlier burns, curves of
 * lower log ids), so they judge it while its files and row are written, and
 * `record`, called once the row is stored, stores what they raised. As recordAnomalies, it
 * never throws: a log whose pass failed is judged by the start-up upgrade.
 */
export function judgeAhead(
  data: Pick<DataStore, 'fleet'>,
  row: KilnLogRecord,
  fingerprint: BurnFingerprint | null,
  now = new Date(),
): { record(): Promise<void> } {
  const burn = fleetBurnOf(row, fingerprint);
  const failed = (err: unknown) => console.error(`Anomaly pass of log ${row.id} failed:`, err);
  // settled here, so a refused upload that never records leaves no unhandled rejection
  const raised = burn ? judgement(data.fleet, burn).catch((err: unknown) => (failed(err), null)) : null;
  return {
    async record() {
      // a new log has no fleet record to forget, nor one to compare with
      const found = await raised;
      if (burn && found) await data.fleet.judgeFirst(burn, found, now.toISOString()).catch(failed);
    },
  };
}

/** The seed's pass over a whole state built in memory: each burn judged among those before it (by log time), as uploads would have been. */
export function judgeAll(burns: readonly FleetBurnRecord[]): { burn: FleetBurnRecord; raised: DetectedAnomaly[] }[] {
  const ordered = [...burns].sort((a, b) => a.start_ts - b.start_ts || a.log_id - b.log_id);
  const byKiln = new Map<number, FleetBurnRecord[]>();
  const byFacilityType = new Map<string, FleetBurnRecord[]>();
  for (const b of ordered) {
    byKiln.set(b.kiln, [...(byKiln.get(b.kiln) ?? []), b]);
    const key = `${b.facility_id}:${b.kiln_type}`;
    byFacilityType.set(key, [...(byFacilityType.get(key) ?? []), b]);
  }
  return ordered.map((burn) => {
    const query = curveCandidateQuery(burn);
    const candidates = (byFacilityType.get(`${burn.facility_id}:${burn.kiln_type}`) ?? []).filter((c) => isCurveCandidate(c, query));
    return { burn, raised: judgeAmong(burn, byKiln.get(burn.kiln) ?? [], candidates) };
  });
}

export interface JudgeSummary {
  unjudged: number;
  judged: number;
  failed: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The start-up upgrade's second step (reanalyseOutdated.ts runs it under the same
 * lock): every log with a result but no current fleet record is read and judged,
 * oldest first, one at a time, yielding between logs.
 */
export async function judgeUnjudged(
  ctx: Pick<AppContext, 'data' | 'blobs'>,
  log: (line: string) => void = console.log,
): Promise<JudgeSummary> {
  const { data } = ctx;
  const ids = await data.fleet.unjudged(ANOMALY_VERSION);
  const summary: JudgeSummary = { unjudged: ids.length, judged: 0, failed: 0 };
  if (ids.length === 0) return summary;
  log(`Judging ${ids.length} burn log(s) by the fleet anomaly rules ${ANOMALY_VERSION}, in the background...`);
  const files = new KilnLogFiles(ctx.blobs);
  const keyed: number[] = [];
  for (const id of ids) {
    await nextTurn();
    try {
      const row = await data.kilnLogs.get(id);
      if (!row || row.analysis === null) continue;
      const { fingerprint } = await reanalysis(data, row, await files.readRaw(row.s3key));
      const burn = fleetBurnOf(row, fingerprint);
      if (burn) {
        await judgeBurn(data.fleet, burn, new Date());
        keyed.push(id);
      }
      summary.judged++;
    } catch (err) {
      summary.failed++;
      log(`Log ${id} could not be judged: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  log(
    `Judged ${summary.judged} of ${ids.length} burn log(s) by the fleet anomaly rules${summary.failed ? `; ${summary.failed} failed` : ''}.`,
  );
  // then each is checked for copies (its record of older rules had no copy key), once every one is keyed and filed,
  // in log id order as uploads came: each is compared with every earlier burn, one check at a time in this server's queue
  for (const id of keyed.sort((a, b) => a - b)) await queueCopyCheck({ data, files }, id);
  return summary;
}
