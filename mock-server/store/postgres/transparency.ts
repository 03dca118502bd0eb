import { sql } from 'kysely';
import type { NodeId } from '../../../src/domain/transparency/merkle';
import { nodeKey, type TransparencyStore } from '../parts/transparency';
import { appendRows, fromHex, nodesToAppend } from '../transparencyAppend';
import { NAMESPACE, TRANSPARENCY_APPEND_KEY } from './advisoryLock';
import { atomic, type Db } from './atomic';
import { ECO_ASSET_COLUMNS } from './ecoAssets';

async function nodesOf(db: Db, ids: readonly NodeId[]) {
  if (ids.length === 0) return new Map<string, Uint8Array>();
  const rows = await db
    .selectFrom('transparency_nodes')
    .select(['level', 'idx', 'hash'])
    .where((eb) => eb.or(ids.map(({ level, index }) => eb.and([eb('level', '=', level), eb('idx', '=', index)]))))
    .execute();
  return new Map(rows.map((r) => [nodeKey(r.level, Number(r.idx)), fromHex(r.hash)]));
}

/** The log in PostgreSQL: one row an entry, one a complete subtree; appends one at a time under a transaction lock. */
export function postgresTransparency(db: Db): TransparencyStore {
  const size = async (q: Db) =>
    Number(
      (
        await q
          .selectFrom('transparency_entries')
          .select(sql<string>`coalesce(max(idx) + 1, 0)`.as('size'))
          .executeTakeFirstOrThrow()
      ).size,
    );
  return {
    append: (entry, loggedTs, subject) =>
      atomic(db, async (tx) => {
        // every server appends one at a time, in commit order: the lock holds until the act's transaction ends
        await sql`select pg_advisory_xact_lock(${NAMESPACE}::int, ${TRANSPARENCY_APPEND_KEY}::int)`.execute(tx);
        const idx = await size(tx);
        const nodes = appendRows(idx, entry, await nodesOf(tx, nodesToAppend(idx)));
        await tx.insertInto('transparency_entries').values({ idx, entry, logged_ts: loggedTs, subject }).execute();
        await tx.insertInto('transparency_nodes').values(nodes).execute();
        return idx;
      }),
    size: () => size(db),
    indexOf: async (subject) => {
      const row = await db.selectFrom('transparency_entries').select('idx').where('subject', '=', subject).executeTakeFirst();
      return row ? Number(row.idx) : null;
    },
    addLookup: async (key, index) => {
      await db.insertInto('transparency_lookups').values({ key, idx: index }).execute();
    },
    lookup: async (key) => {
      const row = await db.selectFrom('transparency_lookups').select('idx').where('key', '=', key).executeTakeFirst();
      return row ? Number(row.idx) : null;
    },
    entry: async (index) => {
      if (!Number.isSafeInteger(index) || index < 0) return null;
      const row = await db.selectFrom('transparency_entries').select(['entry', 'logged_ts']).where('idx', '=', index).executeTakeFirst();
      return row ?? null;
    },
    // one snapshot: every read in one repeatable-read transaction
    actRecords: () =>
      db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (tx) => {
          const [kilnlogs, audits, eco_assets, eco_allocations, eco_retirements, kiln_keys, kiln_calibrations, lab_keys] =
            await Promise.all([
              tx.selectFrom('kilnlogs').select(['id', 'kiln_id', 'sha256', 'key_fingerprint', 'upload_ts']).orderBy('id').execute(),
              tx.selectFrom('audits').selectAll().orderBy('id').execute(),
              tx.selectFrom('eco_assets').select(ECO_ASSET_COLUMNS).orderBy('id').execute(),
              tx.selectFrom('eco_allocations').selectAll().orderBy('id').execute(),
              tx.selectFrom('eco_retirements').selectAll().orderBy('id').execute(),
              tx.selectFrom('kiln_keys').selectAll().orderBy('id').execute(),
              tx.selectFrom('kiln_calibrations').selectAll().orderBy('id').execute(),
              tx.selectFrom('lab_keys').selectAll().orderBy('id').execute(),
            ]);
          return { kilnlogs, audits, eco_assets, eco_allocations, eco_retirements, kiln_keys, kiln_calibrations, lab_keys };
        }),
    nodes: (ids) => nodesOf(db, ids),
  };
}
