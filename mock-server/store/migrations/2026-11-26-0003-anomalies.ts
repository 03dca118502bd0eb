import { sql, type Kysely } from 'kysely';

/**
 * The fleet view: each analysed burn's fleet record (its numbers
 * and fingerprint, made again with each analysis) and the anomalies the rules
 * raised on it, with who checked each and when. Both go with their log; an
 * anomaly naming a removed burn keeps itself and names none. Times in ms are
 * the kiln's local clock as UTC (float8: read back as numbers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fleet_burns')
    .addColumn('log_id', 'integer', (c) => c.primaryKey().references('kilnlogs.id').onDelete('cascade'))
    .addColumn('kiln', 'integer', (c) => c.notNull())
    .addColumn('kiln_id', 'text', (c) => c.notNull())
    .addColumn('facility_id', 'integer', (c) => c.notNull())
    .addColumn('kiln_type', 'integer', (c) => c.notNull())
    .addColumn('logts', 'text')
    .addColumn('start_ts', 'float8', (c) => c.notNull())
    .addColumn('span_ms', 'float8', (c) => c.notNull())
    .addColumn('latitude', 'float8', (c) => c.notNull())
    .addColumn('longitude', 'float8', (c) => c.notNull())
    .addColumn('valid', 'boolean', (c) => c.notNull())
    .addColumn('reasons', 'jsonb', (c) => c.notNull())
    .addColumn('burn_duration', 'float8', (c) => c.notNull())
    .addColumn('biomass_loaded', 'float8', (c) => c.notNull())
    .addColumn('biochar_produced', 'float8', (c) => c.notNull())
    .addColumn('co2_removed', 'float8', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fleet_burns_kiln').on('fleet_burns').column('kiln').execute();
  await db.schema.createIndex('fleet_burns_curve').on('fleet_burns').columns(['facility_id', 'kiln_type', 'span_ms']).execute();

  await db.schema
    .createTable('anomalies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('log_id', 'integer', (c) => c.notNull().references('kilnlogs.id').onDelete('cascade'))
    .addColumn('other_log_id', 'integer', (c) => c.references('kilnlogs.id').onDelete('set null'))
    .addColumn('kiln', 'integer', (c) => c.notNull())
    .addColumn('kiln_id', 'text', (c) => c.notNull())
    .addColumn('facility_id', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('logts', 'text')
    .addColumn('raised_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('checked_ts', 'timestamptz')
    .addColumn('checked_by', 'integer')
    .addColumn('checked_by_name', 'text')
    .addColumn('check_note', 'text')
    .execute();
  await db.schema.createIndex('anomalies_log').on('anomalies').column('log_id').execute();
  await db.schema.createIndex('anomalies_other_log').on('anomalies').column('other_log_id').execute();
  await sql`create index anomalies_facility_logts on anomalies (facility_id, logts desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('anomalies').execute();
  await db.schema.dropTable('fleet_burns').execute();
}
