import type pg from 'pg';
import { NAMESPACE, TRANSPARENCY_APPEND_KEY } from '../../mock-server/store/postgres/advisoryLock';
import { toHex, fromHex } from '../../mock-server/store/transparencyAppend';
import { kilnLogEntry } from '../../mock-server/transparency/acts';
import { entryBytes, entrySubject, type TransparencyEntry } from '../../src/domain/transparency/entries';
import { appendedNodes, leafHash, type Hash } from '../../src/domain/transparency/merkle';

/**
 * The transparency log of a database filled in bulk (the load's bulk path, the log benchmark):
 * entries appended as the store's own appends leave them, each leaf and every subtree it
 * completes, in multi-row inserts under the append lock. An append reads only the tree's right
 * edge, so only the edge is held here: the newest node of each level.
 */

const BATCH = 5000;
const decoder = new TextDecoder();

/** The newest complete node of each level of a tree of `size` leaves: what the next appends read. */
async function rightEdge(client: pg.Client, size: number): Promise<Hash[]> {
  const edge: Hash[] = [];
  for (let level = 0; Math.floor(size / 2 ** level) >= 1; level++) {
    const { rows } = await client.query<{ hash: string }>('select hash from transparency_nodes where level = $1 and idx = $2', [
      level,
      Math.floor(size / 2 ** level) - 1,
    ]);
    if (!rows[0]) throw new Error(`The transparency log lacks node ${level}/${Math.floor(size / 2 ** level) - 1} of its ${size} entries.`);
    edge[level] = fromHex(rows[0].hash);
  }
  return edge;
}

async function insertRows(client: pg.Client, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    const values = batch.map((_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(', ')})`).join(', ');
    await client.query(`insert into ${table} (${columns.join(', ')}) values ${values}`, batch.flat());
  }
}

const logSize = async (client: pg.Client): Promise<number> =>
  Number((await client.query<{ n: string }>('select coalesce(max(idx) + 1, 0) as n from transparency_entries')).rows[0].n);

/** Appends the entries, `loggedTs` their time in the log; answers the log's size after. */
export async function appendEntries(client: pg.Client, entries: Iterable<TransparencyEntry>, loggedTs: string): Promise<number> {
  let size = await logSize(client);
  const edge = await rightEdge(client, size);
  let rows: unknown[][] = [];
  let nodes: unknown[][] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1::int, $2::int)', [NAMESPACE, TRANSPARENCY_APPEND_KEY]);
    await insertRows(client, 'transparency_entries', ['idx', 'entry', 'logged_ts', 'subject'], rows);
    await insertRows(client, 'transparency_nodes', ['level', 'idx', 'hash'], nodes);
    await client.query('commit');
    rows = [];
    nodes = [];
  };
  for (const entry of entries) {
    const bytes = entryBytes(entry);
    rows.push([size, decoder.decode(bytes), loggedTs, entrySubject(entry)]);
    for (const node of appendedNodes(size, leafHash(bytes), (level) => edge[level])) {
      edge[node.level] = node.hash;
      nodes.push([node.level, node.index, toHex(node.hash)]);
    }
    size++;
    if (rows.length >= BATCH) await flush();
  }
  await flush();
  return size;
}

/** Appends the entry of every kiln log after `afterId`, in id order, as its upload would have; answers the log's size after. */
export async function appendLogEntries(client: pg.Client, afterId: number): Promise<number> {
  let size = await logSize(client);
  let from = afterId;
  for (;;) {
    const { rows } = await client.query<{
      id: number;
      kiln_id: string | null;
      sha256: string;
      key_fingerprint: string | null;
      upload_ts: Date;
    }>('select id, kiln_id, sha256, key_fingerprint, upload_ts from kilnlogs where id > $1 order by id limit 50000', [from]);
    if (rows.length === 0) return size;
    size = await appendEntries(
      client,
      rows.map((r) => kilnLogEntry({ ...r, upload_ts: r.upload_ts.toISOString() })),
      new Date().toISOString(),
    );
    from = rows[rows.length - 1].id;
  }
}
