import { sql, type Kysely } from 'kysely';

/**
 * Judging a burn reads a bounded part of the fleet, however long it has run
 * (src/domain/fleet/anomalies.ts): before, an upload's anomaly pass read every
 * burn of its kiln and every burn of its facility, kiln type and length.
 *
 * - The kiln's history its rules need (kilnHistory): its last burn, its last
 *   burns with a tare and its last valid burns with a yield, each newest first
 *   from an index of its own. The partial indexes hold only the rows their part
 *   reads: a Retort has no tare, and without its own index the tare part would
 *   walk the whole kiln to find none. They replace fleet_burns_kiln.
 * - DUPLICATE_CURVE's candidates (curveCandidateQuery): only burns whose curve
 *   means lie within the match limits of this burn's, kept in two columns
 *   (null when a point of the curve is missing: such a burn stays a candidate).
 *   Existing records get theirs here; a curve of 48 points is CURVE_POINTS'.
 */

const ORDER = sql`kiln, start_ts desc, log_id desc`;

const completeMean = (curve: string) => sql`case
  when jsonb_array_length(fingerprint->${sql.lit(curve)}) = 48
   and not exists (select 1 from jsonb_array_elements(fingerprint->${sql.lit(curve)}) p where p = 'null'::jsonb)
  then (select avg(p::text::float8) from jsonb_array_elements(fingerprint->${sql.lit(curve)}) p)
end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('fleet_burns_kiln_history').on('fleet_burns').expression(ORDER).execute();
  await db.schema
    .createIndex('fleet_burns_kiln_tares')
    .on('fleet_burns')
    .expression(ORDER)
    .where(sql<boolean>`(fingerprint->>'tare_kg') is not null`)
    .execute();
  await db.schema
    .createIndex('fleet_burns_kiln_yields')
    .on('fleet_burns')
    .expression(ORDER)
    .where(sql<boolean>`valid and (fingerprint->>'char_yield') is not null`)
    .execute();
  await db.schema.dropIndex('fleet_burns_kiln').execute();

  await db.schema.alterTable('fleet_burns').addColumn('temp_mean', 'float8').addColumn('weight_mean', 'float8').execute();
  await sql`update fleet_burns set temp_mean = ${completeMean('temp_curve')}, weight_mean = ${completeMean('weight_curve')}`.execute(db);
  await db.schema.createIndex('fleet_burns_curve_means').on('fleet_burns').columns(['facility_id', 'kiln_type', 'temp_mean']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fleet_burns_curve_means').execute();
  await db.schema.alterTable('fleet_burns').dropColumn('temp_mean').dropColumn('weight_mean').execute();
  await db.schema.createIndex('fleet_burns_kiln').on('fleet_burns').column('kiln').execute();
  for (const name of ['fleet_burns_kiln_history', 'fleet_burns_kiln_tares', 'fleet_burns_kiln_yields'])
    await db.schema.dropIndex(name).execute();
}
