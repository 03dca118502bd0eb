import { type Kysely } from 'kysely';

/**
 * A lab result keeps the lab's signature of its certificate (docs/analysis.md, "Verification
 * package"), so an audit's package carries it and a verifier checks it against the lab's key.
 * Results stored before have none: they read as not carrying one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lab_results').addColumn('certificate_signature', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lab_results').dropColumn('certificate_signature').execute();
}
