import { promises as fs, readdirSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { describe, expect, inject, it } from 'vitest';
import { connect, migrateToLatest, MIGRATIONS_DIR } from '../../mock-server/store/postgres/connect';
import type { Database } from '../../mock-server/store/postgres/tables';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import { storeContract } from './contract';
import { toLogColumns } from '../../mock-server/store/postgres/logRows';
import { createDatabase } from '../helpers/postgres';
import { logRow } from './fixtures';
import { freshDatabase } from './postgresDatabases';

/** every migration file, by name (the order Kysely applies them in) */
const MIGRATIONS = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

const adminUrl = inject('postgresUrl');

/** a log's columns before 2026-11-26-0001-kiln-keys, which added its signature state (signed, key_fingerprint, signature) */
const beforeKilnKeysColumns = (row: ReturnType<typeof logRow>) => {
  // the calibration version and the uploader came later still (2026-12-02-0002, 2026-12-02-0009)
  const {
    signed: _signed,
    key_fingerprint: _fingerprint,
    signature: _signature,
    calibration_id: _calibration,
    uploaded_by: _uploader,
    ...columns
  } = toLogColumns(row);
  return columns;
};

/** A new database migrated up to `migration` (checked to succeed), handed to `work`, disconnected after. */
async function onDatabaseAt(migration: string, work: (db: Kysely<Database>, url: string) => Promise<void>): Promise<void> {
  const url = await createDatabase(adminUrl!);
  const db = connect(url);
  try {
    const migrator = new Migrator({
      db,
      provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR, import: (file: string) => import(file) }),
    });
    expect((await migrator.migrateTo(migration)).error).toBeUndefined();
    await work(db, url);
  } finally {
    await db.destroy();
  }
}

/** the migration applied just before `migration` */
const justBefore = (migration: string) => MIGRATIONS[MIGRATIONS.indexOf(migration) - 1];

/** The facility the upgrade tests store rows of, inserted as the schema of the moment has it. */
const insertFacility = (db: Kysely<Database>) =>
  db
    .insertInto('facilities')
    .values({
      mnemonic: 'NRB',
      name: 'Nairobi',
      owner_id: 1,
      latitude_min: 0,
      latitude_max: 1,
      longitude_min: 0,
      longitude_max: 1,
      last_updated: '2026-01-01T00:00:00.000Z',
      latest_facility_audit_id: null,
      kiln_type_config: '{}',
    })
    .returningAll()
    .executeTakeFirstOrThrow();

describe.skipIf(!adminUrl)('PostgreSQL store', () => {
  storeContract({
    async open() {
      return PostgresStore.open(await freshDatabase(adminUrl!));
    },
  });
});

describe.skipIf(!adminUrl)('PostgreSQL schema', () => {
  it('is created by the migrations at first start and left as it is at the next', async () => {
    const url = await freshDatabase(adminUrl!);
    const db = connect(url);
    try {
      // the template was migrated already: nothing left to run, and every migration file is recorded as applied
      expect(await migrateToLatest(db)).toEqual([]);
      const applied = await db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .orderBy('name' as never)
        .execute();
      expect(applied).toEqual(MIGRATIONS.map((name) => ({ name })));
    } finally {
      await db.destroy();
    }
  });

  it('upgrades a database of the first schema, its rows kept, to the newest', async () => {
    await onDatabaseAt('2026-11-23-0001-initial', async (db, url) => {
      const facility = await insertFacility(db);
      // the first schema's columns: kiln_pending came with 2026-11-25-0001, the signature state with 2026-11-26-0001
      const firstSchemaColumns = (row: ReturnType<typeof logRow>) => {
        const { kiln_pending: _pending, ...columns } = beforeKilnKeysColumns(row);
        return columns;
      };
      await db
        .insertInto('kilnlogs')
        .values([logRow(1, { facility }), logRow(2, { facility }), logRow(3, { facility: null })].map(firstSchemaColumns))
        .execute();
      expect(await migrateToLatest(db)).toEqual(MIGRATIONS.slice(1));
      // the logs stored before are counted from the start
      const store = await PostgresStore.open(url);
      try {
        expect(
          (await store.kilnLogs.list({ archived: false, facilityIds: null }, {}, { sort: { field: 'id', order: 'ASC' }, range: [0, 0] }))
            .total,
        ).toBe(3);
        expect(
          (
            await store.kilnLogs.list(
              { archived: false, facilityIds: new Set([facility.id]) },
              {},
              { sort: { field: 'id', order: 'ASC' }, range: [0, 0] },
            )
          ).total,
        ).toBe(2);
      } finally {
        await store.close();
      }
      const indexes = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'kilnlogs' and indexname like 'kilnlogs_live_facility%'`.execute(db);
      expect(indexes.rows.map((r) => r.indexname).sort()).toContain('kilnlogs_live_facility_co2');
      expect((await sql<{ n: number }>`select count(*)::int as n from facilities`.execute(db)).rows[0].n).toBe(1);
    });
  });

  // L7 of the 2026-11-25 review: IDs told apart by a zero-width space were stored twice under lower()
  it('keys stored transaction IDs as they are compared, keeping earlier twins, and refuses a new twin', async () => {
    await onDatabaseAt(justBefore('2026-11-25-0010-eco-asset-transaction-key'), async (db) => {
      const ts = '2026-11-01T00:00:00.000Z';
      await sql`insert into eco_assets (minting_note, transaction_id, co2_allocated, minted_ts, minted_by) values ('n', 'T-18b', 1, ${ts}, null), ('n', ${'T-18b\u200b'}, 1, ${ts}, null)`.execute(
        db,
      );
      await migrateToLatest(db);
      const keys = await sql<{ id: number; transaction_key: string }>`select id, transaction_key from eco_assets order by id`.execute(db);
      expect(keys.rows.map((r) => r.transaction_key)).toEqual(['t-18b', `t-18b (eco asset ${keys.rows[1].id})`]);
      // a third twin meets the unique index, whatever the store's own check said (a whole row of the newest schema:
      // 2026-11-26-0002-ledger gave each asset its issued kg and a serial block, the two above holding 1–2000)
      const twin =
        sql`insert into eco_assets (minting_note, transaction_id, transaction_key, co2_allocated, co2_issued, serial_first, serial_last, minted_ts, minted_by)
        values ('n', 'Ｔ-18B', 't-18b', 1, 1, 2001, 3000, ${ts}, null)`.execute(db);
      await expect(twin).rejects.toMatchObject({ code: '23505' });
    });
  });

  it('gives facilities stored before batches the default batch period of 31 days, and refuses a period outside 1–3660', async () => {
    await onDatabaseAt(justBefore('2026-12-03-0001-batches'), async (db) => {
      const facility = await insertFacility(db);
      await migrateToLatest(db);
      const row = await db.selectFrom('facilities').select('batch_period_days').where('id', '=', facility.id).executeTakeFirstOrThrow();
      expect(row.batch_period_days).toBe(31);
      await expect(db.updateTable('facilities').set({ batch_period_days: 0 }).execute()).rejects.toMatchObject({ code: '23514' });
    });
  });

  it("approves on upgrade only the kiln keys no second person was missing for: the seed's and a super-admin's own", async () => {
    await onDatabaseAt(justBefore('2026-12-02-0001-kiln-key-approval'), async (db) => {
      const ts = '2026-11-01T00:00:00.000Z';
      const users = await sql<{ id: number; role: number }>`insert into users (username, role, password_hash, created_ts)
        values ('superadmin', 0, 'h', ${ts}), ('facilityadmin', 4, 'h', ${ts}) returning id, role`.execute(db);
      const [superAdmin, facilityAdmin] = users.rows.map((u) => u.id);
      const facility = await insertFacility(db);
      const kiln = await sql<{ id: number }>`insert into kilns (kiln_id, facility_id, type, install_date, last_update, config, approved_ts)
        values ('CG1-0007', ${facility.id}, 0, '2024-01-01', ${ts}, '{}', ${ts}) returning id`.execute(db);
      const creators = [null, superAdmin, facilityAdmin, 99999];
      for (const [i, createdBy] of creators.entries()) {
        await sql`insert into kiln_keys (kiln_id, fingerprint, label, public_key, created_ts, created_by)
          values (${kiln.rows[0].id}, ${String(i).repeat(64)}, ${`key ${i}`}, 'PEM', ${ts}, ${createdBy})`.execute(db);
      }
      await migrateToLatest(db);
      const keys = await db.selectFrom('kiln_keys').select(['created_by', 'approved_ts', 'approved_by']).orderBy('id').execute();
      expect(keys.map((k) => [k.created_by, k.approved_ts === null ? null : new Date(k.approved_ts).toISOString(), k.approved_by])).toEqual(
        [
          [null, ts, null],
          [superAdmin, ts, superAdmin],
          [facilityAdmin, null, null],
          [99999, null, null],
        ],
      );
    });
  });

  it('gives eco assets minted before the ledger serial blocks in mint order and a buffer of 0, their kg unchanged; overlapping blocks are refused', async () => {
    await onDatabaseAt(justBefore('2026-11-26-0002-ledger'), async (db) => {
      const old = (id: number, co2: number, minted: string) =>
        sql`insert into eco_assets (id, minting_note, transaction_id, transaction_key, co2_allocated, minted_ts, minted_by) values (${id}, 'n', ${`t${id}`}, ${`t${id}`}, ${co2}, ${minted}, null)`.execute(
          db,
        );
      await old(1, 2.5, '2026-03-01T00:00:00.000Z');
      await old(2, 1.25, '2026-02-01T00:00:00.000Z');
      await old(3, 0.001, '2026-03-01T00:00:00.000Z');
      expect(await migrateToLatest(db)).toContain('2026-11-26-0002-ledger');
      const rows = await db
        .selectFrom('eco_assets')
        .select(['id', 'co2_allocated', 'co2_issued', 'co2_buffer', 'co2_retired', 'serial_first', 'serial_last', 'buffer_serial_first'])
        .orderBy('id')
        .execute();
      expect(
        rows.map((r) => [
          r.id,
          r.co2_allocated,
          r.co2_issued,
          r.co2_buffer,
          r.co2_retired,
          r.serial_first,
          r.serial_last,
          r.buffer_serial_first,
        ]),
      ).toEqual([
        [1, 2.5, 2.5, 0, 0, 1251, 3750, null],
        [2, 1.25, 1.25, 0, 0, 1, 1250, null],
        [3, 0.001, 0.001, 0, 0, 3751, 3751, null],
      ]);
      // the constraint, not only the mint's lock, keeps blocks apart: a buffer block inside another asset's block is refused
      const overlap =
        sql`insert into eco_assets (id, minting_note, transaction_id, transaction_key, co2_allocated, co2_issued, co2_buffer, serial_first, serial_last, buffer_serial_first, buffer_serial_last, minted_ts)
        values (4, 'n', 'x', 'x', 0.002, 0.001, 0.001, 5000, 5000, 3751, 3751, now())`.execute(db);
      await expect(overlap).rejects.toMatchObject({ code: '23P01' });
    });
  });

  it('upgrades float carbon to exact grams: frozen burns rounded to the gram, audit totals summed again without noise', async () => {
    await onDatabaseAt(justBefore('2026-11-25-0009-exact-carbon'), async (db, url) => {
      const facility = await insertFacility(db);
      await db
        .insertInto('kilnlogs')
        .values([logRow(1, { facility }), logRow(2, { facility }), logRow(3, { facility })].map(beforeKilnKeysColumns))
        .execute();
      const audit = await db
        .insertInto('audits')
        .values({
          job_id: 'J',
          kiln_type: 0,
          facility_id: facility.id,
          create_ts: '2026-05-01T00:00:00.000Z',
          analysis_ids: [1, 2, 3],
          signoff_ts: '2026-05-02T00:00:00.000Z',
          doc_key: 'k',
          doc_mime_type: 'application/pdf',
          proposed_by: null,
          signed_off_by: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const burn = (kilnlog_id: number, co2_removed: number) => ({
        audit_id: audit.id,
        kilnlog_id,
        facility_id: facility.id,
        co2_removed,
        biochar_produced: 0.1,
        algorithm_version: '2.1.0',
      });
      await db
        .insertInto('audit_burns')
        .values([burn(1, 0.1), burn(2, 0.2), burn(3, 344.4872)])
        .execute();
      // the float totals as 0007 kept them
      expect((await sql<{ co2: number }>`select audited_co2 as co2 from audit_totals`.execute(db)).rows[0].co2).not.toBe(344.787);
      expect(await migrateToLatest(db)).toContain('2026-11-25-0009-exact-carbon');
      const store = await PostgresStore.open(url);
      try {
        expect((await store.audits.burns(audit.id)).map((b) => b.co2_removed)).toEqual([0.1, 0.2, 344.487]);
        const [history] = await store.audits.history({});
        expect([history.audited_co2, history.audited_biochar]).toEqual([344.787, 0.3]);
        expect((await store.audits.co2Summary())[0]).toMatchObject({ audited_co2: 344.787, audited_biochar: 0.3, utilised_co2: 0 });
      } finally {
        await store.close();
      }
    });
  });
});
