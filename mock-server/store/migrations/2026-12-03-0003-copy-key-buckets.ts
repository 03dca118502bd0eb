import { type Kysely } from 'kysely';

/**
 * The copy index (docs/analysis.md, "A copy's key"): each burn's fleet record carries its
 * copy key in its fingerprint, and is filed here under one bucket per lookup its key serves
 * (copyKeyFiling). An upload's copy check reads the buckets its key reaches by the primary
 * key, so a lookup reads the rows of the buckets it touches, never every burn. The rows go
 * with their burn's record. Records stored before the key have none: ANOMALY_VERSION 1.1.0
 * judges them again at start-up, which keys and files them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('copy_key_buckets')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('log_id', 'integer', (c) => c.notNull().references('fleet_burns.log_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('copy_key_buckets_pkey', ['bucket', 'log_id'])
    .execute();
  // a burn's own buckets, when its record is judged again or goes
  await db.schema.createIndex('copy_key_buckets_log').on('copy_key_buckets').column('log_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('copy_key_buckets').execute();
}
