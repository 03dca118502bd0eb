import fs from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { copyEmbeddedToPostgres } from '../../mock-server/store/copyStore';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import { demoSeed } from '../helpers/demoSeed';
import { expectAllCandidates } from './contract/fleet';
import { freshDatabase } from './postgresDatabases';

/**
 * The duplicate candidates PostgreSQL finds among records it did not judge itself (a store copy,
 * the seed's bulk path) are isCurveCandidate's too; the store contract (contract/fleet.ts) covers
 * the records both engines judge.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const adminUrl = inject('postgresUrl');

describe.skipIf(!adminUrl)('PostgreSQL store: duplicate candidates of burns it did not judge itself', () => {
  it('holds the curve means of the records a copy (or the seed) loads in bulk: their candidates are isCurveCandidate\u2019s too', async () => {
    const { dir, state } = await demoSeed(24);
    dirs.push(dir);
    const burns = state.fleet_burns;
    const url = await freshDatabase(adminUrl!);
    await copyEmbeddedToPostgres({ dataDir: dir, databaseUrl: url, targetBlobs: null, log: () => undefined });
    const store = await PostgresStore.open(url);
    try {
      let narrowed = 0;
      for (const burn of burns) {
        const { want } = await expectAllCandidates(store, burns, burn);
        narrowed += burns.filter((b) => b.log_id < burn.log_id && b.kiln_type === burn.kiln_type).length - want.length;
      }
      expect(narrowed).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});
