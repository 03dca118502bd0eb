import { sql, type Kysely } from 'kysely';
import { storedTransactionKeys } from '../auditRules';
import { createUniqueLower } from '../postgres/schemaParts';

/**
 * A transaction ID is unique in the form a reader tells IDs apart
 * (transactionKey: NFKC, invisible characters dropped, case folded), which
 * PostgreSQL's lower() does not compute: the server stores the key beside
 * the ID and the unique index is on the key (L7 of the 2026-11-25 review).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('eco_assets').addColumn('transaction_key', 'text').execute();
  const rows = await sql<{ id: number; transaction_id: string }>`select id, transaction_id from eco_assets`.execute(db);
  for (const [id, key] of storedTransactionKeys(rows.rows)) {
    await sql`update eco_assets set transaction_key = ${key} where id = ${id}`.execute(db);
  }
  await db.schema
    .alterTable('eco_assets')
    .alterColumn('transaction_key', (c) => c.setNotNull())
    .execute();
  await db.schema.createIndex('eco_assets_transaction_key').unique().on('eco_assets').column('transaction_key').execute();
  await db.schema.dropIndex('eco_assets_transaction_id_lower').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createUniqueLower(db, 'eco_assets_transaction_id_lower', 'eco_assets', 'transaction_id');
  await db.schema.dropIndex('eco_assets_transaction_key').execute();
  await db.schema.alterTable('eco_assets').dropColumn('transaction_key').execute();
}
