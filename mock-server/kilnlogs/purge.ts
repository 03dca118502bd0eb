import type { AppContext } from '../context';
import { dueForPurge } from './retention';
import { commit } from '../store/commit';
import { KilnLogFiles } from './storage';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes the archived logs that are due at `now`: rows first (one write), then their files. */
export function purgeArchivedLogs(ctx: AppContext, now = new Date()): number {
  const due = dueForPurge(ctx.store.data.kilnlogs, now);
  if (due.length === 0) return 0;
  const gone = new Set(due.map((r) => r.id));
  const before = ctx.store.data.kilnlogs;
  ctx.store.data.kilnlogs = before.filter((r) => !gone.has(r.id));
  const files = new KilnLogFiles(ctx.store.filesDir);
  commit(ctx.store, {
    undo: () => (ctx.store.data.kilnlogs = before),
    cleanup: () => due.forEach((row) => files.remove(row.id, row.s3key)),
  });
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
