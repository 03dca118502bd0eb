import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Pieces of schema more than one migration builds. Applied migrations run
 * them again on every new database: what they emit never changes (a change
 * is a new migration).
 */

/** A unique index on lower(column): a name that is unique whatever its case. */
export function createUniqueLower(db: Kysely<unknown>, index: string, table: string, column: string): Promise<void> {
  return db.schema
    .createIndex(index)
    .unique()
    .on(table)
    .expression(sql`lower(${sql.raw(column)})`)
    .execute();
}

/** A change trail's who, what and when (user_changes, facility_changes), after the columns naming what changed. */
export function changeColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('actor_id', 'integer')
    .addColumn('actor_username', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ts', 'timestamptz', (c) => c.notNull());
}
