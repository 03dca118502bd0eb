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

export function connect(databaseUrl: string, poolSize = 10): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, types: { getTypeParser: typeParser as typeof pg.types.getTypeParser } });
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
