import { ALGORITHM_VERSION } from '../analysis';
import type { AppContext } from '../context';
import type { KilnLogRecord } from '../store/schema';
import { reanalyseLog } from './ingest';
import { KilnLogFiles } from './storage';

/**
 * Brings an existing DATA_DIR up to the current burn analysis (ANALYSIS.md §6):
 * every unaudited log whose result was computed by another algorithm_version is
 * analysed again from its raw file, one at a time, yielding to the event loop
 * between logs so the server keeps answering. Audited results never change.
 * Logs without a result (error logs) carry no version and are left for an
 * explicit re-analysis.
 */

/** Writes db.json after this many logs (and at the end), not after each one: it is rewritten whole. */
const WRITE_EVERY = 25;

function resultVersion(row: KilnLogRecord): string | null {
  if (!row.analysis) return null;
  try {
    const parsed = JSON.parse(row.analysis) as { algorithm_version?: unknown };
    return typeof parsed.algorithm_version === 'string' ? parsed.algorithm_version : '';
  } catch {
    return '';
  }
}

export function isOutdated(row: KilnLogRecord): boolean {
  if (row.audited) return false;
  const version = resultVersion(row);
  return version !== null && version !== ALGORITHM_VERSION;
}

export interface UpgradeSummary {
  outdated: number;
  reanalysed: number;
  failed: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function reanalyseOutdated(ctx: AppContext, log: (line: string) => void = console.log): Promise<UpgradeSummary> {
  const ids = ctx.store.data.kilnlogs.filter(isOutdated).map((row) => row.id);
  const summary: UpgradeSummary = { outdated: ids.length, reanalysed: 0, failed: 0 };
  if (ids.length === 0) return summary;
  log(`Re-analysing ${ids.length} burn log(s) analysed by an older algorithm, with algorithm ${ALGORITHM_VERSION}, in the background...`);
  const files = new KilnLogFiles(ctx.store.filesDir);
  const step = Math.max(1, Math.ceil(ids.length / 10));
  let unwritten = 0;
  for (const [i, id] of ids.entries()) {
    await nextTurn();
    // looked up afresh: a request may have audited, re-analysed or purged it meanwhile
    const row = ctx.store.data.kilnlogs.find((r) => r.id === id);
    if (row && isOutdated(row)) {
      try {
        const bytes = await files.readRaw(row.s3key);
        if (isOutdated(row)) {
          reanalyseLog(ctx.store.data, files, row, bytes);
          summary.reanalysed++;
          unwritten++;
        }
      } catch (err) {
        summary.failed++;
        log(`Log ${id} could not be re-analysed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (unwritten >= WRITE_EVERY) {
      ctx.store.write();
      unwritten = 0;
    }
    if ((i + 1) % step === 0 && i + 1 < ids.length) log(`Re-analysed ${i + 1} of ${ids.length} burn logs...`);
  }
  if (unwritten > 0) ctx.store.write();
  log(`Re-analysed ${summary.reanalysed} of ${ids.length} burn log(s) with algorithm ${ALGORITHM_VERSION}${summary.failed ? `; ${summary.failed} failed` : ''}.`);
  return summary;
}

/** For start.ts: runs the upgrade without holding up the server, reporting a crash instead of throwing it. */
export function reanalyseOutdatedInBackground(ctx: AppContext): void {
  reanalyseOutdated(ctx).catch((err: unknown) => console.error('Re-analysis of outdated burn logs stopped:', err));
}
