import { sql, type Kysely } from 'kysely';
import { up as countsPerFacility } from './2026-11-23-0006-kilnlog-counts';

/**
 * The totals of the Kiln Logs screen's common filters without counting logs:
 * how many logs there are per facility, kiln, kiln type, live or archived,
 * status and audited, kept by statement triggers as 0006's per-facility
 * counts were (which this replaces: a status filter beside a facility still
 * counted 25,000 index entries a page at 100,000 logs). A total with any of
 * these filters is a sum of the few rows that match (a kiln's logs fall in at
 * most a dozen), so only a search, a date range or an id list still counts.
 * A facility, kiln or type of null is kept as -1, a value no filter can ask
 * for (filters take whole numbers from 0), so a filter never matches it.
 * Deltas are added in key order, so two writers lock the rows in one order.
 */

const KEY = ['facility_key', 'kiln_key', 'type_key', 'archived', 'status_rank', 'audited'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const op of ['inserted', 'deleted', 'updated', 'truncated']) {
    await sql`drop trigger ${sql.raw(`kilnlog_counts_${op}`)} on kilnlogs`.execute(db);
    await sql`drop function ${sql.raw(`kilnlog_counts_${op}`)}()`.execute(db);
  }
  await db.schema.dropTable('kilnlog_counts').execute();

  await db.schema
    .createTable('kilnlog_tallies')
    .addColumn('facility_key', 'integer', (c) => c.notNull())
    .addColumn('kiln_key', 'integer', (c) => c.notNull())
    .addColumn('type_key', 'integer', (c) => c.notNull())
    .addColumn('archived', 'boolean', (c) => c.notNull())
    .addColumn('status_rank', 'smallint', (c) => c.notNull())
    .addColumn('audited', 'boolean', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('kilnlog_tallies_pkey', [...KEY])
    .execute();

  const key = sql.raw(KEY.join(', '));
  const keyOf = (table: string) =>
    sql`select coalesce(facility_id, -1) as facility_key, coalesce(kiln, -1) as kiln_key, coalesce(type, -1) as type_key,
      archived_ts is not null as archived, status_rank, audited from ${sql.raw(table)}`;
  const rowsOf = (table: string, delta: number) => sql`select k.*, ${sql.lit(delta)}::bigint as delta from (${keyOf(table)}) k`;
  const upsertDeltas = (deltas: ReturnType<typeof sql>) => sql`
    insert into kilnlog_tallies (${key}, n)
      select ${key}, sum(delta) from (${deltas}) d
      group by ${key} having sum(delta) <> 0
      order by ${key}
    on conflict (${key}) do update set n = kilnlog_tallies.n + excluded.n`;

  await sql`create function kilnlog_tallies_inserted() returns trigger language plpgsql as $$
    begin ${upsertDeltas(rowsOf('new_rows', 1))}; return null; end $$`.execute(db);
  await sql`create function kilnlog_tallies_deleted() returns trigger language plpgsql as $$
    begin ${upsertDeltas(rowsOf('old_rows', -1))}; return null; end $$`.execute(db);
  await sql`create function kilnlog_tallies_updated() returns trigger language plpgsql as $$
    begin ${upsertDeltas(sql`${rowsOf('new_rows', 1)} union all ${rowsOf('old_rows', -1)}`)}; return null; end $$`.execute(db);
  await sql`create function kilnlog_tallies_truncated() returns trigger language plpgsql as $$
    begin delete from kilnlog_tallies; return null; end $$`.execute(db);

  await sql`create trigger kilnlog_tallies_inserted after insert on kilnlogs referencing new table as new_rows for each statement execute function kilnlog_tallies_inserted()`.execute(db);
  await sql`create trigger kilnlog_tallies_deleted after delete on kilnlogs referencing old table as old_rows for each statement execute function kilnlog_tallies_deleted()`.execute(db);
  await sql`create trigger kilnlog_tallies_updated after update on kilnlogs referencing old table as old_rows new table as new_rows for each statement execute function kilnlog_tallies_updated()`.execute(db);
  await sql`create trigger kilnlog_tallies_truncated after truncate on kilnlogs for each statement execute function kilnlog_tallies_truncated()`.execute(db);

  await sql`insert into kilnlog_tallies (${key}, n) select ${key}, count(*) from (${keyOf('kilnlogs')}) k group by ${key}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['inserted', 'deleted', 'updated', 'truncated']) {
    await sql`drop trigger ${sql.raw(`kilnlog_tallies_${op}`)} on kilnlogs`.execute(db);
    await sql`drop function ${sql.raw(`kilnlog_tallies_${op}`)}()`.execute(db);
  }
  await db.schema.dropTable('kilnlog_tallies').execute();
  await countsPerFacility(db);
}
