import { sql, type Kysely } from 'kysely';
import type { SigningKeyStore } from '../signingKeys';
import type { Database } from './tables';

/** The signing keys in PostgreSQL (table of migration 2026-12-02-0003), one row per key. */
export function postgresSigningKeys(db: Kysely<Database>): SigningKeyStore {
  return {
    async use(key, now) {
      await db.transaction().execute(async (tx) => {
        // servers starting at once each take their turn
        await sql`lock table signing_keys in share row exclusive mode`.execute(tx);
        await tx.updateTable('signing_keys').set({ retired_ts: now }).where('kid', '!=', key.kid).where('retired_ts', 'is', null).execute();
        await tx
          .insertInto('signing_keys')
          .values({ kid: key.kid, public_key: key.public_key, created_ts: now, retired_ts: null })
          .onConflict((c) => c.column('kid').doUpdateSet({ retired_ts: null }))
          .execute();
      });
    },
    list() {
      return db.selectFrom('signing_keys').selectAll().orderBy('created_ts').orderBy('kid').execute();
    },
  };
}
