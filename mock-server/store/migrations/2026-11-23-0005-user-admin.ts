import type { Kysely } from 'kysely';
import { changeColumns } from '../postgres/schemaParts';

/**
 * Users and Admin: a password a user-admin set must be replaced by its user
 * (must_change_password), and every change to a user is kept (user_changes,
 * who, what, when), also after the user is deleted, so it has no foreign key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('user_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .$call(changeColumns)
    .execute();
  await db.schema.createIndex('user_changes_user').on('user_changes').columns(['user_id', 'ts']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_changes').execute();
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
