import type { Kysely } from 'kysely';

/**
 * Who uploaded a log: its anomalies are cleared by a second person,
 * never the uploader. Logs stored before have none (null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kilnlogs').addColumn('uploaded_by', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kilnlogs').dropColumn('uploaded_by').execute();
}
