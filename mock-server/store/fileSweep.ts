import { EVIDENCE_AREA } from '../audits/evidence';
import type { Blobs } from '../blobs/blobs';
import type { AppContext } from '../context';
import { PHOTO_AREA, STATEMENT_AREA } from '../facilities/fileAreas';
import { ANALYSIS_AREA, analysisKeyOf, RAW_AREA } from '../kilnlogs/storage';
import type { DataStore, FileReferences } from './dataStore';

/**
 * The start-up sweep: files no record names go, records whose file is gone
 * are reported. Files are written before their record commits (store/commit.ts),
 * so a process killed in between leaves a file no record names; it was never
 * acknowledged, and nothing will ever name it.
 */

/** Every area of file storage that records name files in. */
export const FILE_AREAS = [RAW_AREA, ANALYSIS_AREA, PHOTO_AREA, STATEMENT_AREA, EVIDENCE_AREA] as const;

/** The blob keys the records name. */
export function referencedKeys(refs: FileReferences): Set<string> {
  return new Set([
    ...refs.kilnLogs.flatMap((log) => [log.s3key, analysisKeyOf(log.id)]),
    ...refs.facilityPhotos,
    ...refs.facilityStatements,
    ...refs.auditEvidence.map((docKey) => `${EVIDENCE_AREA}/${docKey}`),
  ]);
}

/**
 * How long a file no record names is spared. The embedded store and the
 * local folder belong to this one server, and the sweep runs before it
 * answers: nothing is between its file and its record, so none (0). On
 * PostgreSQL or a bucket, another server sharing them may be: its upload's
 * file is written and its record not yet committed.
 */
export function sweepGraceMs(data: Pick<DataStore, 'kind'>, blobs: Pick<Blobs, 'kind'>, sharedGraceMinutes: number): number {
  return data.kind === 'embedded' && blobs.kind === 'local' ? 0 : sharedGraceMinutes * 60_000;
}

export interface SweepResult {
  /** the files removed: no record names them */
  removed: string[];
  /** files no record names, spared because they are younger than the grace period */
  spared: string[];
  /** the keys records name whose file is gone */
  missing: string[];
}

const REMOVALS_AT_ONCE = 16;

/** `signal` stops the sweep (a server stopping) between files: it then throws the signal's reason. */
export async function sweepFiles(data: DataStore, blobs: Blobs, options: { graceMs: number; now?: Date; signal?: AbortSignal }): Promise<SweepResult> {
  const youngerThan = (options.now ?? new Date()).getTime() - options.graceMs;
  const signal = options.signal;
  // listed before the records are read: a file whose record commits in between is named by then, or young
  const listed = new Map<string, number>();
  for (const area of FILE_AREAS) {
    for await (const item of blobs.list(`${area}/`)) {
      signal?.throwIfAborted();
      listed.set(item.key, item.modified.getTime());
    }
  }
  const named = referencedKeys(await data.fileReferences());

  const removed: string[] = [];
  const spared: string[] = [];
  for (const [key, modified] of listed) {
    if (named.has(key)) continue;
    if (options.graceMs > 0 && modified > youngerThan) spared.push(key);
    else removed.push(key);
  }
  for (let i = 0; i < removed.length; i += REMOVALS_AT_ONCE) {
    signal?.throwIfAborted();
    await Promise.all(removed.slice(i, i + REMOVALS_AT_ONCE).map((key) => blobs.remove(key)));
  }

  const missing: string[] = [];
  // a file not listed may have been written since the listing (another server's upload): looked up once more
  for (const key of named) {
    if (listed.has(key)) continue;
    signal?.throwIfAborted();
    if (!(await exists(blobs, key))) missing.push(key);
  }
  return { removed, spared, missing };
}

async function exists(blobs: Blobs, key: string): Promise<boolean> {
  const read = await blobs.get(key);
  read?.stream.destroy();
  return read !== null;
}

export interface FileSweepJob {
  /** what the sweep found; null when it did not run here (a store without a user, another server sweeping, a failure, a stop) */
  done: Promise<SweepResult | null>;
  /** stops a sweep under way between two files and waits for it */
  stop(): Promise<void>;
}

/**
 * The start-up sweep as the server runs it. A store without a user names no
 * file: its files, if any, are another deployment's (a wrong DATABASE_URL),
 * so it is not swept. Without a grace (the embedded store on its own folder)
 * the sweep is done before this answers, so before the first request, and a
 * failure stops the start. With one, it runs in the background, one server
 * of those sharing the store at a time (the others skip it), and a failure is
 * logged: the server answers meanwhile, as the grace already spares the files
 * of uploads between their file and their record, its own as another's. On a
 * store of a million logs the sweep takes minutes (docs/performance.md).
 */
export async function startFileSweep(ctx: Pick<AppContext, 'data' | 'blobs' | 'config'>, log: Pick<Console, 'log' | 'error'> = console): Promise<FileSweepJob> {
  const graceMs = sweepGraceMs(ctx.data, ctx.blobs, ctx.config.fileSweepGraceMinutes);
  const sweep = async (signal?: AbortSignal): Promise<SweepResult | null> => {
    if (await ctx.data.isEmpty()) return null;
    const result = await sweepFiles(ctx.data, ctx.blobs, { graceMs, signal });
    reportSweep(result, log);
    return result;
  };
  if (graceMs === 0) {
    const done = Promise.resolve(await sweep());
    return { done, stop: async () => undefined };
  }
  const stopping = new AbortController();
  const done = ctx.data.tryExclusively('sweep', () => sweep(stopping.signal)).then(
    (ran) => ran?.value ?? null,
    (err: unknown) => {
      if (!stopping.signal.aborted) log.error('The start-up file sweep stopped:', err);
      return null;
    },
  );
  return {
    done,
    async stop() {
      stopping.abort(new Error('The server is stopping.'));
      await done;
    },
  };
}

/** What the sweep did, on the console: a count of files removed, and every record whose file is gone, loudly. */
export function reportSweep(result: SweepResult, log: Pick<Console, 'log' | 'error'> = console): void {
  if (result.removed.length > 0) log.log(`Removed ${result.removed.length} file(s) no record names (left by writes a stop cut short).`);
  if (result.missing.length > 0) {
    const shown = result.missing.slice(0, 20);
    log.error(
      `FILES MISSING: ${result.missing.length} file(s) named by records are not in file storage; downloads of them answer 500 until they are restored from a backup:\n` +
        shown.map((key) => `  ${key}`).join('\n') +
        (result.missing.length > shown.length ? `\n  ... and ${result.missing.length - shown.length} more` : ''),
    );
  }
}
