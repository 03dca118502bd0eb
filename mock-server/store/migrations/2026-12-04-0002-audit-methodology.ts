import { sql, type Kysely } from 'kysely';

/**
 * An audit names the methodology it credits under (issue 44; audits before it,
 * spec-factor version 1), and audit_credits keeps the figure an audit signed
 * off under another methodology froze per batch, with the rulebook's version
 * and SHA-256. Such an audit's audited CO2 in audit_totals is the exact sum of
 * those grams instead of its burns' (the triggers of 0007 now read both).
 */

const recompute = (touched: ReturnType<typeof sql>, creditsFirst: boolean) => sql`
  insert into audit_totals (audit_id, audited_co2, audited_biochar)
    select t.audit_id,
           ${
             creditsFirst
               ? sql`coalesce((select sum(c.net_co2e_g) / 1000.0 from audit_credits c where c.audit_id = t.audit_id),
                              (select sum(b.co2_removed) from audit_burns b where b.audit_id = t.audit_id), 0)`
               : sql`coalesce((select sum(b.co2_removed) from audit_burns b where b.audit_id = t.audit_id), 0)`
           },
           coalesce((select sum(b.biochar_produced) from audit_burns b where b.audit_id = t.audit_id), 0)
    from (select distinct audit_id from (${touched}) x) t
    order by t.audit_id
  on conflict (audit_id) do update set audited_co2 = excluded.audited_co2, audited_biochar = excluded.audited_biochar`;

const ids = (table: string) => sql`select audit_id from ${sql.raw(table)}`;
const fn = (name: string, body: ReturnType<typeof sql>) =>
  sql`create or replace function ${sql.raw(name)}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`;

async function burnTriggers(db: Kysely<unknown>, creditsFirst: boolean): Promise<void> {
  await fn('audit_totals_burns_inserted', recompute(ids('new_rows'), creditsFirst)).execute(db);
  await fn('audit_totals_burns_deleted', recompute(ids('old_rows'), creditsFirst)).execute(db);
  await fn('audit_totals_burns_updated', recompute(sql`${ids('new_rows')} union all ${ids('old_rows')}`, creditsFirst)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audits')
    .addColumn('methodology', 'text', (c) => c.notNull().defaultTo('spec-factor'))
    .addColumn('methodology_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('audit_credits')
    .addColumn('audit_id', 'integer', (c) => c.notNull().references('audits.id'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('methodology', 'text', (c) => c.notNull())
    .addColumn('methodology_version', 'integer', (c) => c.notNull())
    .addColumn('rulebook_sha256', 'text', (c) => c.notNull())
    .addColumn('net_co2e_g', 'bigint', (c) => c.notNull().check(sql`net_co2e_g >= 0`))
    .addPrimaryKeyConstraint('audit_credits_pkey', ['audit_id', 'batch_id'])
    .execute();
  // a batch is credited by one audit at most
  await db.schema.createIndex('audit_credits_batch').on('audit_credits').column('batch_id').unique().execute();
  await burnTriggers(db, true);
  await fn('audit_totals_credits_inserted', recompute(ids('new_rows'), true)).execute(db);
  await fn('audit_totals_credits_deleted', recompute(ids('old_rows'), true)).execute(db);
  for (const [op, rows] of [
    ['inserted', 'new table as new_rows'],
    ['deleted', 'old table as old_rows'],
  ] as const) {
    const name = sql.raw(`audit_totals_credits_${op}`);
    await sql`create trigger ${name} after ${sql.raw(op === 'inserted' ? 'insert' : 'delete')} on audit_credits referencing ${sql.raw(rows)} for each statement execute function ${name}()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['inserted', 'deleted']) {
    await sql`drop trigger ${sql.raw(`audit_totals_credits_${op}`)} on audit_credits`.execute(db);
    await sql`drop function ${sql.raw(`audit_totals_credits_${op}`)}()`.execute(db);
  }
  await db.schema.dropTable('audit_credits').execute();
  await burnTriggers(db, false);
  await sql`update audit_totals t set audited_co2 = coalesce((select sum(b.co2_removed) from audit_burns b where b.audit_id = t.audit_id), 0)`.execute(
    db,
  );
  await db.schema.alterTable('audits').dropColumn('methodology').dropColumn('methodology_version').execute();
}
