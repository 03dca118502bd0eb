import fs from 'node:fs';
import path from 'node:path';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import type { Database } from '../../mock-server/store/postgres/tables';
import { rawStore } from './rawStore';
import type { TestServer } from './testServer';

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

const POSTGRES_TABLES = [
  'users', 'facilities', 'facility_photos', 'facility_audits', 'kilns', 'kilnlogs', 'kilnlog_analyses',
  'audits', 'audit_claims', 'audit_burns', 'eco_assets', 'eco_allocations', 'changes', 'statistics', 'user_changes',
] as const satisfies readonly (keyof Database)[];

/** Every row of every table, in a fixed order. */
async function postgresContent(store: PostgresStore): Promise<string> {
  const tables: Record<string, string[]> = {};
  for (const table of POSTGRES_TABLES) {
    tables[table] = (await store.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(tables);
}

/** The store's content and every stored file name: equal snapshots mean nothing was stored (either store). */
export async function snapshot(server: TestServer): Promise<{ db: string; dbFile: string; files: string[] }> {
  const { data } = server.ctx;
  const files = listFiles(path.join(server.dataDir, 'files'));
  if (data instanceof PostgresStore) return { db: await postgresContent(data), dbFile: '', files };
  return {
    db: JSON.stringify(rawStore(server).data),
    dbFile: fs.readFileSync(path.join(server.dataDir, 'db.json'), 'utf8'),
    files,
  };
}
