import { sql, type Kysely } from 'kysely';

/**
 * DUPLICATE_CURVE's candidates (curveCandidateQuery in src/domain/fleet/anomalies.ts)
 * are read from an index alone, and their pre-selection holds for every record:
 *
 * - The database computes the curve means from the record's curves, as
 *   curveMeans computes them, on every insert and update: before, only the
 *   upload path wrote them, so every burn the seed or store:copy loaded had
 *   none and was a candidate of every upload (tens of thousands per upload at a
 *   million burns). A trigger rather than generated columns: this migration
 *   only adds, so a server of the version before keeps writing (its means are
 *   overwritten by the same values) while a deployment rolls over.
 * - Every bound of the pre-selection is a key of one index, so a scan skips a
 *   burn of another curve without reading its row; a burn whose curve misses a
 *   point has no means and is a candidate of every burn: those few have an
 *   index of their own. A curve of 48 points is CURVE_POINTS'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function fleet_curve_mean(curve jsonb) returns float8 language sql immutable parallel safe as $$
      select case
        when jsonb_typeof(curve) = 'array' and jsonb_array_length(curve) = 48
         and not exists (select 1 from jsonb_array_elements(curve) p where p = 'null'::jsonb)
        then (select avg(p::text::float8) from jsonb_array_elements(curve) p)
      end
    $$`.execute(db);
  await sql`
    create function fleet_burns_curve_means() returns trigger language plpgsql as $$
    begin
      new.temp_mean := fleet_curve_mean(new.fingerprint->'temp_curve');
      new.weight_mean := fleet_curve_mean(new.fingerprint->'weight_curve');
      return new;
    end
    $$`.execute(db);
  await sql`create trigger fleet_burns_curve_means before insert or update on fleet_burns for each row execute function fleet_burns_curve_means()`.execute(
    db,
  );
  // the records loaded without them; the trigger computes them
  await sql`update fleet_burns set temp_mean = null where temp_mean is null or weight_mean is null`.execute(db);
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
  await sql`drop trigger fleet_burns_curve_means on fleet_burns`.execute(db);
  await sql`drop function fleet_burns_curve_means()`.execute(db);
  await sql`drop function fleet_curve_mean(jsonb)`.execute(db);
}
