import type { BlobInfo, Blobs } from '../blobs/blobs';
import type { DataStore, FileKeySpelling, FileReferences } from './dataStore';
import { ANALYSIS_AREA, analysisKeyOf, EVIDENCE_AREA, PHOTO_AREA, RAW_AREA, STATEMENT_AREA } from './fileAreas';

/**
 * The start-up sweep: files no record names go, records whose file is gone
 * are reported. Files are written before their record commits (store/commit.ts),
 * so a process killed in between leaves a file no record names; it was never
 * acknowledged, and nothing will ever name it.
 */

/** Every area of file storage that records name files in. */
export const FILE_AREAS = [RAW_AREA, ANALYSIS_AREA, PHOTO_AREA, STATEMENT_AREA, EVIDENCE_AREA] as const;

/** The blob keys the records name, all at once (the tests measure the paged sweep against it). */
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
/** keys read at once from file storage and from the records: the sweep holds about a page of each, whatever the store's size */
export const SWEEP_PAGE = 10_000;
/** the swept areas in key order: listed one after the other, they list every swept file in key order */
export const SWEPT_PREFIXES = FILE_AREAS.map((area) => `${area}/`).sort();
/** analysisKeyOf's and the evidence area's spelling, for the stores to spell keys in their own queries */
export const FILE_KEY_SPELLING: FileKeySpelling = {
  analysisPrefix: `${ANALYSIS_AREA}/`,
  analysisSuffix: '.json',
  evidencePrefix: `${EVIDENCE_AREA}/`,
};

/**
 * The files in storage and the keys the records name, both in key order, merged
 * as two sorted streams: the sweep holds a page of each, not every key.
 * `signal` stops the sweep (a server stopping) between files: it then throws
 * the signal's reason. pageSize: keys per page on each side.
 *
 * The records of a stretch of keys may be read before its files are listed,
 * yet a file whose record commits during the sweep is named by then or young:
 * "young" is counted from the sweep's start, and the grace outlasts any write
 * between its file and its record.
 */
export async function sweepFiles(
  data: DataStore,
  blobs: Blobs,
  options: { graceMs: number; now?: Date; signal?: AbortSignal; pageSize?: number },
): Promise<SweepResult> {
  const youngerThan = (options.now ?? new Date()).getTime() - options.graceMs;
  const { signal, pageSize = SWEEP_PAGE } = options;
  const removed: string[] = [];
  const spared: string[] = [];
  const missing: string[] = [];
  let removing: string[] = [];
  const removeHeld = async () => {
    signal?.throwIfAborted();
    await Promise.all(removing.map((key) => blobs.remove(key)));
    removed.push(...removing);
    removing = [];
  };

  const named = inKeyOrder(namedKeys(data, pageSize), (key) => key, 'the keys the records name')[Symbol.asyncIterator]();
  let next = await named.next();
  /** passes the named keys before `key` (null: all left): they were not listed, so each is looked up once more (another server's upload since) */
  const passNamedBefore = async (key: string | null) => {
    while (!next.done && (key === null || next.value < key)) {
      signal?.throwIfAborted();
      if (!(await exists(blobs, next.value))) missing.push(next.value);
      next = await named.next();
    }
  };

  for await (const file of inKeyOrder(listedFiles(blobs, pageSize), (item) => item.key, 'the file listing')) {
    signal?.throwIfAborted();
    await passNamedBefore(file.key);
    if (!next.done && next.value === file.key) {
      next = await named.next();
      continue;
    }
    if (options.graceMs > 0 && file.modified.getTime() > youngerThan) spared.push(file.key);
    else {
      removing.push(file.key);
      if (removing.length === REMOVALS_AT_ONCE) await removeHeld();
    }
  }
  await removeHeld();
  await passNamedBefore(null);
  return { removed, spared, missing };
}

/** Every file in the swept areas, in key order. */
async function* listedFiles(blobs: Blobs, pageSize: number): AsyncGenerator<BlobInfo> {
  for (const prefix of SWEPT_PREFIXES) yield* blobs.list(prefix, pageSize);
}

/** Every key the records name, in key order, a page at a time. */
async function* namedKeys(data: DataStore, pageSize: number): AsyncGenerator<string> {
  for (let after: string | null = null; ;) {
    const page = await data.fileKeysAfter(after, pageSize, FILE_KEY_SPELLING);
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

/** Stops the sweep at a key not after the one before: merged out of order, a named file could pass for one no record names. */
async function* inKeyOrder<T>(items: AsyncIterable<T>, keyOf: (item: T) => string, what: string): AsyncGenerator<T> {
  let last: string | null = null;
  for await (const item of items) {
    const key = keyOf(item);
    if (last !== null && !(key > last))
      throw new Error(`The start-up file sweep stopped: ${what} is not in key order (${key} after ${last}).`);
    last = key;
    yield item;
  }
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
export async function startFileSweep(
  ctx: { data: DataStore; blobs: Blobs; config: { fileSweepGraceMinutes: number } },
  log: Pick<Console, 'log' | 'error'> = console,
): Promise<FileSweepJob> {
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
  const done = ctx.data
    .tryExclusively('sweep', () => sweep(stopping.signal))
    .then(
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
