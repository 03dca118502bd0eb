import { type Kysely } from 'kysely';

/**
 * The console's package signing keys (GET /api/signing-keys): every key that
 * ever signed a package, by its kid, retired once another took over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('created_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('retired_ts', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signing_keys').execute();
}
