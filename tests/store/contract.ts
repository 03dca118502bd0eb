import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KILNLOG_SORT_FIELDS } from '../../src/domain/api/kilnLogs';
import { statusOfRefusal } from '../../mock-server/http/errors';
import { StoreRefusal } from '../../mock-server/store/errors';
import { queryKilnLogs, type KilnLogFilter, type KilnLogScope } from '../../mock-server/kilnlogs/query';
import type { DataStore } from '../../mock-server/store/dataStore';
import { emptyEmbedded } from '../../mock-server/store/embedded/state';
import { mintLedger } from '../../mock-server/store/ledgerRules';
import type { AuditRow, FacilityRecord, KilnLogRecord, StoredFile } from '../../mock-server/store/model';
import { addFacility, addLogs, FIXTURE_ALGORITHM_VERSION, logRow, random } from './fixtures';

/**
 * The store contract: every test runs against each implementation, so the
 * embedded store and PostgreSQL answer the same calls with the same rows and
 * refuse the same things.
 */

export interface StoreFactory {
  open(): Promise<DataStore>;
}

/** The refusal a store call ends in, with the HTTP status the API answers for it. */
async function refusal(work: Promise<unknown>): Promise<StoreRefusal & { status: number }> {
  try {
    await work;
  } catch (err) {
    if (err instanceof StoreRefusal) return Object.assign(err, { status: statusOfRefusal(err) });
    throw err;
  }
  throw new Error('expected a refusal, got success');
}

const file = (key: string, size: number): StoredFile => ({
  key,
  mime_type: 'image/png',
  size,
  original_name: 'a.png',
  uploaded_ts: '2026-02-03T04:05:06.789Z',
  uploader_id: 1,
});

export function storeContract(factory: StoreFactory): void {
  let store: DataStore;
  beforeEach(async () => {
    store = await factory.open();
  });
  afterEach(async () => {
    await store.close();
  });

  describe('users', () => {
    const user = (username: string, role = 0) => ({ username, role, password_hash: 'h1', facility_ids: [], created_ts: '2026-01-01T00:00:00.000Z' });

    it('creates, finds and refuses a username taken in another case', async () => {
      expect(await store.isEmpty()).toBe(true);
      const u = await store.users.create(user('Alice'));
      expect(u).toMatchObject({ username: 'Alice', token_version: 0, last_login_ts: null });
      expect(await store.isEmpty()).toBe(false);
      expect((await store.users.findByUsername('Alice'))?.id).toBe(u.id);
      expect(await store.users.findByUsername('nobody')).toBeNull();
      expect((await refusal(store.users.create(user('alice')))).status).toBe(409);
      expect(await store.users.count()).toBe(1);
    });

    it('raises token_version on a password or role change only', async () => {
      const u = await store.users.create(user('bob', 4));
      expect((await store.users.update(u.id, { facility_ids: [1, 2] }))?.token_version).toBe(0);
      expect((await store.users.update(u.id, { password_hash: 'h1' }))?.token_version).toBe(0);
      expect((await store.users.update(u.id, { password_hash: 'h2' }))?.token_version).toBe(1);
      const changed = await store.users.update(u.id, { role: 3 });
      expect(changed).toMatchObject({ role: 3, token_version: 2, facility_ids: [1, 2] });
      expect(await store.users.update(999, { role: 1 })).toBeNull();
      await store.users.recordLogin(u.id, '2026-05-06T07:08:09.123Z');
      expect((await store.users.get(u.id))?.last_login_ts).toBe('2026-05-06T07:08:09.123Z');
      expect(await store.users.delete(u.id)).toBe(true);
      expect(await store.users.get(u.id)).toBeNull();
      expect(await store.users.delete(u.id)).toBe(false);
    });

    it('lists a sorted, filtered page with its total', async () => {
      for (const [name, role] of [['dora', 2], ['carl', 4], ['erin', 4], ['abe', 0]] as const) await store.users.create(user(name, role));
      const page = await store.users.list({ role: 4 }, { sort: { field: 'username', order: 'DESC' }, range: [0, 0] });
      expect(page.total).toBe(2);
      expect(page.rows.map((u) => u.username)).toEqual(['erin']);
      const q = await store.users.list({ q: 'r' }, { sort: { field: 'username', order: 'ASC' }, range: [0, 9] });
      expect(q.rows.map((u) => u.username)).toEqual(['carl', 'dora', 'erin']);
      expect((await store.users.withRoles([0, 2])).map((u) => u.username).sort()).toEqual(['abe', 'dora']);
    });
  });

  describe('user administration', () => {
    const user = (username: string, role = 0) => ({ username, role, password_hash: 'h1', facility_ids: [], created_ts: '2026-01-01T00:00:00.000Z' });
    const ownersOf = async () => Object.fromEntries((await store.facilities.list()).map((f) => [f.mnemonic, f.owner_id]));

    it('never deletes or demotes the last super-admin, and allows it while another exists', async () => {
      const first = await store.users.create(user('first'));
      expect((await refusal(store.users.delete(first.id))).status).toBe(409);
      expect((await refusal(store.users.update(first.id, { role: 2 }))).status).toBe(409);
      expect(await store.users.get(first.id)).toMatchObject({ role: 0, token_version: 0 });
      const second = await store.users.create(user('second'));
      expect(await store.users.update(first.id, { role: 2 })).toMatchObject({ role: 2, token_version: 1 });
      expect((await refusal(store.users.delete(second.id))).status).toBe(409);
      expect(await store.users.update(second.id, { password_hash: 'h2' })).toMatchObject({ role: 0 });
    });

    it('lets only one of two super-admins removing each other at once succeed', async () => {
      const a = await store.users.create(user('a'));
      const b = await store.users.create(user('b'));
      const results = await Promise.allSettled([
        store.transaction((tx) => tx.users.delete(a.id)),
        store.transaction((tx) => tx.users.update(b.id, { role: 4 })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await store.users.withRoles([0])).length).toBe(1);
    });

    it('gives a facility admin exactly the facilities set, handing the others to the oldest other super-admin', async () => {
      const boss = await store.users.create(user('boss'));
      const fa = await store.users.create({ ...user('fa', 4), must_change_password: true });
      expect(fa.must_change_password).toBe(true);
      // a facility list alone changes no column of the user
      expect(await store.users.update(fa.id, {})).toEqual(fa);
      for (const m of ['NRB', 'KSM', 'ACC']) await addFacility(store, m, boss.id);
      const ids = Object.fromEntries((await store.facilities.list()).map((f) => [f.mnemonic, f.id]));
      const [first, second] = [ids.NRB, ids.KSM].sort((x, y) => x - y);
      expect(await store.users.setFacilities(fa.id, [ids.NRB, ids.KSM])).toEqual({
        before: [],
        after: [first, second],
        taken: [{ id: first, owner_id: boss.id }, { id: second, owner_id: boss.id }],
      });
      expect(await ownersOf()).toEqual({ ACC: boss.id, KSM: fa.id, NRB: fa.id });
      // a facility the user owns already is kept, not taken
      expect(await store.users.setFacilities(fa.id, [ids.NRB])).toMatchObject({ after: [ids.NRB], taken: [] });
      expect(await store.users.setFacilities(fa.id, [ids.ACC])).toMatchObject({ after: [ids.ACC], taken: [{ id: ids.ACC, owner_id: boss.id }] });
      expect(await ownersOf()).toEqual({ ACC: fa.id, KSM: boss.id, NRB: boss.id });
      const refused = await refusal(store.users.setFacilities(fa.id, [ids.NRB, 9999]));
      expect(refused.status).toBe(400);
      expect(refused.errors).toEqual({ facility_ids: 'No facility 9999.' });
      expect(await ownersOf()).toEqual({ ACC: fa.id, KSM: boss.id, NRB: boss.id });
      expect(await store.users.setFacilities(9999, [])).toBeNull();
      // leaving the facility admins, or being deleted, hands the facilities back
      await store.users.update(fa.id, { role: 3 });
      expect(await ownersOf()).toEqual({ ACC: boss.id, KSM: boss.id, NRB: boss.id });
      await store.users.update(fa.id, { role: 4 });
      await store.users.setFacilities(fa.id, [ids.KSM]);
      expect(await store.users.delete(fa.id)).toBe(true);
      expect(await ownersOf()).toEqual({ ACC: boss.id, KSM: boss.id, NRB: boss.id });
    });

    it('records changes to a user, lists them newest first and keeps them after a delete, never reusing the id', async () => {
      await store.users.create(user('admin'));
      const u = await store.users.create(user('temp', 3));
      const entry = (action: 'create' | 'update' | 'delete', ts: string, detail = {}) => ({
        user_id: u.id, username: 'temp', actor_id: 1, actor_username: 'admin', action, detail, ts,
      });
      const created = await store.users.recordChange(entry('create', '2026-01-01T00:00:00.000Z', { role: { from: null, to: 3 } }));
      expect(created).toMatchObject({ ...entry('create', '2026-01-01T00:00:00.000Z', { role: { from: null, to: 3 } }), id: expect.any(Number) });
      await store.users.recordChange(entry('update', '2026-01-02T00:00:00.000Z', { role: { from: 3, to: 4 }, facility_ids: { from: [], to: [2] } }));
      await store.users.delete(u.id);
      await store.users.recordChange(entry('delete', '2026-01-03T00:00:00.000Z'));
      const history = await store.users.changesOf(u.id);
      expect(history.map((c) => c.action)).toEqual(['delete', 'update', 'create']);
      expect(history[1].detail).toEqual({ role: { from: 3, to: 4 }, facility_ids: { from: [], to: [2] } });
      const next = await store.users.create(user('next', 1));
      expect(next.id).toBeGreaterThan(u.id);
      expect(await store.users.changesOf(next.id)).toEqual([]);
    });
  });

  describe('facilities and kilns', () => {
    it('orders by mnemonic, scopes by owner, refuses a taken mnemonic and joins the photo time', async () => {
      const b = await addFacility(store, 'NKR', 5);
      const a = await addFacility(store, 'BRV', 1);
      expect((await refusal(addFacility(store, 'NKR'))).status).toBe(409);
      expect((await store.facilities.list()).map((f) => f.mnemonic)).toEqual(['BRV', 'NKR']);
      expect((await store.facilities.list({ ownerId: 5 })).map((f) => f.id)).toEqual([b.id]);
      expect(await store.facilities.idsOwnedBy(1)).toEqual([a.id]);
      expect(await store.facilities.mnemonics()).toEqual(['BRV', 'NKR']);

      const first = await store.facilities.replacePhoto({ facility_id: a.id, photo_guid: 'g1', photo: file('facility-photos/1.png', 10), thumb: file('facility-photos/2.png', 5) });
      expect(first.replaced).toBeNull();
      const second = await store.facilities.replacePhoto({ facility_id: a.id, photo_guid: 'g2', photo: file('facility-photos/3.png', 11), thumb: file('facility-photos/4.png', 6) });
      expect(second.replaced?.photo.key).toBe('facility-photos/1.png');
      expect((await store.facilities.photo(a.id))?.photo_guid).toBe('g2');
      const listed = await store.facilities.list();
      expect(listed.find((f) => f.id === a.id)?.photo_uploaded_ts).toBe('2026-02-03T04:05:06.789Z');
      expect(listed.find((f) => f.id === b.id)?.photo_uploaded_ts).toBeNull();
      expect((await store.facilities.update(a.id, { name: 'Renamed' }))?.name).toBe('Renamed');
      expect((await refusal(store.facilities.update(a.id, { mnemonic: 'NKR' }))).status).toBe(409);
    });

    it('makes each new statement the facility latest and keeps older ones by id', async () => {
      const f = await addFacility(store, 'NRB');
      const other = await addFacility(store, 'TAS');
      const s1 = await store.facilities.addStatement({ facility_id: f.id, file_type: 'pdf', file: file('facility-audits/a.pdf', 100) }, '2026-03-01T00:00:00.000Z');
      const s2 = await store.facilities.addStatement({ facility_id: f.id, file_type: 'png', file: file('facility-audits/b.png', 50) }, '2026-04-01T00:00:00.000Z');
      expect((await store.facilities.get(f.id))).toMatchObject({ latest_facility_audit_id: s2.id, last_updated: '2026-04-01T00:00:00.000Z' });
      expect((await store.facilities.statement(f.id, null))?.id).toBe(s2.id);
      expect((await store.facilities.statement(f.id, s1.id))?.file.key).toBe('facility-audits/a.pdf');
      expect(await store.facilities.statement(other.id, s1.id)).toBeNull();
      expect(await store.facilities.statement(other.id, null)).toBeNull();
    });

    it("lists a facility's trail newest first, all of it or only the actions asked for", async () => {
      const f = await addFacility(store, 'TRL');
      const other = await addFacility(store, 'TRO');
      const kiln = { id: 1, kiln_id: 'K-1' };
      const key = { id: 1, fingerprint: 'ab'.repeat(32), label: 'board' };
      const record = (facility_id: number, action: 'update' | 'add_kiln_key' | 'revoke_kiln_key', ts: string, detail: object) =>
        store.facilities.recordChange({ facility_id, actor_id: 1, actor_username: 'admin', action, detail, ts });
      await record(f.id, 'add_kiln_key', '2026-01-01T00:00:00.000Z', { kiln, key });
      await record(f.id, 'update', '2026-01-02T00:00:00.000Z', { values: { wicf: { from: 0.3, to: 0.4 } } });
      await record(f.id, 'revoke_kiln_key', '2026-01-03T00:00:00.000Z', { kiln, key });
      await record(other.id, 'add_kiln_key', '2026-01-04T00:00:00.000Z', { kiln, key });
      expect((await store.facilities.changesOf(f.id)).map((c) => c.action)).toEqual(['revoke_kiln_key', 'update', 'add_kiln_key']);
      const keyChanges = await store.facilities.changesOf(f.id, ['add_kiln_key', 'revoke_kiln_key']);
      expect(keyChanges.map((c) => [c.action, c.detail])).toEqual([
        ['revoke_kiln_key', { kiln, key }],
        ['add_kiln_key', { kiln, key }],
      ]);
      expect(await store.facilities.changesOf(f.id, ['approve_kiln'])).toEqual([]);
    });

    it('keeps kiln_id unique across facilities whatever its case', async () => {
      const a = await addFacility(store, 'NRB');
      const b = await addFacility(store, 'TAS');
      const kiln = (kiln_id: string, facility_id: number) => ({ kiln_id, facility_id, type: 0, install_date: '2024-01-01', last_update: '2026-01-01T00:00:00.000Z', config: '{}', approved_ts: '2026-01-01T00:00:00.000Z', approved_by: null });
      const k = await store.kilns.create(kiln('CG1-0007', a.id));
      expect((await refusal(store.kilns.create(kiln('cg1-0007', b.id)))).status).toBe(409);
      const k2 = await store.kilns.create(kiln('RTR-0003', b.id));
      expect((await refusal(store.kilns.update(k2.id, { kiln_id: 'Cg1-0007' }))).status).toBe(409);
      expect((await store.kilns.update(k2.id, { kiln_id: 'RTR-0004', type: 1 }))).toMatchObject({ kiln_id: 'RTR-0004', type: 1 });
      const found = await store.kilns.findByKilnId('cg1-0007');
      expect(found?.kiln.id).toBe(k.id);
      expect(found?.facility.mnemonic).toBe('NRB');
      expect(await store.kilns.findByKilnId('nope')).toBeNull();
      expect(await store.kilns.list({ facilityIds: [b.id] })).toEqual([expect.objectContaining({ kiln_id: 'RTR-0004', facility_mnemonic: 'TAS', facility_name: 'TAS Biochar' })]);
      expect((await store.kilns.list()).length).toBe(2);
    });
  });

  describe('kiln logs', () => {
    it('stores a row as given and refuses the same content twice, naming the earlier log', async () => {
      const id = await store.kilnLogs.reserveId();
      const next = await store.kilnLogs.reserveId();
      expect(next).toBeGreaterThan(id);
      const row = logRow(id, { status: 'invalid', gps: null });
      expect(await store.kilnLogs.insert(row)).toEqual(row);
      expect(await store.kilnLogs.get(id)).toEqual(row);
      expect(await store.kilnLogs.findBySha256(row.sha256)).toEqual(row);
      const twin = await refusal(store.kilnLogs.insert({ ...logRow(next), sha256: row.sha256 }));
      expect(twin.status).toBe(409);
      expect(twin.message).toContain(`as log ${id}`);
      expect(await store.kilnLogs.get(next)).toBeNull();
      const err = logRow(next, { status: 'error' });
      expect(await store.kilnLogs.insert(err)).toEqual(err);
      expect(await store.kilnLogs.update(next, { archived_ts: '2026-06-01T00:00:00.000Z', delete_after: '2026-08-30T00:00:00.000Z' })).toMatchObject({ archived_ts: '2026-06-01T00:00:00.000Z' });
      expect(await store.kilnLogs.update(id, { analysis_detail: null, error_message: 'x' })).toMatchObject({ analysis_detail: null, error_message: 'x' });
      expect(await store.kilnLogs.update(12345, { audited: true })).toBeNull();
    });

    it('filters, sorts and pages every list exactly as the reference query does', async () => {
      const rnd = random(7);
      const nrb = await addFacility(store, 'NRB');
      const tas = await addFacility(store, 'TAS');
      const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
      const rows: KilnLogRecord[] = [];
      for (let id = 1; id <= 90; id++) {
        const archived = rnd() < 0.25;
        const row = logRow(id, {
          facility: pick([nrb, tas, null]),
          kilnId: pick(['CG1-0007', 'RTR-0003', 'cg1-0007', null]),
          type: pick([0, 1, 2, null]),
          logts: rnd() < 0.1 ? null : `2026-0${1 + Math.floor(rnd() * 3)}-1${Math.floor(rnd() * 10)}T0${Math.floor(rnd() * 10)}:${rnd() < 0.5 ? '00' : '30'}:00`,
          status: pick(['valid', 'valid', 'invalid', 'error'] as const),
          co2: Math.round(rnd() * 5) * 10,
          fileSize: 1000 + Math.floor(rnd() * 5) * 100,
          gps: pick([true, false, null]),
          archivedTs: archived ? new Date(Date.UTC(2026, 4, 1 + Math.floor(rnd() * 5))).toISOString() : null,
          deleteAfter: archived ? new Date(Date.UTC(2026, 7, 1 + Math.floor(rnd() * 5))).toISOString() : null,
        });
        row.audited = !archived && rnd() < 0.2;
        rows.push(row);
      }
      await store.kilnLogs.insertMany(rows);
      expect(await store.kilnLogs.reserveId()).toBeGreaterThan(90);

      const scopes: KilnLogScope[] = [
        { archived: false, facilityIds: null },
        { archived: true, facilityIds: null },
        { archived: false, facilityIds: new Set([nrb.id]) },
        { archived: false, facilityIds: new Set() },
      ];
      const filters: KilnLogFilter[] = [
        {},
        { facilityIds: new Set([tas.id]) },
        { kilnId: 'CG1-0007' },
        { from: '2026-02-10T00:00:00', to: '2026-03-15T23:59:59' },
        { to: '2026-02-13T05:30:00' },
        { status: 'error' },
        { status: 'invalid', type: 0 },
        { audited: true },
        { q: 'rtr' },
        { q: 'tas biochar' },
        { q: '42' },
        { ids: new Set([3, 5, 8, 13, 21]) },
      ];
      let checked = 0;
      for (const scope of scopes) {
        for (const filter of filters) {
          const page = { sort: { field: 'logts' as const, order: 'DESC' as const }, range: [2, 11] as [number, number] };
          const want = queryKilnLogs(rows, scope, filter, page);
          const got = await store.kilnLogs.list(scope, filter, page);
          expect({ total: got.total, ids: got.rows.map((r) => r.id) }, JSON.stringify({ scope: { ...scope, facilityIds: scope.facilityIds && [...scope.facilityIds] }, filter })).toEqual({
            total: want.total,
            ids: want.rows.map((r) => r.id),
          });
          checked += want.rows.length;
        }
      }
      for (const field of KILNLOG_SORT_FIELDS) {
        for (const order of ['ASC', 'DESC'] as const) {
          for (const archived of [false, true]) {
            const page = { sort: { field, order }, range: [0, 999] as [number, number] };
            const scope = { archived, facilityIds: null };
            const want = queryKilnLogs(rows, scope, {}, page).rows.map((r) => r.id);
            expect((await store.kilnLogs.list(scope, {}, page)).rows.map((r) => r.id), `${field} ${order} archived=${archived}`).toEqual(want);
          }
        }
      }
      // the rows come back whole
      const one = await store.kilnLogs.list({ archived: false, facilityIds: null }, { ids: new Set([rows[0].id]) }, { sort: { field: 'id', order: 'ASC' }, range: [0, 0] });
      expect(one.rows[0] ?? null).toEqual(rows[0].archived_ts === null ? rows[0] : null);
      expect(checked).toBeGreaterThan(50);
    });

    it('keeps each list total right as logs arrive, are archived, restored, moved and removed', async () => {
      const nrb = await addFacility(store, 'NRB');
      const tas = await addFacility(store, 'TAS');
      const ids: number[] = [];
      const scopes: KilnLogScope[] = [
        { archived: false, facilityIds: null },
        { archived: true, facilityIds: null },
        { archived: false, facilityIds: new Set([nrb.id, tas.id]) },
        { archived: false, facilityIds: new Set() },
      ];
      const filters: KilnLogFilter[] = [{}, { facilityIds: new Set([nrb.id]) }, { facilityIds: new Set([tas.id, 999]) }];
      const page = { sort: { field: 'id' as const, order: 'ASC' as const }, range: [0, 0] as [number, number] };
      // the totals of lists limited by facilities at most, against the same lists counted with an id filter
      const expectTotalsRight = async (step: string) => {
        for (const scope of scopes) {
          for (const filter of filters) {
            const counted = ids.length ? (await store.kilnLogs.list(scope, { ...filter, ids: new Set(ids) }, page)).total : 0;
            expect((await store.kilnLogs.list(scope, filter, page)).total, `${step} ${JSON.stringify({ archived: scope.archived, scope: scope.facilityIds && [...scope.facilityIds], filter: filter.facilityIds && [...filter.facilityIds] })}`).toBe(counted);
          }
        }
      };
      await expectTotalsRight('empty');
      const bulk = Array.from({ length: 12 }, (_, i) => logRow(i + 1, { facility: [nrb, tas, null][i % 3], archivedTs: i % 4 === 0 ? '2026-05-01T00:00:00.000Z' : null }));
      await store.kilnLogs.insertMany(bulk);
      ids.push(...bulk.map((r) => r.id));
      await expectTotalsRight('bulk');
      const added = await addLogs(store, [{ facility: nrb }, { facility: tas }, { facility: null }]);
      ids.push(...added.map((r) => r.id));
      expect((await store.kilnLogs.list(scopes[0], {}, page)).total).toBe(12 - 3 + 3);
      await expectTotalsRight('inserted');
      await store.kilnLogs.update(added[0].id, { archived_ts: '2026-06-01T00:00:00.000Z', delete_after: '2026-09-01T00:00:00.000Z' });
      await store.kilnLogs.update(bulk[0].id, { archived_ts: null, delete_after: null });
      await expectTotalsRight('archived and restored');
      await store.kilnLogs.update(added[1].id, { facility_id: nrb.id, facility_name: nrb.name });
      await store.kilnLogs.update(added[2].id, { error_message: 'x', valid: false });
      await expectTotalsRight('moved');
      await store.transaction(async (tx) => {
        await tx.kilnLogs.update(bulk[1].id, { archived_ts: '2026-06-01T00:00:00.000Z' });
        await expect(tx.kilnLogs.insert(bulk[2])).rejects.toThrow();
      });
      await expectTotalsRight('in a transaction, a refused insert undone');
      await store.kilnLogs.remove([added[0].id, bulk[3].id]);
      await expectTotalsRight('removed');
    });

    it('keeps the totals of every facility, kiln, type, status and audited filter right as logs change', async () => {
      const nrb = await addFacility(store, 'NRB');
      const tas = await addFacility(store, 'TAS');
      const rnd = random(11);
      const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
      const rows = Array.from({ length: 60 }, (_, i) => {
        const row = logRow(i + 1, {
          facility: pick([nrb, tas, null]),
          type: pick([0, 1, null]),
          status: pick(['valid', 'invalid', 'error'] as const),
          archivedTs: rnd() < 0.2 ? '2026-05-01T00:00:00.000Z' : null,
        });
        row.kiln = pick([7, 8, null]);
        row.audited = row.archived_ts === null && rnd() < 0.3;
        return row;
      });
      await store.kilnLogs.insertMany(rows);
      const live = rows.filter((r) => r.archived_ts === null);
      const scopes: KilnLogScope[] = [
        { archived: false, facilityIds: null },
        { archived: true, facilityIds: null },
        { archived: false, facilityIds: new Set([tas.id]) },
      ];
      const filters: KilnLogFilter[] = [
        { status: 'valid' },
        { facilityIds: new Set([nrb.id]), status: 'valid' },
        { facilityIds: new Set([nrb.id, tas.id]), status: 'error', audited: false },
        { facilityIds: new Set([0]) },
        { kiln: 7 },
        { kiln: 0 },
        { facilityIds: new Set([tas.id]), kiln: 8, type: 1, status: 'invalid' },
        { type: 0, audited: true },
        { type: 1, status: 'valid', audited: false },
        { audited: false, status: 'error' },
      ];
      const page = { sort: { field: 'id' as const, order: 'ASC' as const }, range: [0, 0] as [number, number] };
      const expectTotalsRight = async (step: string, state: readonly KilnLogRecord[]) => {
        for (const scope of scopes) {
          for (const filter of filters) {
            const want = queryKilnLogs(state, scope, filter, page).total;
            const got = (await store.kilnLogs.list(scope, filter, page)).total;
            expect(got, `${step} ${JSON.stringify({ archived: scope.archived, scope: scope.facilityIds && [...scope.facilityIds], filter: { ...filter, facilityIds: filter.facilityIds && [...filter.facilityIds] } })}`).toBe(want);
          }
        }
      };
      const current = async () => (await store.kilnLogs.list({ archived: false, facilityIds: null }, {}, { sort: { field: 'id', order: 'ASC' }, range: [0, 999] })).rows.concat(
        (await store.kilnLogs.list({ archived: true, facilityIds: null }, {}, { sort: { field: 'id', order: 'ASC' }, range: [0, 999] })).rows,
      );
      await expectTotalsRight('bulk', rows);
      expect(queryKilnLogs(rows, scopes[0], { status: 'valid' }, page).total).toBeGreaterThan(3);
      const [added] = await addLogs(store, [{ facility: tas, type: 1, status: 'invalid' }]);
      await store.kilnLogs.update(added.id, { kiln: 8 });
      await store.kilnLogs.update(live[0].id, { error_message: 'unreadable', valid: false, analysis: null, analysis_detail: null });
      await store.kilnLogs.update(live[1].id, { audited: !live[1].audited, audit_id: null });
      await store.kilnLogs.update(live[2].id, { kiln: live[2].kiln === 7 ? 8 : 7, type: 0, facility_id: nrb.id, facility_name: nrb.name });
      await store.kilnLogs.update(live[3].id, { archived_ts: '2026-06-01T00:00:00.000Z', delete_after: '2026-09-01T00:00:00.000Z' });
      await expectTotalsRight('changed', await current());
      await store.kilnLogs.remove([live[4].id, added.id]);
      await expectTotalsRight('removed', await current());
    });

    it('purges archived logs past their time, never an audited one', async () => {
      const [due, later, live] = await addLogs(store, [
        { archivedTs: '2026-01-01T00:00:00.000Z', deleteAfter: '2026-04-01T00:00:00.000Z' },
        { archivedTs: '2026-02-01T00:00:00.000Z', deleteAfter: '2026-05-01T00:00:00.000Z' },
        {},
      ]);
      const auditedRow = logRow(await store.kilnLogs.reserveId(), { archivedTs: '2026-01-01T00:00:00.000Z', deleteAfter: '2026-04-01T00:00:00.000Z' });
      auditedRow.audited = true;
      await store.kilnLogs.insert(auditedRow);
      const f = await addFacility(store, 'NRB');
      const [proposed] = await addLogs(store, [{ facility: f }]);
      await store.audits.propose({ job_id: 'J', kiln_type: 0, facility_id: f.id, analysis_ids: [proposed.id], create_ts: '2026-04-01T00:00:00.000Z', proposed_by: null, algorithm_version: FIXTURE_ALGORITHM_VERSION });
      const now = new Date('2026-04-15T00:00:00.000Z');
      expect((await store.kilnLogs.dueForPurge(now)).map((r) => r.id)).toEqual([due.id]);
      expect((await store.kilnLogs.remove([due.id, auditedRow.id, proposed.id])).map((r) => r.id)).toEqual([due.id]);
      expect(await store.kilnLogs.get(proposed.id)).not.toBeNull();
      expect(await store.kilnLogs.get(due.id)).toBeNull();
      expect(await store.kilnLogs.get(auditedRow.id)).not.toBeNull();
      expect(await store.kilnLogs.get(later.id)).not.toBeNull();
      expect(await store.kilnLogs.get(live.id)).not.toBeNull();
    });

    it('takes more ids in one call than a query has parameters (PostgreSQL stops at 65,535)', async () => {
      const [kept] = await addLogs(store, [{}]);
      const many = [...Array.from({ length: 70_000 }, (_, i) => 10_000_000 + i), kept.id];
      expect((await store.kilnLogs.remove(many)).map((r) => r.id)).toEqual([kept.id]);
    });
  });

  describe('audits and eco assets', () => {
    let nrb: FacilityRecord;
    let tas: FacilityRecord;
    const propose = (ids: number[], facility_id: number | null = null, kiln_type = 0) =>
      store.audits.propose({ job_id: 'JOB-1', kiln_type, facility_id, analysis_ids: ids, create_ts: '2026-05-01T10:00:00.000Z', proposed_by: 4, algorithm_version: FIXTURE_ALGORITHM_VERSION });
    const signoff = (audit_id: number, analysis_ids: number[], signoff_ts = '2026-05-20T12:00:00.000Z') =>
      store.audits.signoff({ audit_id, analysis_ids, signoff_ts, doc_key: 'audit-evidence/x.pdf', doc_mime_type: 'application/pdf', signed_off_by: 1, algorithm_version: FIXTURE_ALGORITHM_VERSION });
    let transactions = 0;
    const mint = (allocations: [number, number][], note = 'note', transaction_id = `TX-${++transactions}`) =>
      store.ecoAssets.mint({ minting_note: note, transaction_id, allocations: new Map(allocations), minted_ts: '2026-06-01T00:00:00.000Z', minted_by: 6 });

    beforeEach(async () => {
      nrb = await addFacility(store, 'NRB');
      tas = await addFacility(store, 'TAS');
    });

    it('claims burns all or nothing: a burn in an open proposal, an invalid, archived or other-type burn refuses the whole proposal', async () => {
      const [a, b, c, bad, arch, retort, other] = await addLogs(store, [
        { facility: nrb },
        { facility: nrb },
        { facility: nrb },
        { facility: nrb, status: 'invalid' },
        { facility: nrb, archivedTs: '2026-05-01T00:00:00.000Z', deleteAfter: '2026-08-01T00:00:00.000Z' },
        { facility: nrb, type: 1 },
        { facility: tas },
      ]);
      const byLogTime = (xs: KilnLogRecord[]) => [...xs].sort((x, y) => (x.logts! < y.logts! ? -1 : x.logts! > y.logts! ? 1 : x.id - y.id)).map((r) => r.id);
      expect((await store.audits.potentialLogs({ kiln_type: 0 })).map((r) => r.id)).toEqual(byLogTime([a, b, c, other]));
      const audit = await propose([a.id, b.id]);
      expect(audit).toMatchObject({ facility_id: nrb.id, analysis_ids: [a.id, b.id], signoff_ts: null, job_id: 'JOB-1' });
      for (const ids of [[c.id, b.id], [c.id, bad.id], [c.id, arch.id], [c.id, retort.id], [c.id, other.id], [c.id, 99999]]) {
        expect((await refusal(propose(ids))).status).toBe(409);
      }
      expect((await refusal(propose([c.id], tas.id))).status).toBe(409);
      expect((await refusal(propose([]))).status).toBe(400);
      // nothing of the refused proposals stuck: c is still free, and only one proposal exists
      expect((await store.audits.open()).map((x) => x.id)).toEqual([audit.id]);
      expect((await store.audits.potentialLogs({ kiln_type: 0, facilityIds: [nrb.id] })).map((r) => r.id)).toEqual([c.id]);
      expect((await propose([c.id])).analysis_ids).toEqual([c.id]);
      expect((await store.audits.logsOf(audit.id)).map((r) => r.id)).toEqual([a.id, b.id]);
    });

    it('signs off with frozen numbers, releases the burns left out and refuses a second signoff', async () => {
      const [a, b, c] = await addLogs(store, [
        { facility: nrb, co2: 100.25, biochar: 40.5 },
        { facility: nrb, co2: 200.5, biochar: 80 },
        { facility: nrb, co2: 50 },
      ]);
      const audit = await propose([a.id, b.id, c.id]);
      expect((await refusal(signoff(audit.id, [a.id, 99999]))).status).toBe(409);
      const totals = await signoff(audit.id, [a.id, b.id]);
      expect(totals.audited_co2).toBeCloseTo(300.75, 9);
      expect(totals.audited_biochar).toBeCloseTo(120.5, 9);
      expect(totals.utilised_co2).toBe(0);
      expect(totals.audit).toMatchObject({ analysis_ids: [a.id, b.id], doc_key: 'audit-evidence/x.pdf', signoff_ts: '2026-05-20T12:00:00.000Z' });
      expect((await refusal(signoff(audit.id, [a.id]))).status).toBe(409);
      expect((await refusal(signoff(4242, [a.id]))).status).toBe(404);
      expect(await store.kilnLogs.get(a.id)).toMatchObject({ audited: true, audit_id: audit.id });
      expect(await store.kilnLogs.get(c.id)).toMatchObject({ audited: false, audit_id: null });
      expect((await store.audits.potentialLogs({ kiln_type: 0 })).map((r) => r.id)).toEqual([c.id]);
      const burns = await store.audits.burns(audit.id);
      expect(burns.map((x) => [x.kilnlog_id, x.co2_removed, x.algorithm_version])).toEqual([
        [a.id, 100.25, FIXTURE_ALGORITHM_VERSION],
        [b.id, 200.5, FIXTURE_ALGORITHM_VERSION],
      ]);
      expect(await store.audits.withDocKey('audit-evidence/x.pdf')).toMatchObject({ id: audit.id, doc_mime_type: 'application/pdf' });
      expect(await store.audits.withDocKey('audit-evidence/y.pdf')).toBeNull();
      // a later change to the log's analysis does not move an audited figure
      await store.kilnLogs.update(a.id, { analysis_detail: { co2_removed: 1, biochar_produced: 1 } });
      const [history] = await store.audits.history({});
      expect(history.audited_co2).toBeCloseTo(300.75, 9);
      expect(await store.audits.history({ facilityIds: [tas.id] })).toEqual([]);
      expect(await store.audits.history({ from: '2026-05-21T00:00:00.000Z' })).toEqual([]);
      expect((await store.audits.history({ to: '2026-05-20T12:00:00.000Z' })).length).toBe(1);
      expect(await store.audits.open()).toEqual([]);
    });

    it('lists burns of an older algorithm but proposes only those of the current one', async () => {
      const [current, old] = await addLogs(store, [{ facility: nrb }, { facility: nrb, algorithmVersion: '0.9.0' }]);
      expect((await store.audits.potentialLogs({ kiln_type: 0 })).map((r) => r.id).sort((x, y) => x - y)).toEqual([current.id, old.id]);
      const refused = await refusal(propose([current.id, old.id]));
      expect(refused.status).toBe(409);
      expect(refused.message).toContain(`log ${old.id} was analysed by algorithm 0.9.0`);
      expect(await store.audits.open()).toEqual([]);
      expect((await propose([current.id])).analysis_ids).toEqual([current.id]);
    });

    it('takes burns of any kiln type for -1, recording their type when they share one', async () => {
      const [cgo, retort, cgo2] = await addLogs(store, [{ facility: nrb, type: 0 }, { facility: nrb, type: 1 }, { facility: nrb, type: 0 }]);
      expect((await store.audits.potentialLogs({ kiln_type: -1 })).map((r) => r.id).sort((x, y) => x - y)).toEqual([cgo.id, retort.id, cgo2.id]);
      expect((await store.audits.potentialLogs({ kiln_type: 1 })).map((r) => r.id)).toEqual([retort.id]);
      expect((await propose([cgo.id, cgo2.id], null, -1)).kiln_type).toBe(0);
      expect((await refusal(propose([retort.id], null, 0))).status).toBe(409);
      expect((await propose([retort.id], null, -1)).kiln_type).toBe(1);
      const [x, y] = await addLogs(store, [{ facility: nrb, type: 0 }, { facility: nrb, type: 2 }]);
      expect((await propose([x.id, y.id], null, -1)).kiln_type).toBe(-1);
    });

    it('refuses to sign off a burn archived, invalidated or re-analysed by another algorithm since its proposal, and changes nothing', async () => {
      const [a, b, c, d] = await addLogs(store, [{ facility: nrb }, { facility: nrb }, { facility: nrb }, { facility: nrb }]);
      const audit = await propose([a.id, b.id, c.id, d.id]);
      await store.kilnLogs.update(a.id, { archived_ts: '2026-05-02T00:00:00.000Z', delete_after: '2026-08-01T00:00:00.000Z' });
      await store.kilnLogs.update(b.id, { valid: false });
      await store.kilnLogs.update(c.id, { analysis: JSON.stringify({ valid: 'true', co2_removed: 1, biochar_produced: 1, algorithm_version: '3.0.0' }) });
      const refused = await refusal(signoff(audit.id, [a.id, b.id, c.id, d.id]));
      expect(refused.status).toBe(409);
      for (const text of [`log ${a.id} is archived`, `log ${b.id} is not a valid burn`, `log ${c.id} was analysed by algorithm 3.0.0`]) expect(refused.message).toContain(text);
      expect(refused.message).not.toContain(`log ${d.id}`);
      expect((await store.audits.get(audit.id))?.signoff_ts).toBeNull();
      expect(await store.kilnLogs.get(d.id)).toMatchObject({ audited: false, audit_id: null });
      expect(await store.audits.burns(audit.id)).toEqual([]);
      // the burns still fit are signed off on their own
      expect((await signoff(audit.id, [d.id])).audit.analysis_ids).toEqual([d.id]);
    });

    it('mints from what remains of each audit and never beyond it', async () => {
      const [a, b] = await addLogs(store, [{ facility: nrb, co2: 100 }, { facility: tas, co2: 60.5 }]);
      const a1 = await propose([a.id]);
      const a2 = await propose([b.id]);
      await signoff(a1.id, [a.id], '2026-05-20T12:00:00.000Z');
      await signoff(a2.id, [b.id], '2026-06-02T12:00:00.000Z');
      const first = await mint([[a1.id, 70.1], [a2.id, 0.5]]);
      expect(first.asset.co2_allocated).toBeCloseTo(70.6, 9);
      expect(first.allocations.map((x) => [x.audit_id, x.co2_allocated])).toEqual([[a1.id, 70.1], [a2.id, 0.5]]);
      expect(await store.ecoAssets.remaining(a1.id)).toBeCloseTo(29.9, 9);
      const over = await refusal(mint([[a2.id, 10], [a1.id, 29.901]]));
      expect(over.status).toBe(409);
      // the refused mint left nothing behind
      expect(await store.ecoAssets.remaining(a2.id)).toBeCloseTo(60, 9);
      expect((await refusal(mint([[a1.id, 0]]))).status).toBe(400);
      const rest = await mint([[a1.id, 29.9]]);
      expect(await store.ecoAssets.remaining(a1.id)).toBe(0);
      expect((await refusal(mint([[a1.id, 0.001]]))).status).toBe(409);

      expect((await store.ecoAssets.list({ facilityId: nrb.id })).map((e) => e.id)).toEqual([rest.asset.id, first.asset.id].sort((x, y) => y - x));
      expect((await store.ecoAssets.list({ facilityId: tas.id })).map((e) => e.id)).toEqual([first.asset.id]);
      const allocations = await store.ecoAssets.allocations(first.asset.id);
      expect(allocations.map((x) => [x.audit_id, x.signoff_ts, x.evidence_mime_type, x.job_id, x.doc_key])).toEqual([
        [a1.id, '2026-05-20T12:00:00.000Z', 'application/pdf', 'JOB-1', 'audit-evidence/x.pdf'],
        [a2.id, '2026-06-02T12:00:00.000Z', 'application/pdf', 'JOB-1', 'audit-evidence/x.pdf'],
      ]);
      const available = await store.ecoAssets.available();
      expect(available.map((x) => [x.audit.id, x.facility_name, x.utilised_co2, x.remaining_co2])).toEqual([
        [a1.id, 'NRB Biochar', 100, 0],
        [a2.id, 'TAS Biochar', 0.5, 60],
      ]);
      const summary = await store.audits.co2Summary();
      expect(summary.map((r) => [r.facility_id, r.year, r.month, r.audited_co2, r.utilised_co2])).toEqual([
        [tas.id, 2026, 6, 60.5, 0.5],
        [nrb.id, 2026, 5, 100, 100],
      ]);
    });

    it('sums the carbon summary from the frozen burns and every mint, racing mints included', async () => {
      const logs = await addLogs(
        store,
        Array.from({ length: 9 }, (_, i) => ({ facility: i % 3 === 2 ? tas : nrb, co2: 10.1 + i * 0.37, biochar: 3.3 + i * 0.11 })),
      );
      const nrbLogs = logs.filter((l) => l.facility_id === nrb.id).map((l) => l.id);
      const tasLogs = logs.filter((l) => l.facility_id === tas.id).map((l) => l.id);
      const groups: [number[], string][] = [
        [nrbLogs.slice(0, 3), '2026-05-03T12:00:00.000Z'],
        [nrbLogs.slice(3), '2026-05-28T12:00:00.000Z'],
        [tasLogs, '2026-06-02T12:00:00.000Z'],
      ];
      const audits: AuditRow[] = [];
      for (const [ids, ts] of groups) {
        const proposal = await propose(ids);
        audits.push((await signoff(proposal.id, ids, ts)).audit);
      }
      // twenty brokers minting at once from two audits, then one refused mint
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => mint([[audits[i % 2].id, 1.234]])));
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
      expect((await refusal(mint([[audits[2].id, 1], [audits[0].id, 1000]]))).status).toBe(409);

      const monthOf = (ts: string) => [Number(ts.slice(0, 4)), Number(ts.slice(5, 7))];
      const want = new Map<string, { co2: number; biochar: number; utilised: number }>();
      for (const audit of audits) {
        const burns = await store.audits.burns(audit.id);
        const [year, month] = monthOf(audit.signoff_ts!);
        const key = `${audit.facility_id}/${year}/${month}`;
        const row = want.get(key) ?? { co2: 0, biochar: 0, utilised: 0 };
        row.co2 += burns.reduce((n, b) => n + b.co2_removed, 0);
        row.biochar += burns.reduce((n, b) => n + b.biochar_produced, 0);
        row.utilised += audit.id === audits[0].id || audit.id === audits[1].id ? 10 * 1.234 : 0;
        want.set(key, row);
      }
      const summary = await store.audits.co2Summary();
      expect(summary.map((r) => `${r.facility_id}/${r.year}/${r.month}`)).toEqual([`${tas.id}/2026/6`, `${nrb.id}/2026/5`]);
      for (const r of summary) {
        const w = want.get(`${r.facility_id}/${r.year}/${r.month}`)!;
        expect(r.audited_co2).toBeCloseTo(w.co2, 9);
        expect(r.audited_biochar).toBeCloseTo(w.biochar, 9);
        expect(r.utilised_co2).toBeCloseTo(w.utilised, 9);
      }
      expect(summary.find((r) => r.facility_id === nrb.id)!.utilised_co2).toBe(24.68);
      // the summary limited to one facility is that facility's rows
      expect(await store.audits.co2Summary({ facilityIds: [tas.id] })).toEqual(summary.filter((r) => r.facility_id === tas.id));
      expect(await store.audits.co2Summary({ facilityIds: [] })).toEqual([]);
    });

    it('freezes burns to the gram and sums every total in whole grams: 0.1 + 0.2 is 0.3, never 0.30000000000000004', async () => {
      // a float sum of these is noisy in every order: 0.1 + 0.2 + 310.72 + 310.71 + 310.72 = 932.4499999999999 and so on
      const co2 = [0.1, 0.2, 310.72, 310.71, 310.72, 344.4872];
      const biochar = [0.1, 0.2, 135.45, 135.45, 135.45, 0.0004];
      const logs = await addLogs(store, co2.map((kg, i) => ({ facility: nrb, co2: kg, biochar: biochar[i] })));
      const ids = logs.map((l) => l.id);
      const audit = (await signoff((await propose(ids)).id, ids)).audit;
      // frozen at signoff to the gram: 344.4872 → 344.487, 0.0004 → 0
      const burns = await store.audits.burns(audit.id);
      expect(burns.map((b) => b.co2_removed)).toEqual([0.1, 0.2, 310.72, 310.71, 310.72, 344.487]);
      expect(burns.map((b) => b.biochar_produced)).toEqual([0.1, 0.2, 135.45, 135.45, 135.45, 0]);
      const [history] = await store.audits.history({ facilityIds: [nrb.id] });
      expect([history.audited_co2, history.audited_biochar, history.utilised_co2]).toEqual([1276.937, 406.65, 0]);
      await mint([[audit.id, 0.1]]);
      await mint([[audit.id, 0.2]]);
      const [available] = await store.ecoAssets.available({ facilityIds: [nrb.id] });
      expect([available.audited_co2, available.utilised_co2, available.remaining_co2]).toEqual([1276.937, 0.3, 1276.637]);
      expect(await store.ecoAssets.remaining(audit.id)).toBe(1276.637);
      const [summary] = await store.audits.co2Summary({ facilityIds: [nrb.id] });
      expect([summary.audited_co2, summary.utilised_co2, summary.audited_biochar]).toEqual([1276.937, 0.3, 406.65]);
      const stats = await store.statistics.recompute(new Date('2026-07-01T00:00:00.000Z'));
      expect([stats.audited_co2, stats.utilised_co2, stats.audited_biochar]).toEqual([1276.937, 0.3, 406.65]);
    });

    it('refuses a transaction ID already used, whatever its case, and leaves nothing of the refused mint', async () => {
      const [a] = await addLogs(store, [{ facility: nrb, co2: 10 }]);
      const audit = await propose([a.id]);
      await signoff(audit.id, [a.id]);
      const first = await mint([[audit.id, 2]], 'first', ' 0xAbC-7 ');
      expect(first.asset.transaction_id).toBe('0xAbC-7');
      expect(await store.ecoAssets.get(first.asset.id)).toEqual(first.asset);
      expect(await store.ecoAssets.get(4242)).toBeNull();
      const taken = await refusal(mint([[audit.id, 1]], 'second', '0xabc-7'));
      expect(taken.status).toBe(409);
      expect(taken.message).toContain('0xabc-7');
      // both stores name the taken ID first, before any amount
      expect((await refusal(mint([[audit.id, 100]], 'third', '0XABC-7'))).message).toMatch(/^Transaction ID 0XABC-7 is already used/);
      expect(await store.ecoAssets.remaining(audit.id)).toBe(8);
      expect((await store.ecoAssets.list({ facilityId: nrb.id })).map((e) => e.id)).toEqual([first.asset.id]);
      // 10 racing mints of one new transaction ID on an audit with room for all: one lands
      const racing = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => mint([[audit.id, 0.5]], `race ${i}`, 'TX-RACE')));
      expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of racing) if (r.status === 'rejected') expect(statusOfRefusal(r.reason as StoreRefusal)).toBe(409);
      expect(await store.ecoAssets.remaining(audit.id)).toBe(7.5);
    });

    it('lets exactly one of 50 simultaneous claims of one burn, and of one last kilogram, win', async () => {
      const [burn, spare] = await addLogs(store, [{ facility: nrb, co2: 10 }, { facility: nrb, co2: 1 }]);
      const claims = await Promise.allSettled(Array.from({ length: 50 }, () => propose([burn.id])));
      expect(claims.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of claims) if (r.status === 'rejected') expect(statusOfRefusal(r.reason as StoreRefusal)).toBe(409);
      expect((await store.audits.open()).length).toBe(1);

      const audit = await propose([spare.id]);
      await signoff(audit.id, [spare.id]);
      const mints = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => mint([[audit.id, 1]], `race ${i}`)));
      expect(mints.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of mints) if (r.status === 'rejected') expect(statusOfRefusal(r.reason as StoreRefusal)).toBe(409);
      expect(await store.ecoAssets.remaining(audit.id)).toBe(0);
      expect((await store.ecoAssets.available())[0].utilised_co2).toBe(1);
    });
  });

  describe('transactions, changes and statistics', () => {
    it('keeps all of a transaction or, when it throws, none of it', async () => {
      const f = await addFacility(store, 'NRB');
      await expect(
        store.transaction(async (tx) => {
          await tx.changes.create({ date: '2026-01-01', title: 'kept?', body: '<p>x</p>' });
          await tx.facilities.update(f.id, { name: 'Changed' });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.changes.list()).toEqual([]);
      expect((await store.facilities.get(f.id))?.name).toBe('NRB Biochar');

      // a refused operation inside a transaction the caller survives leaves no trace, the rest is kept
      const kept = await store.transaction(async (tx) => {
        const c = await tx.changes.create({ date: '2026-01-02', title: 'kept', body: '<p>y</p>' });
        await expect(tx.facilities.create({ ...(await tx.facilities.get(f.id))!, mnemonic: 'NRB' })).rejects.toThrow();
        return c;
      });
      expect((await store.changes.list()).map((c) => c.id)).toEqual([kept.id]);
      expect((await store.facilities.list()).length).toBe(1);
    });

    it('replaces everything with a whole state, ids kept, and continues numbering after them', async () => {
      await store.changes.create({ date: '2020-01-01', title: 'gone after the replace', body: '' });
      const facility = { id: 7, mnemonic: 'NRB', name: 'Nairobi', owner_id: 5, latitude_min: -2, latitude_max: -1, longitude_min: 36, longitude_max: 37, last_updated: '2026-01-01T00:00:00.000Z', latest_facility_audit_id: null, kiln_type_config: '{}' };
      const logs = [logRow(10, { facility, co2: 5 }), logRow(11, { facility, co2: 7 }), logRow(12, { facility })];
      logs[0].audited = true;
      logs[0].audit_id = 3;
      const state = {
        ...emptyEmbedded(),
        users: [{ id: 4, username: 'kilnadmin', role: 3, password_hash: 'h', facility_ids: [], created_ts: '2026-01-01T00:00:00.000Z', last_login_ts: null, token_version: 2, must_change_password: false, locked: true }],
        facilities: [facility],
        kilns: [{ id: 9, kiln_id: 'CG1-0007', facility_id: 7, type: 0, install_date: '2024-01-01', last_update: '2026-01-01T00:00:00.000Z', config: '{}', approved_ts: '2026-01-01T00:00:00.000Z', approved_by: null }],
        kilnlogs: logs,
        audits: [
          { id: 3, job_id: 'A', kiln_type: 0, facility_id: 7, create_ts: '2026-02-01T00:00:00.000Z', analysis_ids: [10], signoff_ts: '2026-02-02T00:00:00.000Z', doc_key: null, doc_mime_type: null, proposed_by: null, signed_off_by: null },
          { id: 5, job_id: 'B', kiln_type: 0, facility_id: 7, create_ts: '2026-02-03T00:00:00.000Z', analysis_ids: [11], signoff_ts: null, doc_key: null, doc_mime_type: null, proposed_by: null, signed_off_by: null },
        ],
        audit_burns: [{ audit_id: 3, kilnlog_id: 10, facility_id: 7, co2_removed: 5, biochar_produced: 2, algorithm_version: FIXTURE_ALGORITHM_VERSION, signed: false, key_fingerprint: null, signature: null }],
        eco_assets: [{ id: 2, minting_note: 'n', transaction_id: 't', co2_allocated: 1.5, ...mintLedger(1.5, 0, 1), minted_ts: '2026-03-01T00:00:00.000Z', minted_by: null }],
        eco_allocations: [{ id: 8, eco_asset_id: 2, audit_id: 3, co2_allocated: 1.5 }],
        changes: [{ id: 6, date: '2026-01-05', title: 'T', body: '<p>b</p>' }],
      };
      const seen: string[] = [];
      await store.replaceAll(state, (table, done, total) => done === total && seen.push(table));
      expect(seen).toEqual(expect.arrayContaining(['users', 'kilnlogs', 'audits']));
      expect((await store.changes.list()).map((c) => c.id)).toEqual([6]);
      expect(await store.users.get(4)).toEqual(state.users[0]);
      expect(await store.kilnLogs.get(11)).toEqual(logs[1]);
      expect(await store.ecoAssets.remaining(3)).toBe(3.5);
      // the open proposal still holds its burn, the signed-off one is audited
      expect((await store.audits.potentialLogs({ kiln_type: 0 })).map((r) => r.id)).toEqual([12]);
      expect((await refusal(store.audits.propose({ job_id: 'C', kiln_type: 0, facility_id: null, analysis_ids: [11], create_ts: '2026-04-01T00:00:00.000Z', proposed_by: null, algorithm_version: FIXTURE_ALGORITHM_VERSION }))).status).toBe(409);
      expect((await store.users.create({ username: 'new', role: 0, password_hash: 'h', facility_ids: [], created_ts: '2026-04-01T00:00:00.000Z' })).id).toBe(5);
      expect(await store.kilnLogs.reserveId()).toBeGreaterThan(12);
      expect((await store.changes.create({ date: '2026-04-01', title: 'x', body: '' })).id).toBe(7);
    });

    it('answers the file keys its records name: every log (archived too), the current photo and thumbnail, every statement, signed-off evidence', async () => {
      expect(await store.fileReferences()).toEqual({ kilnLogs: [], facilityPhotos: [], facilityStatements: [], auditEvidence: [] });
      const f = await addFacility(store, 'NRB');
      await store.facilities.replacePhoto({ facility_id: f.id, photo_guid: 'g1', photo: file('facility-photos/old.png', 10), thumb: file('facility-photos/old-t.png', 5) });
      await store.facilities.replacePhoto({ facility_id: f.id, photo_guid: 'g2', photo: file('facility-photos/new.png', 11), thumb: file('facility-photos/new-t.png', 6) });
      await store.facilities.addStatement({ facility_id: f.id, file_type: 'pdf', file: file('facility-audits/a.pdf', 100) }, '2026-03-01T00:00:00.000Z');
      await store.facilities.addStatement({ facility_id: f.id, file_type: 'png', file: file('facility-audits/b.png', 50) }, '2026-04-01T00:00:00.000Z');
      const [live, archived, proposed] = await addLogs(store, [{ facility: f, co2: 3 }, { facility: f, archivedTs: '2026-05-01T00:00:00.000Z' }, { facility: f, co2: 4 }]);
      const signed = await store.audits.propose({ job_id: 'S', kiln_type: 0, facility_id: null, analysis_ids: [live.id], create_ts: '2026-05-01T00:00:00.000Z', proposed_by: null, algorithm_version: FIXTURE_ALGORITHM_VERSION });
      await store.audits.signoff({ audit_id: signed.id, analysis_ids: [live.id], signoff_ts: '2026-05-02T00:00:00.000Z', doc_key: 'e.pdf', doc_mime_type: 'application/pdf', signed_off_by: null, algorithm_version: FIXTURE_ALGORITHM_VERSION });
      await store.audits.propose({ job_id: 'O', kiln_type: 0, facility_id: null, analysis_ids: [proposed.id], create_ts: '2026-05-01T00:00:00.000Z', proposed_by: null, algorithm_version: FIXTURE_ALGORITHM_VERSION });

      const refs = await store.fileReferences();
      expect(refs.kilnLogs.sort((x, y) => x.id - y.id)).toEqual([live, archived, proposed].map((r) => ({ id: r.id, s3key: r.s3key })));
      expect(refs.facilityPhotos.sort()).toEqual(['facility-photos/new-t.png', 'facility-photos/new.png']);
      expect(refs.facilityStatements.sort()).toEqual(['facility-audits/a.pdf', 'facility-audits/b.png']);
      expect(refs.auditEvidence).toEqual(['e.pdf']);
      // a removed log no longer names its file
      await store.kilnLogs.remove([archived.id]);
      expect((await store.fileReferences()).kilnLogs.map((r) => r.id).sort((x, y) => x - y)).toEqual([live.id, proposed.id]);
    });

    it('lists changes newest first and edits them', async () => {
      const a = await store.changes.create({ date: '2026-01-01', title: 'A', body: '<p>a</p>' });
      const b = await store.changes.create({ date: '2026-02-01', title: 'B', body: '<p>b</p>' });
      const c = await store.changes.create({ date: '2026-02-01', title: 'C', body: '<p>c</p>' });
      expect((await store.changes.list()).map((x) => x.id)).toEqual([c.id, b.id, a.id]);
      expect(await store.changes.update(a.id, { date: '2026-03-01' })).toMatchObject({ title: 'A', date: '2026-03-01' });
      expect((await store.changes.list())[0].id).toBe(a.id);
      expect(await store.changes.delete(b.id)).toBe(true);
      expect(await store.changes.get(b.id)).toBeNull();
      expect(await store.changes.update(b.id, { title: 'x' })).toBeNull();
    });

    it('recomputes statistics from the data and keeps the snapshot', async () => {
      expect(await store.statistics.latest()).toBeNull();
      const f = await addFacility(store, 'NRB');
      await store.facilities.replacePhoto({ facility_id: f.id, photo_guid: 'g', photo: file('facility-photos/p.png', 300), thumb: file('facility-photos/t.png', 30) });
      const [a] = await addLogs(store, [{ facility: f, co2: 12.5, fileSize: 1000 }, { facility: f, status: 'error', fileSize: 500 }, { facility: f, archivedTs: '2026-05-01T00:00:00.000Z', fileSize: 100 }]);
      const audit = await store.audits.propose({ job_id: 'J', kiln_type: 0, facility_id: null, analysis_ids: [a.id], create_ts: '2026-05-01T00:00:00.000Z', proposed_by: null, algorithm_version: FIXTURE_ALGORITHM_VERSION });
      await store.audits.signoff({ audit_id: audit.id, analysis_ids: [a.id], signoff_ts: '2026-05-02T00:00:00.000Z', doc_key: 'k', doc_mime_type: 'image/png', signed_off_by: null, algorithm_version: FIXTURE_ALGORITHM_VERSION });
      await store.ecoAssets.mint({ minting_note: 'n', transaction_id: 't', allocations: new Map([[audit.id, 2.5]]), minted_ts: '2026-06-01T00:00:00.000Z', minted_by: null });
      const snap = await store.statistics.recompute(new Date('2026-07-01T00:00:00.000Z'));
      expect(snap).toEqual({
        computed_ts: '2026-07-01T00:00:00.000Z',
        users: 0,
        facilities: 1,
        kilns: 0,
        kilnlogs: 2,
        valid_kilnlogs: 1,
        invalid_kilnlogs: 0,
        error_kilnlogs: 1,
        archived_kilnlogs: 1,
        audits_proposed: 0,
        audits_signed_off: 1,
        eco_assets: 1,
        storage_bytes: 1000 + 500 + 100 + 330,
        audited_co2: 12.5,
        utilised_co2: 2.5,
        audited_biochar: a.analysis_detail!.biochar_produced,
      });
      expect(await store.statistics.latest()).toEqual(snap);
    });
  });
}
