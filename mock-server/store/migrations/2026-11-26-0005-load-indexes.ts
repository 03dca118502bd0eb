import { sql, type Kysely } from 'kysely';

/**
 * A status filter (Valid, Invalid, Error) on the kiln-log list, sorted by
 * log time (the default) or CO2, read its page from an index: at 1,000,000
 * logs the sort's index led by facility_id alone was walked with the status
 * checked on each row, so one facility's errors (1 % of its logs, none with
 * CO2) newest first read 244,000 rows for a page of 25 (630-715 ms; the load
 * findings in docs/performance.md). Each index is led by the status, after the
 * facility where the list has one, as 0004's are by the facility; both
 * directions, as the API sorts nulls last both ways.
 */

const live = sql<boolean>`archived_ts is null`;

const INDEXES: Record<string, ReturnType<typeof sql>> = {
  kilnlogs_live_facility_status_logts: sql`facility_id, status_rank, logts desc nulls last, id desc`,
  kilnlogs_live_facility_status_logts_asc: sql`facility_id, status_rank, logts asc nulls last, id asc`,
  kilnlogs_live_facility_status_co2: sql`facility_id, status_rank, co2_removed desc nulls last, id desc`,
  kilnlogs_live_facility_status_co2_asc: sql`facility_id, status_rank, co2_removed asc nulls last, id asc`,
  kilnlogs_live_status_logts: sql`status_rank, logts desc nulls last, id desc`,
  kilnlogs_live_status_logts_asc: sql`status_rank, logts asc nulls last, id asc`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('kilnlogs').expression(columns).where(live).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
}
