import { sql, type Kysely } from 'kysely';

/**
 * A second index for DUPLICATE_CURVE's candidates (fleet.curveCandidateIds),
 * led by the weight mean where migration 2026-11-28-0002's is led by the
 * temperature mean: a B-tree ranges over its first unequal key only, and in a
 * fleet whose burns share a temperature but not a load the temperature range
 * held a third of a facility's burns. The planner takes the narrower of the
 * two by its statistics; at 1,000,000 burns the index pages read per upload
 * fell from about 1,900 to 190 (docs/performance.md, "Load").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index fleet_burns_curve_candidates_by_weight on fleet_burns
    (facility_id, kiln_type, weight_mean, temp_mean, span_ms, log_id) include (temp_quarters, weight_quarters)
    where temp_mean is not null and weight_mean is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fleet_burns_curve_candidates_by_weight').execute();
}
