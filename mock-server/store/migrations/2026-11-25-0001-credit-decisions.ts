import { sql, type Kysely } from 'kysely';
import { changeColumns } from '../postgres/schemaParts';

/**
 * Who decides what is credited (docs/security.md, M1 and L6): a kiln id is
 * approved by a super-admin (approved_ts, approved_by; the kilns registered
 * before are approved here, as of their last update, by no one); a log filed
 * under a kiln still pending is kept but not creditable (kiln_pending); and
 * every change of a facility's GPS box or carbon factors, kiln approval and
 * log assignment is kept in facility_changes (who, what, when), like
 * user_changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kilns').addColumn('approved_ts', 'timestamptz').addColumn('approved_by', 'integer').execute();
  await sql`update kilns set approved_ts = last_update`.execute(db);

  await db.schema
    .alterTable('kilnlogs')
    .addColumn('kiln_pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('facility_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .$call(changeColumns)
    .execute();
  await db.schema.createIndex('facility_changes_facility').on('facility_changes').columns(['facility_id', 'ts']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('facility_changes').execute();
  await db.schema.alterTable('kilnlogs').dropColumn('kiln_pending').execute();
  await db.schema.alterTable('kilns').dropColumn('approved_ts').dropColumn('approved_by').execute();
}
