import { sql, type Kysely } from 'kysely';

/**
 * A kiln key needs a second person (docs/security.md, "Kiln identity"): a key
 * is active only once a super-admin approved it (approved_ts, approved_by).
 * Keys stored before count as approved by this upgrade only where no second
 * person was missing: the seed's (created_by null) and those a super-admin
 * added (approved by that super-admin, as of when it was added). Every other
 * key, a facility admin's say, waits for a super-admin like a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kiln_keys').addColumn('approved_ts', 'timestamptz').addColumn('approved_by', 'integer').execute();
  await sql`update kiln_keys set approved_ts = created_ts where created_by is null`.execute(db);
  await sql`update kiln_keys k set approved_ts = k.created_ts, approved_by = k.created_by
    from users u where u.id = k.created_by and u.role = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kiln_keys').dropColumn('approved_ts').dropColumn('approved_by').execute();
}
