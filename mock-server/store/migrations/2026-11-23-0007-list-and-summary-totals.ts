import { sql, type Kysely } from 'kysely';
import { up as countsPerFacility } from './2026-11-23-0006-kilnlog-counts';

/**
 * Two sets of totals kept by statement triggers, so the busiest reads sum a
 * few rows instead of every log or burn.
 *
 * kilnlog_tallies: the totals of the Kiln Logs screen's common filters without counting logs:
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

/**
 * audit_totals: each audit's audited CO2 and biochar (the sums of its frozen
 * burns, recomputed for the audits a statement touched, so a total is the
 * same sum the burns give) and its utilised CO2 (allocations added as exact
 * numeric deltas, in audit order, inside the mint's transaction: the mint
 * locks its audits first, so two mints never add to one total at once). The
 * carbon summary, the available CO2 and each mint read them instead of
 * summing every burn and allocation (all of them, for the summary).
 */

const KEY = ['facility_key', 'kiln_key', 'type_key', 'archived', 'status_rank', 'audited'] as const;

async function upTallies(db: Kysely<unknown>): Promise<void> {
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

  await sql`create trigger kilnlog_tallies_inserted after insert on kilnlogs referencing new table as new_rows for each statement execute function kilnlog_tallies_inserted()`.execute(
    db,
  );
  await sql`create trigger kilnlog_tallies_deleted after delete on kilnlogs referencing old table as old_rows for each statement execute function kilnlog_tallies_deleted()`.execute(
    db,
  );
  await sql`create trigger kilnlog_tallies_updated after update on kilnlogs referencing old table as old_rows new table as new_rows for each statement execute function kilnlog_tallies_updated()`.execute(
    db,
  );
  await sql`create trigger kilnlog_tallies_truncated after truncate on kilnlogs for each statement execute function kilnlog_tallies_truncated()`.execute(
    db,
  );

  await sql`insert into kilnlog_tallies (${key}, n) select ${key}, count(*) from (${keyOf('kilnlogs')}) k group by ${key}`.execute(db);
}

async function downTallies(db: Kysely<unknown>): Promise<void> {
  for (const op of ['inserted', 'deleted', 'updated', 'truncated']) {
    await sql`drop trigger ${sql.raw(`kilnlog_tallies_${op}`)} on kilnlogs`.execute(db);
    await sql`drop function ${sql.raw(`kilnlog_tallies_${op}`)}()`.execute(db);
  }
  await db.schema.dropTable('kilnlog_tallies').execute();
  await countsPerFacility(db);
}

async function upAuditTotals(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_totals')
    .addColumn('audit_id', 'integer', (c) => c.primaryKey())
    .addColumn('audited_co2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('audited_biochar', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('utilised_co2', 'numeric', (c) => c.notNull().defaultTo(0))
    .execute();

  const recompute = (touched: ReturnType<typeof sql>) => sql`
    insert into audit_totals (audit_id, audited_co2, audited_biochar)
      select t.audit_id,
             coalesce((select sum(b.co2_removed) from audit_burns b where b.audit_id = t.audit_id), 0),
             coalesce((select sum(b.biochar_produced) from audit_burns b where b.audit_id = t.audit_id), 0)
      from (select distinct audit_id from (${touched}) x) t
      order by t.audit_id
    on conflict (audit_id) do update set audited_co2 = excluded.audited_co2, audited_biochar = excluded.audited_biochar`;
  const addDeltas = (deltas: ReturnType<typeof sql>) => sql`
    insert into audit_totals (audit_id, utilised_co2)
      select audit_id, sum(delta) from (${deltas}) d group by audit_id having sum(delta) <> 0 order by audit_id
    on conflict (audit_id) do update set utilised_co2 = audit_totals.utilised_co2 + excluded.utilised_co2`;
  const ids = (table: string) => sql`select audit_id from ${sql.raw(table)}`;
  const allocated = (table: string, sign: string) => sql`select audit_id, ${sql.raw(sign)}co2_allocated as delta from ${sql.raw(table)}`;

  const fn = async (name: string, body: ReturnType<typeof sql>) =>
    sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`.execute(db);
  await fn('audit_totals_burns_inserted', recompute(ids('new_rows')));
  await fn('audit_totals_burns_deleted', recompute(ids('old_rows')));
  await fn('audit_totals_burns_updated', recompute(sql`${ids('new_rows')} union all ${ids('old_rows')}`));
  await fn('audit_totals_burns_truncated', sql`update audit_totals set audited_co2 = 0, audited_biochar = 0`);
  await fn('audit_totals_allocations_inserted', addDeltas(allocated('new_rows', '')));
  await fn('audit_totals_allocations_deleted', addDeltas(allocated('old_rows', '-')));
  await fn('audit_totals_allocations_updated', addDeltas(sql`${allocated('new_rows', '')} union all ${allocated('old_rows', '-')}`));
  await fn('audit_totals_allocations_truncated', sql`update audit_totals set utilised_co2 = 0`);

  for (const [table, short] of [
    ['audit_burns', 'burns'],
    ['eco_allocations', 'allocations'],
  ] as const) {
    const name = (op: string) => sql.raw(`audit_totals_${short}_${op}`);
    const on = sql.raw(table);
    await sql`create trigger ${name('inserted')} after insert on ${on} referencing new table as new_rows for each statement execute function ${name('inserted')}()`.execute(
      db,
    );
    await sql`create trigger ${name('deleted')} after delete on ${on} referencing old table as old_rows for each statement execute function ${name('deleted')}()`.execute(
      db,
    );
    await sql`create trigger ${name('updated')} after update on ${on} referencing old table as old_rows new table as new_rows for each statement execute function ${name('updated')}()`.execute(
      db,
    );
    await sql`create trigger ${name('truncated')} after truncate on ${on} for each statement execute function ${name('truncated')}()`.execute(
      db,
    );
  }

  await sql`insert into audit_totals (audit_id) select audit_id from audit_burns union select audit_id from eco_allocations`.execute(db);
  await sql`update audit_totals t set
      audited_co2 = coalesce((select sum(b.co2_removed) from audit_burns b where b.audit_id = t.audit_id), 0),
      audited_biochar = coalesce((select sum(b.biochar_produced) from audit_burns b where b.audit_id = t.audit_id), 0),
      utilised_co2 = coalesce((select sum(e.co2_allocated) from eco_allocations e where e.audit_id = t.audit_id), 0)`.execute(db);
}

async function downAuditTotals(db: Kysely<unknown>): Promise<void> {
  for (const [table, short] of [
    ['audit_burns', 'burns'],
    ['eco_allocations', 'allocations'],
  ] as const) {
    for (const op of ['inserted', 'deleted', 'updated', 'truncated']) {
      await sql`drop trigger ${sql.raw(`audit_totals_${short}_${op}`)} on ${sql.raw(table)}`.execute(db);
      await sql`drop function ${sql.raw(`audit_totals_${short}_${op}`)}()`.execute(db);
    }
  }
  await db.schema.dropTable('audit_totals').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await upTallies(db);
  await upAuditTotals(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await downAuditTotals(db);
  await downTallies(db);
}
