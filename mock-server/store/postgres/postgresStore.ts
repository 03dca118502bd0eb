import { sql, type Kysely } from 'kysely';
import type { DataStore, FileKeySpelling, FileReferences, StoreJob, StoreParts, StoreState } from '../dataStore';
import type { LoginThrottle, LoginThrottleOptions } from '../loginThrottle';
import { withAdvisoryLock } from './advisoryLock';
import { postgresLoginThrottle } from './loginThrottle';
import type { SigningKeyStore } from '../signingKeys';
import { postgresSigningKeys } from './signingKeys';
import { bulkLoad } from './bulkLoad';
import { fileKeysAfter } from './fileKeys';
import { connect, DEFAULT_DATABASE_TIMEOUTS, migrateToLatest, type DatabaseTimeouts } from './connect';
import { StoreOfParts } from '../storeOfParts';
import { postgresParts } from './parts';
import type { Database } from './tables';

/**
 * The production store (docs/product.md#shape-of-the-system), chosen by DATABASE_URL: the schema is
 * brought up to date by the migrations at start; operations that claim or
 * allocate lock the rows they decide on (FOR UPDATE), so they hold however
 * many requests race.
 */
export class PostgresStore extends StoreOfParts implements DataStore {
  readonly kind = 'postgres' as const;

  private constructor(readonly db: Kysely<Database>) {
    super(postgresParts(db));
  }

  static async open(databaseUrl: string, options: { poolSize?: number; timeouts?: DatabaseTimeouts } = {}): Promise<PostgresStore> {
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    // a connection of its own, without the statement timeout: a migration may rewrite a million rows
    // two connections: one holds the setup lock, the migrator runs on the other
    const migrations = connect(databaseUrl, 2, { ...timeouts, statementMs: 0 });
    try {
      // under the setup lock: never beside another server's seed or a store copy
      await withAdvisoryLock(migrations, 'setup', () => migrateToLatest(migrations), true);
    } finally {
      await migrations.destroy();
    }
    return new PostgresStore(connect(databaseUrl, options.poolSize, timeouts));
  }

  async exclusively<T>(job: StoreJob, fn: () => Promise<T>): Promise<T> {
    return (await withAdvisoryLock(this.db, job, fn, true))!.value;
  }

  tryExclusively<T>(job: StoreJob, fn: () => Promise<T>): Promise<{ value: T } | null> {
    return withAdvisoryLock(this.db, job, fn, false);
  }

  loginThrottle(options: LoginThrottleOptions): LoginThrottle {
    return postgresLoginThrottle(this.db, options);
  }

  signingKeys(): SigningKeyStore {
    return postgresSigningKeys(this.db);
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

  fileReferences(): Promise<FileReferences> {
    // one repeatable-read snapshot: a record moving between the reads is seen in one place or the other
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const [kilnLogs, photos, statements, evidence] = await Promise.all([
          tx.selectFrom('kilnlogs').select(['id', 's3key']).execute(),
          tx
            .selectFrom('facility_photos')
            .select([sql<string>`photo->>'key'`.as('photo'), sql<string>`thumb->>'key'`.as('thumb')])
            .execute(),
          tx
            .selectFrom('facility_audits')
            .select(sql<string>`file->>'key'`.as('key'))
            .execute(),
          tx.selectFrom('audits').select('doc_key').where('doc_key', 'is not', null).execute(),
        ]);
        return {
          kilnLogs,
          facilityPhotos: photos.flatMap((p) => [p.photo, p.thumb]),
          facilityStatements: statements.map((st) => st.key),
          auditEvidence: evidence.map((a) => a.doc_key!),
        };
      });
  }

  fileKeysAfter(after: string | null, limit: number, spelling: FileKeySpelling): Promise<string[]> {
    return fileKeysAfter(this.db, after, limit, spelling);
  }

  async checkHealth(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
