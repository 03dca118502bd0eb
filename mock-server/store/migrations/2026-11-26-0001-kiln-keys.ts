import { type Kysely } from 'kysely';

/**
 * Kilns sign their own logs (docs/security.md, "Kiln identity"): each kiln's
 * Ed25519 public keys (kiln_keys, fingerprint unique across every kiln); a
 * log's signature state (signed, key_fingerprint, signature), kept frozen in
 * audit_burns at signoff; and a facility's setting that its audits take only
 * signed burns. Logs and burns stored before are unsigned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kiln_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kiln_id', 'integer', (c) => c.notNull().references('kilns.id'))
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('created_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('revoked_ts', 'timestamptz')
    .execute();
  await db.schema.createIndex('kiln_keys_kiln').on('kiln_keys').columns(['kiln_id', 'id']).execute();

  for (const table of ['kilnlogs', 'audit_burns']) {
    await db.schema
      .alterTable(table)
      .addColumn('signed', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('key_fingerprint', 'text')
      .addColumn('signature', 'text')
      .execute();
  }
  await db.schema
    .alterTable('facilities')
    .addColumn('signed_burns_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('facilities').dropColumn('signed_burns_only').execute();
  for (const table of ['audit_burns', 'kilnlogs']) {
    await db.schema.alterTable(table).dropColumn('signed').dropColumn('key_fingerprint').dropColumn('signature').execute();
  }
  await db.schema.dropTable('kiln_keys').execute();
}
