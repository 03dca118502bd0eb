import { sql, type Kysely } from 'kysely';

/**
 * DUPLICATE_CURVE's second pre-selection bound (curveCandidateQuery in
 * src/domain/fleet/anomalies.ts): the means of each curve's four quarters of
 * 12 points, computed by the database on every write as curveMeans computes
 * them, like the means of migration 2026-11-28-0001 (null when a point is
 * missing). The candidates' index carries them, so the scan still reads no
 * row: on a fleet of burns of one mean, the means alone kept thousands of
 * candidates an upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // one pass over the points, each quarter's sum in point order as curveMeans adds them; a JSON null reads as SQL null
  await sql`
    create function fleet_curve_quarters(curve jsonb) returns float8[] language sql immutable parallel safe as $$
      select case when jsonb_typeof(curve) = 'array' and jsonb_array_length(curve) = 48 then (
        select case when count(v) = 48 then array[
          avg(v) filter (where i <= 12), avg(v) filter (where i between 13 and 24),
          avg(v) filter (where i between 25 and 36), avg(v) filter (where i > 36)] end
        from jsonb_array_elements_text(curve) with ordinality as e(t, i), float8(t) as v)
      end
    $$`.execute(db);
  await db.schema
    .alterTable('fleet_burns')
    .addColumn('temp_quarters', sql`float8[]`)
    .addColumn('weight_quarters', sql`float8[]`)
    .execute();
  await sql`
    create or replace function fleet_burns_curve_means() returns trigger language plpgsql as $$
    begin
      new.temp_mean := fleet_curve_mean(new.fingerprint->'temp_curve');
      new.weight_mean := fleet_curve_mean(new.fingerprint->'weight_curve');
      new.temp_quarters := fleet_curve_quarters(new.fingerprint->'temp_curve');
      new.weight_quarters := fleet_curve_quarters(new.fingerprint->'weight_curve');
      return new;
    end
    $$`.execute(db);
  // the records stored before (a record with no mean has no quarters either); their means stand, so the trigger rests
  await sql`alter table fleet_burns disable trigger fleet_burns_curve_means`.execute(db);
  await sql`update fleet_burns set temp_quarters = fleet_curve_quarters(fingerprint->'temp_curve'),
    weight_quarters = fleet_curve_quarters(fingerprint->'weight_curve') where temp_mean is not null or weight_mean is not null`.execute(db);
  await sql`alter table fleet_burns enable trigger fleet_burns_curve_means`.execute(db);
  await candidatesIndex(db, 'include (temp_quarters, weight_quarters)');
}

/** The candidates' index (migration 2026-11-28-0001), built anew beside the old one, then in its place. */
async function candidatesIndex(db: Kysely<unknown>, include: string): Promise<void> {
  await sql`create index fleet_burns_curve_next on fleet_burns (facility_id, kiln_type, temp_mean, weight_mean, span_ms, log_id)
    ${sql.raw(include)} where temp_mean is not null and weight_mean is not null`.execute(db);
  await sql`drop index fleet_burns_curve_candidates`.execute(db);
  await sql`alter index fleet_burns_curve_next rename to fleet_burns_curve_candidates`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function fleet_burns_curve_means() returns trigger language plpgsql as $$
    begin
      new.temp_mean := fleet_curve_mean(new.fingerprint->'temp_curve');
      new.weight_mean := fleet_curve_mean(new.fingerprint->'weight_curve');
      return new;
    end
    $$`.execute(db);
  await candidatesIndex(db, '');
  await db.schema.alterTable('fleet_burns').dropColumn('temp_quarters').dropColumn('weight_quarters').execute();
  await sql`drop function fleet_curve_quarters(jsonb)`.execute(db);
}
