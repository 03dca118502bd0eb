import { type Kysely } from 'kysely';

/**
 * A lab key keeps who revoked it beside when (docs/roles.md, "Batches, lab results and
 * laboratories"), as a kiln key keeps who approved it. Keys revoked before read as revoked by
 * no one known.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lab_keys').addColumn('revoked_by', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lab_keys').dropColumn('revoked_by').execute();
}
