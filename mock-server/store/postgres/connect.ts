import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './tables';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '..', 'migrations');

const TIMESTAMPTZ = 1184;
const NUMERIC = 1700;
const INT8 = 20;

/** timestamptz as ISO text (the API's form), numeric kg and bigint counts as numbers. */
function typeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === TIMESTAMPTZ) return (v) => new Date(v).toISOString();
  if (oid === NUMERIC || oid === INT8) return (v) => Number(v);
  return pg.types.getTypeParser(oid, format as 'text');
}

/** How long the server waits for PostgreSQL (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS). */
export interface DatabaseTimeouts {
  /** to open a connection, or to wait for a free one of the pool */
  connectMs: number;
  /** for one statement, lock waits included; PostgreSQL cancels it, and the client gives up a little later should the server not answer at all */
  statementMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 30_000 };
/** the client's own limit waits this much longer than statement_timeout, so PostgreSQL's cancel (which leaves the connection clean) comes first */
const CLIENT_GRACE_MS = 2_000;

/**
 * A pool that outlives its connections: PostgreSQL ending one (a restart, a failover, pg_terminate_backend,
 * idle_session_timeout) is logged and the connection dropped; the next query opens a new one. Without the
 * listeners such an 'error' event is unhandled and ends the process.
 */
export function connect(databaseUrl: string, poolSize = 10, timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    types: { getTypeParser: typeParser as typeof pg.types.getTypeParser },
    connectionTimeoutMillis: timeouts.connectMs,
    // 0: no limit (the migrations' connection: one statement may rewrite every row)
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + CLIENT_GRACE_MS } : {}),
    // a peer gone without a word (a dead host, a dropped route) is noticed by the socket too
    keepAlive: true,
  });
  // an idle connection's error reaches the pool; a checked-out one's reaches only its client (its query fails on its own)
  pool.on('error', (err) => console.warn(`A database connection was closed: ${err.message}`));
  pool.on('connect', (client) => client.on('error', (err) => console.warn(`A database connection failed: ${err.message}`)));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Brings the schema up to the newest migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({
      fs,
      path,
      migrationFolder: MIGRATIONS_DIR,
      // imported from here, so the TypeScript loader that runs the server (tsx, Vitest) loads them too
      import: (file: string) => import(file),
    }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results.map((r) => r.migrationName);
}
