import { sql, type Kysely } from 'kysely';

/**
 * DUPLICATE_CURVE's candidates (curveCandidateQuery in src/domain/fleet/anomalies.ts)
 * are read from the index alone: every bound of the pre-selection is a key of
 * it, so the scan skips a burn of another curve without reading its row, and
 * only the candidates' rows (with their curves) are read, a page at a time in
 * log id order. With the means only in the key (migration 2026-11-27-0003), a
 * fleet of a million burns read tens of thousands of rows per upload to find
 * none. A burn whose curve misses a point has no means and is a candidate of
 * every burn: those few have an index of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('fleet_burns_curve_candidates')
    .on('fleet_burns')
    .columns(['facility_id', 'kiln_type', 'temp_mean', 'weight_mean', 'span_ms', 'log_id'])
    .where(sql<boolean>`temp_mean is not null and weight_mean is not null`)
    .execute();
  await db.schema
    .createIndex('fleet_burns_incomplete_curves')
    .on('fleet_burns')
    .columns(['facility_id', 'kiln_type', 'log_id'])
    .where(sql<boolean>`temp_mean is null or weight_mean is null`)
    .execute();
  await db.schema.dropIndex('fleet_burns_curve_means').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('fleet_burns_curve_means').on('fleet_burns').columns(['facility_id', 'kiln_type', 'temp_mean']).execute();
  await db.schema.dropIndex('fleet_burns_incomplete_curves').execute();
  await db.schema.dropIndex('fleet_burns_curve_candidates').execute();
}
