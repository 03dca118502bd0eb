import { sql, type Kysely } from 'kysely';

/**
 * Carbon kept exact: a burn's frozen CO2 and biochar and each audit's totals
 * become numeric(16,3), kg to the gram, like the allocations already are, so
 * every sum (an audit's totals, the carbon summary, the available CO2, the
 * statistics) is an exact decimal, not a float sum with noise in its 13th
 * digit. Frozen figures are rounded to the gram once (the analysis gives
 * 2 decimals, so none moves); the totals are recomputed from them. The
 * triggers of 0007 keep working on the new types unchanged.
 */
const KG = sql`numeric(16,3)`;

async function retype(db: Kysely<unknown>, type: ReturnType<typeof sql>, using: (column: string) => ReturnType<typeof sql>): Promise<void> {
  for (const column of ['co2_removed', 'biochar_produced']) {
    await sql`alter table audit_burns alter column ${sql.ref(column)} type ${type} using ${using(column)}`.execute(db);
  }
  for (const column of ['audited_co2', 'audited_biochar', 'utilised_co2']) {
    await sql`alter table audit_totals alter column ${sql.ref(column)} type ${type} using ${using(column)}`.execute(db);
  }
}

async function recomputeTotals(db: Kysely<unknown>): Promise<void> {
  await sql`update audit_totals t set
      audited_co2 = coalesce((select sum(b.co2_removed) from audit_burns b where b.audit_id = t.audit_id), 0),
      audited_biochar = coalesce((select sum(b.biochar_produced) from audit_burns b where b.audit_id = t.audit_id), 0)`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await retype(db, KG, (column) => sql`round(${sql.ref(column)}::numeric, 3)`);
  await recomputeTotals(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await retype(db, sql`double precision`, (column) => sql`${sql.ref(column)}::double precision`);
  await sql`alter table audit_totals alter column utilised_co2 type numeric using utilised_co2`.execute(db);
}
