import type { Kysely } from 'kysely';
import type { DataStore, StoreParts, StoreState } from '../dataStore';
import { bulkLoad } from './bulkLoad';
import { connect, migrateToLatest } from './connect';
import { postgresParts } from './parts';
import type { Database } from './tables';

/**
 * The production store (DESIGN §1), chosen by DATABASE_URL: the schema is
 * brought up to date by the migrations at start; operations that claim or
 * allocate lock the rows they decide on (FOR UPDATE), so they hold however
 * many requests race.
 */
export class PostgresStore implements DataStore {
  readonly kind = 'postgres' as const;
  private readonly parts: StoreParts;

  private constructor(readonly db: Kysely<Database>) {
    this.parts = postgresParts(db);
  }

  static async open(databaseUrl: string, options: { poolSize?: number } = {}): Promise<PostgresStore> {
    const db = connect(databaseUrl, options.poolSize);
    try {
      await migrateToLatest(db);
    } catch (err) {
      await db.destroy();
      throw err;
    }
    return new PostgresStore(db);
  }

  get users() {
    return this.parts.users;
  }
  get facilities() {
    return this.parts.facilities;
  }
  get kilns() {
    return this.parts.kilns;
  }
  get kilnLogs() {
    return this.parts.kilnLogs;
  }
  get audits() {
    return this.parts.audits;
  }
  get ecoAssets() {
    return this.parts.ecoAssets;
  }
  get changes() {
    return this.parts.changes;
  }
  get statistics() {
    return this.parts.statistics;
  }

  transaction<T>(fn: (tx: StoreParts) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => fn(postgresParts(tx)));
  }

  replaceAll(state: StoreState, progress?: (table: string, done: number, total: number) => void): Promise<void> {
    return bulkLoad(this.db, state, progress, true);
  }

  async isEmpty(): Promise<boolean> {
    return !(await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst());
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
