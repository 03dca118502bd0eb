import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Response } from 'supertest';
import { expect, vi } from 'vitest';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import type { Database } from '../../mock-server/store/postgres/tables';
import type { TestServer } from './testServer';

/**
 * What a server's store holds, row by row, on either store: the embedded
 * store's collections or PostgreSQL's tables. For tests that must see that
 * nothing at all changed, or how many rows of a kind exist (which no store
 * operation answers).
 */

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

const POSTGRES_TABLES = [
  'users',
  'facilities',
  'facility_photos',
  'facility_audits',
  'kilns',
  'kiln_keys',
  'kiln_calibrations',
  'kilnlogs',
  'kilnlog_analyses',
  'fleet_burns',
  'copy_key_buckets',
  'anomalies',
  'audits',
  'audit_claims',
  'audit_burns',
  'audit_credits',
  'eco_assets',
  'eco_allocations',
  'eco_retirements',
  'buffer_shares',
  'changes',
  'statistics',
  'user_changes',
  'facility_changes',
  'transparency_entries',
  'transparency_nodes',
  'transparency_lookups',
  'labs',
  'lab_keys',
  'batches',
  'batch_burns',
  'lab_results',
  'end_uses',
] as const satisfies readonly (keyof Database)[];

/** Tables both stores have under the same name, with the same fields (PostgreSQL keeps a log's analysis apart). */
export type StoredTable = 'users' | 'facilities' | 'facility_photos' | 'facility_audits' | 'kilns' | 'kilnlogs' | 'audits' | 'changes';

/** The rows of one table as stored, by id. */
export async function storedRows(server: TestServer, table: StoredTable): Promise<Record<string, unknown>[]> {
  const { data } = server.ctx;
  const rows: Record<string, unknown>[] =
    data instanceof PostgresStore
      ? await data.db.selectFrom(table).selectAll().execute()
      : ((await (data as EmbeddedStore).snapshot())[table] as unknown as Record<string, unknown>[]);
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Every row of every table, each table's rows as sorted JSON lines. */
async function tablesOf(server: TestServer): Promise<Record<string, string[]>> {
  const { data } = server.ctx;
  const tables: Record<string, string[]> = {};
  if (data instanceof PostgresStore) {
    for (const table of POSTGRES_TABLES) {
      tables[table] = (await data.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
    }
  } else {
    for (const [name, rows] of Object.entries(await (data as EmbeddedStore).snapshot())) {
      tables[name] = (rows as unknown[]).map((row) => JSON.stringify(row)).sort();
    }
  }
  return tables;
}

export interface Snapshot {
  tables: Record<string, string[]>;
  /** db.json as written (embedded store; '' on PostgreSQL) */
  dbFile: string;
  files: string[];
}

/** The store's content and every stored file name: equal snapshots mean nothing was stored (either store). */
export async function snapshot(server: TestServer): Promise<Snapshot> {
  const files = listFiles(path.join(server.dataDir, 'files'));
  const dbJson = path.join(server.dataDir, 'db.json');
  const dbFile = server.ctx.data.kind === 'embedded' ? fs.readFileSync(dbJson, 'utf8') : '';
  return { tables: await tablesOf(server), dbFile, files };
}

/** `send` is answered `status` with a message matching `message`, and the store holds exactly what it held before. */
export async function expectRefusedStoringNothing(
  server: TestServer,
  send: () => PromiseLike<Response>,
  status: number,
  message: RegExp,
): Promise<void> {
  const before = await snapshot(server);
  const res = await send();
  expect(res.status).toBe(status);
  expect(res.body.message).toMatch(message);
  expect(await snapshot(server)).toEqual(before);
}

/** A snapshot's tables without the rows of these kiln logs (their analyses, their log entries): what else a change left as it was. */
export function withoutKilnLogs(tables: Record<string, string[]>, ids: readonly number[]): Record<string, string[]> {
  const keep = (line: string) => {
    const row = JSON.parse(line) as { id?: number; kilnlog_id?: number };
    return !ids.includes(row.kilnlog_id ?? -1) && !ids.includes(row.id ?? -1);
  };
  // their entries in the transparency log, and the log's nodes over any of those entries
  const logged = (tables.transparency_entries ?? []).flatMap((line) => {
    const row = JSON.parse(line) as { idx: number | string; entry: string };
    const entry = JSON.parse(row.entry) as { kind: string; log_id?: number };
    return entry.kind === 'kilnlog' && ids.includes(entry.log_id ?? -1) ? [Number(row.idx)] : [];
  });
  const overLogged = (line: string) => {
    const { level, idx } = JSON.parse(line) as { level: number; idx: number | string };
    const first = Number(idx) * 2 ** level;
    return logged.some((i) => i >= first && i < first + 2 ** level);
  };
  return {
    ...tables,
    kilnlogs: tables.kilnlogs.filter(keep),
    ...(tables.kilnlog_analyses ? { kilnlog_analyses: tables.kilnlog_analyses.filter(keep) } : {}),
    ...(tables.transparency_entries
      ? {
          transparency_entries: tables.transparency_entries.filter((line) => !logged.includes(Number(JSON.parse(line).idx))),
          transparency_nodes: (tables.transparency_nodes ?? []).filter((line) => !overLogged(line)),
        }
      : {}),
  };
}

/**
 * Makes the store's next write fail as a full disk would, once: on the
 * embedded store the write of db.json throws; on PostgreSQL the next
 * statement that changes any table raises disk_full (a statement trigger
 * counting on a sequence, which a rollback does not undo). Answers the undo.
 */
export async function failNextWrite(server: TestServer): Promise<() => Promise<void>> {
  const { data } = server.ctx;
  if (data instanceof EmbeddedStore) {
    const write = vi.spyOn(data.rawState.db, 'write').mockImplementationOnce(() => {
      throw new Error('ENOSPC: no space left on device');
    });
    return async () => write.mockRestore();
  }
  const db = (data as PostgresStore).db;
  await sql`create sequence if not exists test_failed_writes`.execute(db);
  await sql`select setval('test_failed_writes', 1, false)`.execute(db);
  await sql`create or replace function test_fail_once() returns trigger language plpgsql as $$
    begin
      if nextval('test_failed_writes') = 1 then
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end if;
      return null;
    end $$`.execute(db);
  for (const table of POSTGRES_TABLES) {
    await sql`create trigger test_fail_once before insert or update or delete on ${sql.table(table)} for each statement execute function test_fail_once()`.execute(
      db,
    );
  }
  return async () => {
    for (const table of POSTGRES_TABLES) await sql`drop trigger test_fail_once on ${sql.table(table)}`.execute(db);
  };
}
