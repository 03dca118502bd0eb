import { sql, type Kysely } from 'kysely';

/**
 * How many live and archived logs each facility has, kept by triggers as
 * logs arrive, move between live and archived, or go: the total of a list
 * page with no filter but facilities (the Kiln Logs screen as it opens, a
 * facility filter, a facility admin's scope) is a sum of a few rows instead
 * of a count of every log in scope (25,000 index entries a page within one
 * facility at 100,000 logs). Statement triggers over transition tables add
 * one delta per facility a statement touched, in key order, so a bulk load
 * costs one upsert a batch and two writers lock the counters in one order.
 * Logs of no facility count under facility_key 0 (facility ids start at 1).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kilnlog_counts')
    .addColumn('facility_key', 'integer', (c) => c.notNull())
    .addColumn('archived', 'boolean', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('kilnlog_counts_pkey', ['facility_key', 'archived'])
    .execute();

  const upsertDeltas = (deltas: ReturnType<typeof sql>) => sql`
    insert into kilnlog_counts (facility_key, archived, n)
      select facility_key, archived, sum(delta) from (${deltas}) d
      group by facility_key, archived having sum(delta) <> 0
      order by facility_key, archived
    on conflict (facility_key, archived) do update set n = kilnlog_counts.n + excluded.n`;
  const rowsOf = (table: string, delta: number) =>
    sql`select coalesce(facility_id, 0) as facility_key, archived_ts is not null as archived, ${sql.lit(delta)}::bigint as delta from ${sql.raw(table)}`;

  await sql`create function kilnlog_counts_inserted() returns trigger language plpgsql as $$
    begin ${upsertDeltas(rowsOf('new_rows', 1))}; return null; end $$`.execute(db);
  await sql`create function kilnlog_counts_deleted() returns trigger language plpgsql as $$
    begin ${upsertDeltas(rowsOf('old_rows', -1))}; return null; end $$`.execute(db);
  await sql`create function kilnlog_counts_updated() returns trigger language plpgsql as $$
    begin ${upsertDeltas(sql`${rowsOf('new_rows', 1)} union all ${rowsOf('old_rows', -1)}`)}; return null; end $$`.execute(db);
  await sql`create function kilnlog_counts_truncated() returns trigger language plpgsql as $$
    begin delete from kilnlog_counts; return null; end $$`.execute(db);

  await sql`create trigger kilnlog_counts_inserted after insert on kilnlogs referencing new table as new_rows for each statement execute function kilnlog_counts_inserted()`.execute(
    db,
  );
  await sql`create trigger kilnlog_counts_deleted after delete on kilnlogs referencing old table as old_rows for each statement execute function kilnlog_counts_deleted()`.execute(
    db,
  );
  await sql`create trigger kilnlog_counts_updated after update on kilnlogs referencing old table as old_rows new table as new_rows for each statement execute function kilnlog_counts_updated()`.execute(
    db,
  );
  await sql`create trigger kilnlog_counts_truncated after truncate on kilnlogs for each statement execute function kilnlog_counts_truncated()`.execute(
    db,
  );

  await sql`insert into kilnlog_counts (facility_key, archived, n)
    select coalesce(facility_id, 0), archived_ts is not null, count(*) from kilnlogs group by 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['inserted', 'deleted', 'updated', 'truncated']) {
    await sql`drop trigger ${sql.raw(`kilnlog_counts_${op}`)} on kilnlogs`.execute(db);
    await sql`drop function ${sql.raw(`kilnlog_counts_${op}`)}()`.execute(db);
  }
  await db.schema.dropTable('kilnlog_counts').execute();
}
