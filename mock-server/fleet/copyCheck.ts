import type { DetectedAnomaly } from '../../src/domain/fleet/anomalies';
import { copyKeyLookups, rankCopyCandidates } from '../../src/domain/fleet/copyKeyIndex';
import type { KilnLogFiles } from '../kilnlogs/storage';
import type { DataStore } from '../store/dataStore';
import { matchInWorker } from './copyMatcher';
import type { CopyMatchAnswer, CopyMatchRequest } from './copyMatchWorker';

/**
 * The copy check (docs/analysis.md, "Fleet anomalies", COPIED_BURN): after a log's
 * analysis, the stored burns its copy key reaches (copyKeyLookups, in the store's copy
 * index, every facility and owner) are ranked, and the wobble match runs against the
 * nearest COPY_KEY_CAP of them, reading both logs' stored files. A match raises
 * COPIED_BURN on the later burn, naming the oldest original matched, with the match's z
 * in its message. A match costs about 115 ms, so the check never runs inside a
 * request: each server queues its checks and runs them one at a time after the answer
 * (queueCopyCheck), the matches in a worker thread (copyMatcher.ts), off the event loop. Derived data, as the anomaly pass: a check that fails is logged and
 * never fails the upload; the start-up upgrade (judgeUnjudged) checks again whatever it judges.
 */

export interface CopyFinding {
  /** the stored burn the log copies */
  original: number;
  /** the wobble match's evidence, and what a copy of this log's reading interval needs */
  z: number;
  min_z: number;
}

/** The anomaly a finding raises; its z and the original's id are the anomaly's detail (message and other_log_id). */
export const copiedBurnAnomaly = (logId: number, f: CopyFinding): DetectedAnomaly => ({
  code: 'COPIED_BURN',
  log_id: logId,
  other_log_id: f.original,
  message:
    `A disguised copy of burn ${f.original}: the two logs share their sensors' reading-to-reading wobble ` +
    `(z ${f.z.toFixed(1)}; a copy needs ${f.min_z}), whatever was done to its levels, clock or readings.`,
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether the rules flag the burn as a copy already (DUPLICATE_CURVE): one flag a copy. */
async function flaggedByTheRules(data: Pick<DataStore, 'fleet'>, logId: number): Promise<boolean> {
  const page = await data.fleet.anomalies(
    { facilityIds: null, filter: { logIds: new Set([logId]), code: 'DUPLICATE_CURVE' } },
    { range: [0, 0], sort: { field: 'id', order: 'ASC' } },
  );
  return page.rows.length > 0;
}

/** Where the wobble matches run: the worker thread, or (tests) any function of the same request. */
export type CopyMatching = (request: CopyMatchRequest) => Promise<CopyMatchAnswer>;

/**
 * Checks one stored log and stores the verdict (fleet.copied): the oldest of its
 * nearest candidates the wobble match takes it for a copy of, or none. Throws when the
 * store, a file or the worker fails (queueCopyCheck logs it).
 */
export async function checkCopy(
  ctx: { data: Pick<DataStore, 'fleet' | 'kilnLogs'>; files: Pick<KilnLogFiles, 'readRaw'> },
  logId: number,
  now = new Date(),
  matching: CopyMatching = matchInWorker,
): Promise<CopyFinding | null> {
  const { data, files } = ctx;
  const [burn] = await data.fleet.records([logId]);
  if (!burn) return null;
  const key = burn.fingerprint.copy_key;
  const candidates = key ? rankCopyCandidates(key, await data.fleet.copyKeysFiledUnder(copyKeyLookups(key), logId), (c) => c.copy_key) : [];
  let finding: CopyFinding | null = null;
  if (candidates.length > 0) {
    const fileOf = async (id: number) => {
      const row = await data.kilnLogs.get(id);
      return row ? new Uint8Array(await files.readRaw(row.s3key)) : null;
    };
    const copy = await fileOf(logId);
    const originals: CopyMatchRequest['originals'] = [];
    for (const { item } of candidates) {
      const bytes = await fileOf(item.log_id);
      if (bytes) originals.push({ log_id: item.log_id, bytes });
    }
    const { matches } = copy ? await matching({ copy, originals }) : { matches: [] };
    for (const m of matches)
      if (m.isCopy && (!finding || m.log_id < finding.original))
        finding = { original: m.log_id, z: Math.round(m.z * 10) / 10, min_z: m.min_z };
  }
  const raised = finding && !(await flaggedByTheRules(data, logId)) ? copiedBurnAnomaly(logId, finding) : null;
  await data.fleet.copied(burn, raised, now.toISOString());
  return finding;
}

/** Each store's queue: one check at a time per server, in the order they were asked for. */
const queues = new WeakMap<object, Promise<void>>();

/**
 * Runs the copy check of a log after whatever this server queued before it, never
 * inside the caller's turn: an upload answers first (and does not wait). Resolves when
 * this check has run; never rejects. The start-up upgrade waits for each, so its
 * queue never holds more than one of its burns.
 */
export function queueCopyCheck(ctx: { data: DataStore; files: Pick<KilnLogFiles, 'readRaw'> }, logId: number): Promise<void> {
  const before = queues.get(ctx.data) ?? Promise.resolve();
  const run = before
    .then(nextTurn)
    .then(() => checkCopy(ctx, logId))
    .then(
      () => undefined,
      (err: unknown) => console.error(`Copy check of log ${logId} failed:`, err),
    );
  queues.set(ctx.data, run);
  return run;
}

/** Resolves once every copy check this server has queued so far has run (tests, a graceful stop). */
export async function copyChecksSettled(data: DataStore): Promise<void> {
  for (let last = queues.get(data); last; last = queues.get(data)) {
    await last;
    if (queues.get(data) === last) return;
  }
}
