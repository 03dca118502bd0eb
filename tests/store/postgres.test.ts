import { describe, expect, inject, it } from 'vitest';
import { connect, migrateToLatest } from '../../mock-server/store/postgres/connect';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import { storeContract } from './contract';
import { freshDatabase } from './postgresDatabases';

const adminUrl = inject('postgresUrl');

describe.skipIf(!adminUrl)('PostgreSQL store', () => {
  storeContract({
    async open() {
      return PostgresStore.open(await freshDatabase(adminUrl!));
    },
  });
});

describe.skipIf(!adminUrl)('PostgreSQL schema', () => {
  it('is created by the migrations at first start and left as it is at the next', async () => {
    const url = await freshDatabase(adminUrl!);
    const db = connect(url);
    try {
      // the template was migrated already: nothing left to run, and the applied migration is recorded
      expect(await migrateToLatest(db)).toEqual([]);
      const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
      expect(applied).toEqual([{ name: '2026-11-23-0001-initial' }, { name: '2026-11-23-0002-user-admin' }]);
    } finally {
      await db.destroy();
    }
  });
});
