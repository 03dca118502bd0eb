import type { KilnLogRecord } from './model';

/** Archived logs are kept ARCHIVE_RETENTION_DAYS, then deleted with their files (docs/product.md#calls-beyond-the-specification). */

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a log archived at `archivedTs` is deleted; fixed at archive time, so what the screen states holds. */
export function deleteAfter(archivedTs: Date, retentionDays: number): string {
  return new Date(archivedTs.getTime() + retentionDays * DAY_MS).toISOString();
}

/**
 * The archived logs whose time is up at `now`. An audited burn is never
 * deleted: it is audit evidence (and cannot be archived in the first place).
 */
export function dueForPurge(rows: readonly KilnLogRecord[], now: Date): KilnLogRecord[] {
  const t = now.getTime();
  return rows.filter((r) => r.archived_ts !== null && r.delete_after !== null && !r.audited && Date.parse(r.delete_after) <= t);
}
