import type { Kysely } from 'kysely';
import { createUniqueLower } from '../postgres/schemaParts';

/**
 * A transaction ID names one eco asset: unique whatever its case (like kiln
 * ids and usernames), so two racing mints of the same ID cannot both land.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createUniqueLower(db, 'eco_assets_transaction_id_lower', 'eco_assets', 'transaction_id');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('eco_assets_transaction_id_lower').execute();
}
