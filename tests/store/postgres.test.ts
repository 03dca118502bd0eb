import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { connect, migrateToLatest, MIGRATIONS_DIR } from '../../mock-server/store/postgres/connect';
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
      // the template was migrated already: nothing left to run, and every migration file is recorded as applied
      expect(await migrateToLatest(db)).toEqual([]);
      const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never).execute();
      const files = fs.readdirSync(MIGRATIONS_DIR).map((f) => ({ name: path.basename(f, path.extname(f)) })).sort((a, b) => (a.name < b.name ? -1 : 1));
      expect(applied).toEqual(files);
      expect(files[0]).toEqual({ name: '2026-11-23-0001-initial' });
    } finally {
      await db.destroy();
    }
  });
});
