import { sql, type Kysely } from 'kysely';
import type { StoreJob } from '../dataStore';
import type { Database } from './tables';

/**
 * PostgreSQL session advisory locks, one per job that the servers sharing a
 * database must do one at a time (docs/operations.md): held on one pooled
 * connection for the job's length, released when it ends, and by PostgreSQL
 * itself when the holder's connection dies (a killed server holds nothing).
 */

/** the first key of every lock of this application (pg_advisory_lock(int, int)): 'KILN' */
export const NAMESPACE = 0x4b494c4e;
const JOB_KEYS: Record<StoreJob, number> = { setup: 1, reanalysis: 2, purge: 3, sweep: 4 };
/** the second key of the transaction lock every mint takes before it reads the next serial: apart from every job's key */
export const MINT_SERIALS_KEY = 5;
/** the second key of the transaction lock every transparency log append takes before it reads the log's size */
export const TRANSPARENCY_APPEND_KEY = 6;
const LOCK_POLL_MS = 200;

/** wait: queue behind the holder; otherwise answer null at once when another session holds the lock. */
export async function withAdvisoryLock<T>(
  db: Kysely<Database>,
  job: StoreJob,
  fn: () => Promise<T>,
  wait: boolean,
): Promise<{ value: T } | null> {
  const key = JOB_KEYS[job];
  return db.connection().execute(async (conn) => {
    const tryLock = async () => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${NAMESPACE}::int, ${key}::int) as locked`.execute(conn);
      return rows[0]?.locked === true;
    };
    // waiting is polling, not pg_advisory_lock: a blocking wait would be cut by the
    // statement and query timeouts (connect.ts) while another server seeds for minutes
    while (!(await tryLock())) {
      if (!wait) return null;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      return { value: await fn() };
    } finally {
      await sql`select pg_advisory_unlock(${NAMESPACE}::int, ${key}::int)`.execute(conn);
    }
  });
}
