import { sql, type Kysely } from 'kysely';

/**
 * The carbon ledger: every eco asset's issued and buffer kg with a
 * block of gram serials each, its retirements (child blocks for a named
 * beneficiary) and the buffer share a super-admin sets. Assets minted before
 * get serial blocks in mint order (minted_ts, then id) and a buffer of 0;
 * their kilograms stay. An exclusion constraint keeps every asset's blocks
 * apart from every other's, and every retirement's from every other
 * retirement's, whatever races.
 */

const KG = sql`numeric(16,3)`;
/** a block as a range; none (both ends null) is the empty range, never the unbounded one int8range(null, null) would be */
const block = (first: string, last: string) =>
  sql`case when ${sql.ref(first)} is null then 'empty'::int8range else int8range(${sql.ref(first)}, ${sql.ref(last)}, '[]') end`;
/** a block holds exactly the grams of its kg, or is null for 0 g */
const blockHolds = (first: string, last: string, kg: string) =>
  sql`(${sql.ref(first)} is null) = (${sql.ref(last)} is null) and coalesce(${sql.ref(last)} - ${sql.ref(first)} + 1, 0) = round(${sql.ref(kg)} * 1000)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('eco_assets')
    .addColumn('co2_issued', KG)
    .addColumn('co2_buffer', KG, (c) => c.notNull().defaultTo(0))
    .addColumn('co2_retired', KG, (c) => c.notNull().defaultTo(0))
    .addColumn('serial_first', 'bigint')
    .addColumn('serial_last', 'bigint')
    .addColumn('buffer_serial_first', 'bigint')
    .addColumn('buffer_serial_last', 'bigint')
    .execute();
  await sql`
    update eco_assets e
       set co2_issued = e.co2_allocated,
           serial_first = o.upto - o.grams + 1,
           serial_last = o.upto
      from (select id, round(co2_allocated * 1000)::bigint as grams,
                   sum(round(co2_allocated * 1000)::bigint) over (order by minted_ts, id) as upto
              from eco_assets) o
     where o.id = e.id`.execute(db);
  await db.schema
    .alterTable('eco_assets')
    .alterColumn('co2_issued', (c) => c.setNotNull())
    .execute();
  await sql`alter table eco_assets
    add constraint eco_assets_split check (co2_issued + co2_buffer = co2_allocated and co2_buffer >= 0 and co2_retired between 0 and co2_issued),
    add constraint eco_assets_issued_block check (${blockHolds('serial_first', 'serial_last', 'co2_issued')}),
    add constraint eco_assets_buffer_block check (${blockHolds('buffer_serial_first', 'buffer_serial_last', 'co2_buffer')}),
    add constraint eco_assets_serials_disjoint exclude using gist
      ((int8multirange(${block('serial_first', 'serial_last')}, ${block('buffer_serial_first', 'buffer_serial_last')})) with &&)`.execute(
    db,
  );

  await db.schema
    .createTable('eco_retirements')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('eco_asset_id', 'integer', (c) => c.notNull().references('eco_assets.id'))
    .addColumn('co2_retired', KG, (c) => c.notNull().check(sql`co2_retired > 0`))
    .addColumn('serial_first', 'bigint', (c) => c.notNull())
    .addColumn('serial_last', 'bigint', (c) => c.notNull())
    .addColumn('beneficiary', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('retired_ts', 'timestamptz', (c) => c.notNull())
    .addColumn('retired_by', 'integer')
    .addCheckConstraint('eco_retirements_block', sql`serial_last - serial_first + 1 = round(co2_retired * 1000)`)
    .execute();
  await sql`alter table eco_retirements add constraint eco_retirements_disjoint exclude using gist (int8range(serial_first, serial_last, '[]') with &&)`.execute(
    db,
  );
  await db.schema.createIndex('eco_retirements_asset').on('eco_retirements').column('eco_asset_id').execute();

  await db.schema
    .createTable('buffer_shares')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('basis_points', 'integer', (c) => c.notNull().check(sql`basis_points between 0 and 5000`))
    .addColumn('set_by', 'integer')
    .addColumn('set_ts', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('buffer_shares').execute();
  await db.schema.dropTable('eco_retirements').execute();
  await sql`alter table eco_assets
    drop constraint eco_assets_serials_disjoint, drop constraint eco_assets_buffer_block,
    drop constraint eco_assets_issued_block, drop constraint eco_assets_split`.execute(db);
  for (const column of [
    'buffer_serial_last',
    'buffer_serial_first',
    'serial_last',
    'serial_first',
    'co2_retired',
    'co2_buffer',
    'co2_issued',
  ]) {
    await db.schema.alterTable('eco_assets').dropColumn(column).execute();
  }
}
