import type { Kysely } from 'kysely';

/**
 * An account a user-admin created, reset or gave a role of 3–5 waits for a
 * super-admin's release before it logs in (locked), so the user-admin, who
 * knows the password it handed over, cannot use that role (security review M2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locked').execute();
}
