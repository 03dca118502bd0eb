import { sql, type Kysely } from 'kysely';

/**
 * Production batches, their lab results and end uses, and the laboratories
 * with their keys (issue 43). batch_burns holds each batch's burns once more,
 * keyed by the burn, so a burn is in one batch at most whatever races; a
 * facility gains its batch period (days, default 31). Masses are whole grams.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('facilities')
    .addColumn('batch_period_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(31)
        .check(sql`batch_period_days between 1 and 3660`),
    )
    .execute();
  await db.schema
    .createTable('labs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('accreditation', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_ts', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index labs_name_key on labs (lower(name))`.execute(db);
  await db.schema
    .createTable('lab_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lab_id', 'integer', (c) => c.notNull().references('labs.id'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('registered_by', 'integer')
    .addColumn('registered_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_ts', 'timestamptz')
    .execute();
  await db.schema.createIndex('lab_keys_lab').on('lab_keys').columns(['lab_id', 'id']).execute();
  await db.schema
    .createTable('batches')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facilities.id'))
    .addColumn('kiln_type', 'integer', (c) => c.notNull())
    .addColumn('feedstock', 'text', (c) => c.notNull())
    .addColumn('feedstock_note', 'text')
    .addColumn('analysis_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('first_logts', 'text', (c) => c.notNull())
    .addColumn('last_logts', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('open', 'closed', 'sampled')`))
    .addColumn('wet_biochar_g', 'bigint', (c) => c.notNull().check(sql`wet_biochar_g >= 0`))
    .addColumn('dry_biochar_g', 'bigint', (c) => c.check(sql`dry_biochar_g between 0 and wet_biochar_g`))
    .addColumn('production_temp_c', 'float8')
    .addColumn('emissions', 'jsonb')
    .addColumn('created_by', 'integer')
    .addColumn('created_ts', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('batches_facility').on('batches').columns(['facility_id', 'id']).execute();
  await db.schema
    .createTable('batch_burns')
    .addColumn('kilnlog_id', 'integer', (c) => c.primaryKey().references('kilnlogs.id'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .execute();
  await db.schema.createIndex('batch_burns_batch').on('batch_burns').column('batch_id').execute();
  await db.schema
    .createTable('lab_results')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('lab_id', 'integer', (c) => c.notNull().references('labs.id'))
    .addColumn('sample_id', 'text', (c) => c.notNull())
    .addColumn('sampled_date', 'text', (c) => c.notNull())
    .addColumn('reported_date', 'text', (c) => c.notNull())
    .addColumn('methods', sql`text[]`, (c) => c.notNull())
    .addColumn('c_tot_pct', 'float8')
    .addColumn('c_inorg_pct', 'float8')
    .addColumn('c_org_pct', 'float8')
    .addColumn('h_c_org', 'float8')
    .addColumn('o_c_org', 'float8')
    .addColumn('moisture_pct', 'float8')
    .addColumn('ash_pct', 'float8')
    .addColumn('volatile_matter_pct', 'float8')
    .addColumn('ro_pct', 'float8')
    .addColumn('contaminants_pass', 'boolean')
    .addColumn('certificate_sha256', 'text', (c) => c.notNull())
    .addColumn('certificate_key', 'text', (c) => c.notNull())
    .addColumn('lab_signed', 'boolean', (c) => c.notNull())
    // a result is corrected once: a later correction supersedes the correction
    .addColumn('supersedes', 'integer', (c) => c.unique().references('lab_results.id'))
    .addColumn('recorded_by', 'integer')
    .addColumn('recorded_ts', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lab_results_batch').on('lab_results').columns(['batch_id', 'id']).execute();
  await db.schema
    .createTable('end_uses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('kind_note', 'text')
    .addColumn('dry_g', 'bigint', (c) => c.notNull().check(sql`dry_g > 0`))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('latitude', 'float8', (c) => c.notNull())
    .addColumn('longitude', 'float8', (c) => c.notNull())
    .addColumn('soil_temp_c', 'float8', (c) => c.notNull())
    .addColumn('soil_temp_source', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('evidence_sha256', 'text', (c) => c.notNull())
    .addColumn('evidence_key', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'integer')
    .addColumn('recorded_ts', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('end_uses_batch').on('end_uses').columns(['batch_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['end_uses', 'lab_results', 'batch_burns', 'batches', 'lab_keys', 'labs']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('facilities').dropColumn('batch_period_days').execute();
}
