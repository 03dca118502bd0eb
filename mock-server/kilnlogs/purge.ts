import type { AppContext } from '../context';
import { dueForPurge } from './retention';
import { KilnLogFiles } from './storage';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes the archived logs that are due at `now`: rows first (one write), then their files. */
export function purgeArchivedLogs(ctx: AppContext, now = new Date()): number {
  const due = dueForPurge(ctx.store.data.kilnlogs, now);
  if (due.length === 0) return 0;
  const gone = new Set(due.map((r) => r.id));
  ctx.store.data.kilnlogs = ctx.store.data.kilnlogs.filter((r) => !gone.has(r.id));
  ctx.store.write();
  // a crash between the write and here leaves orphan files, never a row without its file
  const files = new KilnLogFiles(ctx.store.filesDir);
  for (const row of due) files.remove(row.id, row.s3key);
  return due.length;
}

export interface BackgroundJob {
  stop(): void;
}

/** Purges now and then every hour; the timer never keeps the process alive. */
export function startArchivePurge(ctx: AppContext, intervalMs = HOUR_MS): BackgroundJob {
  const run = () => {
    try {
      const n = purgeArchivedLogs(ctx);
      if (n > 0) console.log(`Deleted ${n} archived kiln log(s) past their retention of ${ctx.config.archiveRetentionDays} days.`);
    } catch (err) {
      console.error('Purging archived kiln logs failed:', err);
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
