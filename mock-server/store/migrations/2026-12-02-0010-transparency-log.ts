import { sql, type Kysely } from 'kysely';

/**
 * The transparency log: its entries, numbered from 0 with no gap (the primary key
 * refuses a second entry at an index), each of one subject (an act is logged once),
 * and the hashes of its complete subtrees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transparency_entries')
    .addColumn('idx', 'bigint', (c) => c.primaryKey().check(sql`idx >= 0`))
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('logged_ts', 'timestamptz', (c) => c.notNull())
    // what the entry is of ('kilnlog:12', 'signoff:3'): one entry each, found by it
    .addColumn('subject', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('transparency_nodes')
    .addColumn('level', 'smallint', (c) => c.notNull())
    .addColumn('idx', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('transparency_nodes_pkey', ['level', 'idx'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transparency_nodes').execute();
  await db.schema.dropTable('transparency_entries').execute();
}
