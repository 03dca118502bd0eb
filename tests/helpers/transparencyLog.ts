import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import { rawStore } from './rawStore';
import type { TestServer } from './testServer';

/** Rewrites the store's log directly, as an operator with the database could: entries and nodes, by index. */
export async function rewriteLog(
  server: TestServer,
  change: {
    entry?: { idx: number; entry: string };
    nodes?: { level: number; idx: number; hash: string }[];
    dropFrom?: number;
  },
): Promise<void> {
  const { data } = server.ctx;
  if (data instanceof PostgresStore) {
    if (change.entry)
      await data.db.updateTable('transparency_entries').set({ entry: change.entry.entry }).where('idx', '=', change.entry.idx).execute();
    for (const n of change.nodes ?? [])
      await data.db.updateTable('transparency_nodes').set({ hash: n.hash }).where('level', '=', n.level).where('idx', '=', n.idx).execute();
    if (change.dropFrom !== undefined) await data.db.deleteFrom('transparency_entries').where('idx', '>=', change.dropFrom).execute();
    return;
  }
  const raw = rawStore(server);
  const state = raw.data;
  if (change.entry) state.transparency_entries[change.entry.idx].entry = change.entry.entry;
  for (const n of change.nodes ?? []) state.transparency_nodes.find((m) => m.level === n.level && m.idx === n.idx)!.hash = n.hash;
  if (change.dropFrom !== undefined) state.transparency_entries.splice(change.dropFrom);
  await raw.write();
}
