import { sql, type Kysely } from 'kysely';
import { createUniqueLower } from '../postgres/schemaParts';

/**
 * The first schema: every area of the store. Text that lists sort on uses the
 * "C" collation, so PostgreSQL orders it byte by byte as the embedded store
 * does, whatever the server's locale. A migration is never edited once
 * shipped; a change is a new file.
 */

const C_TEXT = sql`text collate "C"`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', C_TEXT, (c) => c.notNull())
    .addColumn('role', 'integer', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('facility_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('last_login_ts', 'timestamptz')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await createUniqueLower(db, 'users_username_lower', 'users', 'username');

  await db.schema
    .createTable('facilities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('mnemonic', C_TEXT, (c) => c.notNull().unique())
    .addColumn('name', C_TEXT, (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('latitude_min', 'double precision', (c) => c.notNull())
    .addColumn('latitude_max', 'double precision', (c) => c.notNull())
    .addColumn('longitude_min', 'double precision', (c) => c.notNull())
    .addColumn('longitude_max', 'double precision', (c) => c.notNull())
    .addColumn('last_updated', 'timestamptz', (c) => c.notNull())
    .addColumn('latest_facility_audit_id', 'integer')
    .addColumn('kiln_type_config', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('facilities_owner').on('facilities').column('owner_id').execute();

  await db.schema
    .createTable('facility_photos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('facility_id', 'integer', (c) => c.notNull().unique().references('facilities.id'))
    .addColumn('photo_guid', 'text', (c) => c.notNull())
    .addColumn('photo', 'jsonb', (c) => c.notNull())
    .addColumn('thumb', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('facility_audits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('file', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('facility_audits_facility').on('facility_audits').column('facility_id').execute();

  await db.schema
    .createTable('kilns')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kiln_id', C_TEXT, (c) => c.notNull())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('install_date', 'text', (c) => c.notNull())
    .addColumn('last_update', 'timestamptz', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .execute();
  // a kiln reports only its kiln_id: it must name one kiln across every facility, whatever its case
  await createUniqueLower(db, 'kilns_kiln_id_lower', 'kilns', 'kiln_id');

  await db.schema
    .createTable('kilnlogs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kiln_id', C_TEXT)
    .addColumn('kiln', 'integer')
    .addColumn('facility_id', 'integer')
    .addColumn('facility_name', C_TEXT)
    .addColumn('type', 'integer')
    .addColumn('logts', C_TEXT)
    .addColumn('upload_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('file_name', C_TEXT, (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    .addColumn('s3key', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('gps_in_range', 'boolean')
    .addColumn('error_message', C_TEXT)
    .addColumn('co2_removed', 'double precision')
    .addColumn('biochar_produced', 'double precision')
    .addColumn('valid', 'boolean', (c) => c.notNull())
    .addColumn('status_rank', 'smallint', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(sql`case when error_message is not null then 0 when valid then 2 else 1 end`)
        .stored(),
    )
    .addColumn('audited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('audit_id', 'integer')
    .addColumn('archived_ts', 'timestamptz')
    .addColumn('delete_after', 'timestamptz')
    .execute();
  // the lists' common shapes: live or archived, newest log first, by facility, by kiln, by status; nulls last as the API sorts
  const live = sql<boolean>`archived_ts is null`;
  const archived = sql<boolean>`archived_ts is not null`;
  await db.schema
    .createIndex('kilnlogs_live_logts')
    .on('kilnlogs')
    .expression(sql`logts desc nulls last, id desc`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_live_logts_asc')
    .on('kilnlogs')
    .expression(sql`logts asc nulls last, id asc`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_live_co2')
    .on('kilnlogs')
    .expression(sql`co2_removed desc nulls last, id desc`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_live_co2_asc')
    .on('kilnlogs')
    .expression(sql`co2_removed asc nulls last, id asc`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_live_kiln_id')
    .on('kilnlogs')
    .expression(sql`kiln_id desc nulls last, id desc`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_live_kiln_id_asc')
    .on('kilnlogs')
    .expression(sql`kiln_id asc nulls last, id asc`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_live_facility_logts')
    .on('kilnlogs')
    .expression(sql`facility_id, logts desc nulls last, id desc`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_live_kiln_logts')
    .on('kilnlogs')
    .expression(sql`kiln_id, logts desc nulls last, id desc`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_live_status')
    .on('kilnlogs')
    .expression(sql`status_rank, id`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_live_upload')
    .on('kilnlogs')
    .expression(sql`upload_ts, id`)
    .where(live)
    .execute();
  await db.schema
    .createIndex('kilnlogs_archived')
    .on('kilnlogs')
    .expression(sql`archived_ts desc, id desc`)
    .where(archived)
    .execute();
  await db.schema
    .createIndex('kilnlogs_purge')
    .on('kilnlogs')
    .column('delete_after')
    .where(sql<boolean>`archived_ts is not null and not audited`)
    .execute();
  await db.schema
    .createIndex('kilnlogs_auditable')
    .on('kilnlogs')
    .expression(sql`type, facility_id, logts`)
    .where(sql<boolean>`valid and error_message is null and not audited and archived_ts is null`)
    .execute();

  // the analysis result (1-3 kB of JSON a log) lives beside the row, so the rows a list scans and sorts stay narrow
  await db.schema
    .createTable('kilnlog_analyses')
    .addColumn('kilnlog_id', 'integer', (c) => c.primaryKey().references('kilnlogs.id').onDelete('cascade'))
    .addColumn('analysis', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('kiln_type', 'integer', (c) => c.notNull())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('create_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('analysis_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('signoff_ts', 'timestamptz')
    .addColumn('doc_key', 'text')
    .addColumn('doc_mime_type', 'text')
    .addColumn('proposed_by', 'integer')
    .addColumn('signed_off_by', 'integer')
    .execute();
  await db.schema.createIndex('audits_signoff').on('audits').columns(['facility_id', 'signoff_ts']).execute();

  await db.schema
    .createTable('audit_claims')
    .addColumn('kilnlog_id', 'integer', (c) => c.primaryKey().references('kilnlogs.id'))
    .addColumn('audit_id', 'integer', (c) => c.notNull().references('audits.id'))
    .execute();
  await db.schema.createIndex('audit_claims_audit').on('audit_claims').column('audit_id').execute();

  await db.schema
    .createTable('audit_burns')
    .addColumn('kilnlog_id', 'integer', (c) => c.primaryKey().references('kilnlogs.id'))
    .addColumn('audit_id', 'integer', (c) => c.notNull().references('audits.id'))
    .addColumn('facility_id', 'integer', (c) => c.notNull())
    .addColumn('co2_removed', 'double precision', (c) => c.notNull())
    .addColumn('biochar_produced', 'double precision', (c) => c.notNull())
    .addColumn('algorithm_version', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_burns_audit').on('audit_burns').column('audit_id').execute();

  await db.schema
    .createTable('eco_assets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('minting_note', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('co2_allocated', sql`numeric(16,3)`, (c) => c.notNull())
    .addColumn('minted_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('minted_by', 'integer')
    .execute();

  await db.schema
    .createTable('eco_allocations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('eco_asset_id', 'integer', (c) => c.notNull().references('eco_assets.id'))
    .addColumn('audit_id', 'integer', (c) => c.notNull().references('audits.id'))
    .addColumn('co2_allocated', sql`numeric(16,3)`, (c) => c.notNull().check(sql`co2_allocated > 0`))
    .execute();
  await db.schema.createIndex('eco_allocations_audit').on('eco_allocations').column('audit_id').execute();
  await db.schema.createIndex('eco_allocations_asset').on('eco_allocations').column('eco_asset_id').execute();

  await db.schema
    .createTable('changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('date', C_TEXT, (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('statistics')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('snapshot', 'jsonb', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'statistics',
    'changes',
    'eco_allocations',
    'eco_assets',
    'audit_burns',
    'audit_claims',
    'audits',
    'kilnlog_analyses',
    'kilnlogs',
    'kilns',
    'facility_audits',
    'facility_photos',
    'facilities',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
