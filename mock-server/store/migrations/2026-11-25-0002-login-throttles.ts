import type { Kysely } from 'kysely';

/**
 * The login throttles (docs/security.md, "Password guessing") kept in the
 * database, so every server behind one balancer counts the same failures:
 * the delays per client and username, and the failed logins per client.
 * Times are milliseconds since the epoch on the database's clock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_ms', 'bigint', (c) => c.notNull())
    .addColumn('blocked_until_ms', 'bigint', (c) => c.notNull())
    // when the pair is forgotten: no failure for the window and no wait left
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_failures_pk', ['client', 'name'])
    .execute();
  await db.schema.createIndex('login_failures_expiry').on('login_failures').column('expires_ms').execute();

  await db.schema
    .createTable('login_client_failures')
    .addColumn('client', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_client_failures_reset').on('login_client_failures').column('reset_ms').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_client_failures').execute();
  await db.schema.dropTable('login_failures').execute();
}
