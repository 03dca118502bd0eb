import type { DataStore } from '../../mock-server/store/dataStore';
import type { FacilityRecord, KilnLogRecord, KilnRecord, UserRow } from '../../mock-server/store/model';
import { openStore } from '../../mock-server/store/storeConfig';
import type { TestServer } from './testServer';

/**
 * Store-agnostic ways for API tests to look at records or set up what no
 * request can (an aged result, a log past its retention), all through the
 * store interface, so every test runs on the embedded store and PostgreSQL.
 */

const ALL: [number, number] = [0, 1_000_000];

export async function facility(server: TestServer, id: number): Promise<FacilityRecord> {
  const found = await server.ctx.data.facilities.get(id);
  if (!found) throw new Error(`No facility ${id}`);
  return found;
}

export async function user(server: TestServer, username: string): Promise<UserRow> {
  const found = await server.ctx.data.users.findByUsername(username);
  if (!found) throw new Error(`No user ${username}`);
  return found;
}

export async function allUsers(server: TestServer): Promise<UserRow[]> {
  return (await server.ctx.data.users.list({}, { sort: { field: 'id', order: 'ASC' }, range: ALL })).rows;
}

export async function kiln(server: TestServer, kilnId: string): Promise<KilnRecord> {
  const found = await server.ctx.data.kilns.findByKilnId(kilnId);
  if (!found) throw new Error(`No kiln ${kilnId}`);
  return found.kiln;
}

export async function kilnLog(server: TestServer, id: number): Promise<KilnLogRecord | null> {
  return server.ctx.data.kilnLogs.get(id);
}

/** Every kiln log in the store, live ones (or archived ones), by id. */
export async function kilnLogs(server: TestServer, options: { archived?: boolean; q?: string } = {}): Promise<KilnLogRecord[]> {
  const scope = { archived: options.archived ?? false, facilityIds: null };
  const filter = options.q === undefined ? {} : { q: options.q.toLowerCase() };
  return (await server.ctx.data.kilnLogs.list(scope, filter, { sort: { field: 'id', order: 'ASC' }, range: ALL })).rows;
}

/**
 * A second store opened on what the server stored (its db.json, or its
 * database), as a restarted server would find it: closed after fn.
 */
export async function afterRestart<T>(server: TestServer, fn: (store: DataStore) => Promise<T>): Promise<T> {
  const store = await openStore({ ...server.ctx.config.storage, dataDir: server.dataDir });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** Whether the server's file storage holds this key. */
export async function fileExists(server: TestServer, key: string): Promise<boolean> {
  const read = await server.ctx.blobs.get(key);
  read?.stream.destroy();
  return read !== null;
}
