import type { AppContext } from '../context';
import { commitFiles } from '../store/commit';
import { KilnLogFiles } from './storage';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes the archived logs that are due at `now`: rows first (one store call), then their files. */
export async function purgeArchivedLogs(ctx: Pick<AppContext, 'data' | 'blobs'>, now = new Date()): Promise<number> {
  const due = await ctx.data.kilnLogs.dueForPurge(now);
  if (due.length === 0) return 0;
  const files = new KilnLogFiles(ctx.blobs);
  // the store answers the rows it deleted: never one audited or claimed since
  const gone = await commitFiles(ctx.blobs, {
    added: [],
    write: () => ctx.data.kilnLogs.remove(due.map((r) => r.id)),
    orphaned: (rows) => rows.flatMap((row) => [row.s3key, files.analysisKey(row.id)]),
  });
  return gone.length;
}

export interface BackgroundJob {
  stop(): void;
}

/**
 * Purges now (answering when done) and then every hour; the timer never keeps the process alive.
 * Of the servers sharing a store one purges at a time; the others skip that turn.
 */
export async function startArchivePurge(ctx: AppContext, intervalMs = HOUR_MS): Promise<BackgroundJob> {
  const run = async () => {
    try {
      const n = (await ctx.data.tryExclusively('purge', () => purgeArchivedLogs(ctx)))?.value ?? 0;
      if (n > 0) console.log(`Deleted ${n} archived kiln log(s) past their retention of ${ctx.config.archiveRetentionDays} days.`);
    } catch (err) {
      console.error('Purging archived kiln logs failed:', err);
    }
  };
  await run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
