import { sql, type Kysely } from 'kysely';

/**
 * A kiln's calibration becomes a history of versions under a second person
 * (docs/security.md, "Who can move which number"): kiln_calibrations, each
 * version in force from its approval. Each kiln's config becomes its version
 * 1, approved by the upgrade (no approver) and in force from the start of its
 * install date, so every stored burn keeps its figures (store/calibrationRules.ts).
 * A log names the version its analysis used (kilnlogs.calibration_id); logs
 * stored before name none (null: their kiln's version 1 applied), so no row of
 * a large kilnlogs table is rewritten here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kiln_calibrations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kiln_id', 'integer', (c) => c.notNull().references('kilns.id'))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('effective_from', 'timestamptz')
    .addColumn('proposed_by', 'integer')
    .addColumn('proposed_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('approved_by', 'integer')
    .addColumn('approved_ts', 'timestamptz')
    .addColumn('superseded_ts', 'timestamptz')
    .addColumn('certificate_key', 'text')
    .addColumn('certificate_sha256', 'text')
    .addColumn('certificate_mime_type', 'text')
    .execute();
  await db.schema.createIndex('kiln_calibrations_kiln').on('kiln_calibrations').columns(['kiln_id', 'id']).execute();
  await sql`
    insert into kiln_calibrations (kiln_id, config, effective_from, proposed_ts, approved_ts)
    select id, config, d, d, d
    from (select id, config, case when install_date ~ '^\\d{4}-\\d{2}-\\d{2}$' then (install_date || 'T00:00:00Z')::timestamptz
                                  else '1970-01-01T00:00:00Z'::timestamptz end as d
          from kilns) k
    order by id`.execute(db);
  await db.schema.alterTable('kilnlogs').addColumn('calibration_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kilnlogs').dropColumn('calibration_id').execute();
  await db.schema.dropTable('kiln_calibrations').execute();
}
