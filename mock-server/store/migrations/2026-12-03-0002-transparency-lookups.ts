import { type Kysely } from 'kysely';

/**
 * What the transparency log's public page finds an entry by besides its index: an
 * asset's transaction id, a package's or manifest's SHA-256 (src/domain/transparency/entries.ts,
 * entryLookups), each key filed once, beside the entry it names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transparency_lookups')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('idx', 'bigint', (c) => c.notNull().references('transparency_entries.idx'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transparency_lookups').execute();
}
