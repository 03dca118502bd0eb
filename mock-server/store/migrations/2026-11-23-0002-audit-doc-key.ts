import type { Kysely } from 'kysely';

/** GET /api/audit/evidence/{doc_key} finds its audit by the evidence key. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audits_doc_key').on('audits').column('doc_key').where('doc_key', 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audits_doc_key').execute();
}
