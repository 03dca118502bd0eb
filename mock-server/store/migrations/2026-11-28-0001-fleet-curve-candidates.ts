import { sql, type Kysely } from 'kysely';

/**
 * DUPLICATE_CURVE's candidates (curveCandidateQuery in src/domain/fleet/anomalies.ts)
 * are read from an index alone, and their pre-selection holds for every record:
 *
 * - The curve means are computed by the database from the record's curves
 *   (generated columns), as curveMeans computes them: before, only the upload
 *   path wrote them, so every burn the seed or store:copy loaded had none and
 *   was a candidate of every upload (tens of thousands per upload at a million
 *   burns).
 * - Every bound of the pre-selection is a key of one index, so a scan skips a
 *   burn of another curve without reading its row; a burn whose curve misses a
 *   point has no means and is a candidate of every burn: those few have an
 *   index of their own. A curve of 48 points is CURVE_POINTS'.
 */
const curveMean = sql`
create function fleet_curve_mean(curve jsonb) returns float8 language sql immutable parallel safe as $$
  select case
    when jsonb_array_length(curve) = 48 and not exists (select 1 from jsonb_array_elements(curve) p where p = 'null'::jsonb)
    then (select avg(p::text::float8) from jsonb_array_elements(curve) p)
  end
$$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await curveMean.execute(db);
  await db.schema.dropIndex('fleet_burns_curve_means').execute();
  await db.schema.alterTable('fleet_burns').dropColumn('temp_mean').dropColumn('weight_mean').execute();
  await db.schema
    .alterTable('fleet_burns')
    .addColumn('temp_mean', 'float8', (c) => c.generatedAlwaysAs(sql`fleet_curve_mean(fingerprint->'temp_curve')`).stored())
    .addColumn('weight_mean', 'float8', (c) => c.generatedAlwaysAs(sql`fleet_curve_mean(fingerprint->'weight_curve')`).stored())
    .execute();
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fleet_burns_incomplete_curves').execute();
  await db.schema.dropIndex('fleet_burns_curve_candidates').execute();
  await db.schema.alterTable('fleet_burns').dropColumn('temp_mean').dropColumn('weight_mean').execute();
  await db.schema.alterTable('fleet_burns').addColumn('temp_mean', 'float8').addColumn('weight_mean', 'float8').execute();
  await sql`update fleet_burns set temp_mean = fleet_curve_mean(fingerprint->'temp_curve'), weight_mean = fleet_curve_mean(fingerprint->'weight_curve')`.execute(
    db,
  );
  await sql`drop function fleet_curve_mean(jsonb)`.execute(db);
  await db.schema.createIndex('fleet_burns_curve_means').on('fleet_burns').columns(['facility_id', 'kiln_type', 'temp_mean']).execute();
}
