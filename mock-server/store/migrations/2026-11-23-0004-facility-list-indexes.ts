import { sql, type Kysely } from 'kysely';

/**
 * The kiln-log list within one facility (a facility filter, or a facility
 * admin's scope) as fast as the unfiltered one: each sort the list offers
 * on live logs gets an index led by facility_id, so a page reads its 25 rows
 * instead of skipping the other facilities' logs (a kiln_id sort read 7,000
 * pages for one page at 100,000 logs), and the page's total is counted from
 * a narrow index of facility_id alone (deduplicated, ~30 times smaller than
 * the log-time index). A column that can be null gets one index per
 * direction, as the API sorts nulls last both ways.
 */

const live = sql<boolean>`archived_ts is null`;

const INDEXES: Record<string, ReturnType<typeof sql>> = {
  kilnlogs_live_facility: sql`facility_id`,
  kilnlogs_live_facility_logts_asc: sql`facility_id, logts asc nulls last, id asc`,
  kilnlogs_live_facility_co2: sql`facility_id, co2_removed desc nulls last, id desc`,
  kilnlogs_live_facility_co2_asc: sql`facility_id, co2_removed asc nulls last, id asc`,
  kilnlogs_live_facility_kiln_id: sql`facility_id, kiln_id desc nulls last, id desc`,
  kilnlogs_live_facility_kiln_id_asc: sql`facility_id, kiln_id asc nulls last, id asc`,
  kilnlogs_live_facility_status: sql`facility_id, status_rank, id`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('kilnlogs').expression(columns).where(live).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
}
