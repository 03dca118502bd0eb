import { describe, inject } from 'vitest';
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
