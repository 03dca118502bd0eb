import { sql, type Kysely, type Transaction } from 'kysely';
import { conflict, type FieldReasons } from '../errors';
import type { Database } from './tables';

export type Db = Kysely<Database> | Transaction<Database>;

let savepoints = 0;

/**
 * Runs fn atomically: in a new transaction, or inside the caller's as a
 * savepoint, so a refused operation undoes only itself and the caller's
 * transaction goes on (PostgreSQL would otherwise abort all of it).
 * Operations in one transaction run one after another, never at once.
 */
export async function atomic<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(fn);
  return guarded(db, (tx) => fn(tx as Transaction<Database>));
}

/** One statement: alone it is atomic already; inside a transaction it gets its own savepoint. */
export async function guarded<T>(db: Db, fn: (q: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return fn(db);
  const tx = db as Transaction<Database>;
  const name = sql.id(`op_${++savepoints}`);
  await sql`savepoint ${name}`.execute(tx);
  try {
    const result = await fn(tx);
    await sql`release savepoint ${name}`.execute(tx);
    return result;
  } catch (err) {
    await sql`rollback to savepoint ${name}`.execute(tx);
    throw err;
  }
}

/** One statement, PostgreSQL's unique violation turned into a 409 with our words (and the field at fault). */
export async function unique<T>(db: Db, message: string, fn: (q: Db) => Promise<T>, errors?: FieldReasons): Promise<T> {
  try {
    return await guarded(db, fn);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict(message, errors);
    throw err;
  }
}

export const desc = (order: 'ASC' | 'DESC') => order === 'DESC';
