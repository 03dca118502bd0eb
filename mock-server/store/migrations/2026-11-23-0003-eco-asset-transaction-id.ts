import { sql, type Kysely } from 'kysely';

/**
 * A transaction ID names one eco asset: unique whatever its case (like kiln
 * ids and usernames), so two racing mints of the same ID cannot both land.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('eco_assets_transaction_id_lower')
    .unique()
    .on('eco_assets')
    .expression(sql`lower(transaction_id)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('eco_assets_transaction_id_lower').execute();
}
