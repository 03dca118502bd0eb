import { expect, it } from 'vitest';
import { KILNLOG_SORT_FIELDS } from '../../../src/domain/api/kilnLogs';
import { queryKilnLogs, type KilnLogFilter, type KilnLogScope } from '../../../mock-server/store/kilnLogQuery';
import { isOutdated } from '../../../mock-server/store/analysisVersions';
import type { DataStore } from '../../../mock-server/store/dataStore';
import type { KilnLogRecord } from '../../../mock-server/store/model';
import { addFacility, addLogs, logRow, proposeAudit, random } from '../fixtures';
import { refusal } from './support';

/** Kiln logs: stored once by content, listed, counted and purged as the reference query says. */
export function kilnLogsContract(store: () => DataStore): void {
  it('stores a row as given and refuses the same content twice, naming the earlier log', async () => {
    const id = await store().kilnLogs.reserveId();
    const next = await store().kilnLogs.reserveId();
    expect(next).toBeGreaterThan(id);
    const row = logRow(id, { status: 'invalid', gps: null });
    expect(await store().kilnLogs.insert(row)).toEqual(row);
    expect(await store().kilnLogs.get(id)).toEqual(row);
    expect(await store().kilnLogs.findBySha256(row.sha256)).toEqual(row);
    const twin = await refusal(store().kilnLogs.insert({ ...logRow(next), sha256: row.sha256 }));
    expect(twin.status).toBe(409);
    expect(twin.message).toContain(`as log ${id}`);
    expect(await store().kilnLogs.get(next)).toBeNull();
    const err = logRow(next, { status: 'error' });
    expect(await store().kilnLogs.insert(err)).toEqual(err);
    expect(
      await store().kilnLogs.update(next, { archived_ts: '2026-06-01T00:00:00.000Z', delete_after: '2026-08-30T00:00:00.000Z' }),
    ).toMatchObject({ archived_ts: '2026-06-01T00:00:00.000Z' });
    expect(await store().kilnLogs.update(id, { analysis_detail: null, error_message: 'x' })).toMatchObject({
      analysis_detail: null,
      error_message: 'x',
    });
    expect(await store().kilnLogs.update(12345, { audited: true })).toBeNull();
  });

  it('filters, sorts and pages every list exactly as the reference query does', async () => {
    const rnd = random(7);
    const nrb = await addFacility(store(), 'NRB');
    const tas = await addFacility(store(), 'TAS');
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const rows: KilnLogRecord[] = [];
    for (let id = 1; id <= 90; id++) {
      const archived = rnd() < 0.25;
      const row = logRow(id, {
        facility: pick([nrb, tas, null]),
        kilnId: pick(['CG1-0007', 'RTR-0003', 'cg1-0007', null]),
        type: pick([0, 1, 2, null]),
        logts:
          rnd() < 0.1
            ? null
            : `2026-0${1 + Math.floor(rnd() * 3)}-1${Math.floor(rnd() * 10)}T0${Math.floor(rnd() * 10)}:${rnd() < 0.5 ? '00' : '30'}:00`,
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
    await store().kilnLogs.insertMany(rows);
    expect(await store().kilnLogs.reserveId()).toBeGreaterThan(90);

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
        const got = await store().kilnLogs.list(scope, filter, page);
        expect(
          { total: got.total, ids: got.rows.map((r) => r.id) },
          JSON.stringify({ scope: { ...scope, facilityIds: scope.facilityIds && [...scope.facilityIds] }, filter }),
        ).toEqual({
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
          expect(
            (await store().kilnLogs.list(scope, {}, page)).rows.map((r) => r.id),
            `${field} ${order} archived=${archived}`,
          ).toEqual(want);
        }
      }
    }
    // the rows come back whole
    const one = await store().kilnLogs.list(
      { archived: false, facilityIds: null },
      { ids: new Set([rows[0].id]) },
      { sort: { field: 'id', order: 'ASC' }, range: [0, 0] },
    );
    expect(one.rows[0] ?? null).toEqual(rows[0].archived_ts === null ? rows[0] : null);
    expect(checked).toBeGreaterThan(50);
  });

  it('keeps each list total right as logs arrive, are archived, restored, moved and removed', async () => {
    const nrb = await addFacility(store(), 'NRB');
    const tas = await addFacility(store(), 'TAS');
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
          const counted = ids.length ? (await store().kilnLogs.list(scope, { ...filter, ids: new Set(ids) }, page)).total : 0;
          expect(
            (await store().kilnLogs.list(scope, filter, page)).total,
            `${step} ${JSON.stringify({ archived: scope.archived, scope: scope.facilityIds && [...scope.facilityIds], filter: filter.facilityIds && [...filter.facilityIds] })}`,
          ).toBe(counted);
        }
      }
    };
    await expectTotalsRight('empty');
    const bulk = Array.from({ length: 12 }, (_, i) =>
      logRow(i + 1, { facility: [nrb, tas, null][i % 3], archivedTs: i % 4 === 0 ? '2026-05-01T00:00:00.000Z' : null }),
    );
    await store().kilnLogs.insertMany(bulk);
    ids.push(...bulk.map((r) => r.id));
    await expectTotalsRight('bulk');
    const added = await addLogs(store(), [{ facility: nrb }, { facility: tas }, { facility: null }]);
    ids.push(...added.map((r) => r.id));
    expect((await store().kilnLogs.list(scopes[0], {}, page)).total).toBe(12 - 3 + 3);
    await expectTotalsRight('inserted');
    await store().kilnLogs.update(added[0].id, { archived_ts: '2026-06-01T00:00:00.000Z', delete_after: '2026-09-01T00:00:00.000Z' });
    await store().kilnLogs.update(bulk[0].id, { archived_ts: null, delete_after: null });
    await expectTotalsRight('archived and restored');
    await store().kilnLogs.update(added[1].id, { facility_id: nrb.id, facility_name: nrb.name });
    await store().kilnLogs.update(added[2].id, { error_message: 'x', valid: false });
    await expectTotalsRight('moved');
    await store().transaction(async (tx) => {
      await tx.kilnLogs.update(bulk[1].id, { archived_ts: '2026-06-01T00:00:00.000Z' });
      await expect(tx.kilnLogs.insert(bulk[2])).rejects.toThrow();
    });
    await expectTotalsRight('in a transaction, a refused insert undone');
    await store().kilnLogs.remove([added[0].id, bulk[3].id]);
    await expectTotalsRight('removed');
  });

  it('keeps the totals of every facility, kiln, type, status and audited filter right as logs change', async () => {
    const nrb = await addFacility(store(), 'NRB');
    const tas = await addFacility(store(), 'TAS');
    const rnd = random(11);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
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
    await store().kilnLogs.insertMany(rows);
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
          const got = (await store().kilnLogs.list(scope, filter, page)).total;
          expect(
            got,
            `${step} ${JSON.stringify({ archived: scope.archived, scope: scope.facilityIds && [...scope.facilityIds], filter: { ...filter, facilityIds: filter.facilityIds && [...filter.facilityIds] } })}`,
          ).toBe(want);
        }
      }
    };
    const current = async () =>
      (
        await store().kilnLogs.list({ archived: false, facilityIds: null }, {}, { sort: { field: 'id', order: 'ASC' }, range: [0, 999] })
      ).rows.concat(
        (await store().kilnLogs.list({ archived: true, facilityIds: null }, {}, { sort: { field: 'id', order: 'ASC' }, range: [0, 999] }))
          .rows,
      );
    await expectTotalsRight('bulk', rows);
    expect(queryKilnLogs(rows, scopes[0], { status: 'valid' }, page).total).toBeGreaterThan(3);
    const [added] = await addLogs(store(), [{ facility: tas, type: 1, status: 'invalid' }]);
    await store().kilnLogs.update(added.id, { kiln: 8 });
    await store().kilnLogs.update(live[0].id, { error_message: 'unreadable', valid: false, analysis: null, analysis_detail: null });
    await store().kilnLogs.update(live[1].id, { audited: !live[1].audited, audit_id: null });
    await store().kilnLogs.update(live[2].id, { kiln: live[2].kiln === 7 ? 8 : 7, type: 0, facility_id: nrb.id, facility_name: nrb.name });
    await store().kilnLogs.update(live[3].id, { archived_ts: '2026-06-01T00:00:00.000Z', delete_after: '2026-09-01T00:00:00.000Z' });
    await expectTotalsRight('changed', await current());
    await store().kilnLogs.remove([live[4].id, added.id]);
    await expectTotalsRight('removed', await current());
  });

  it('purges archived logs past their time, never an audited one', async () => {
    const [due, later, live] = await addLogs(store(), [
      { archivedTs: '2026-01-01T00:00:00.000Z', deleteAfter: '2026-04-01T00:00:00.000Z' },
      { archivedTs: '2026-02-01T00:00:00.000Z', deleteAfter: '2026-05-01T00:00:00.000Z' },
      {},
    ]);
    const auditedRow = logRow(await store().kilnLogs.reserveId(), {
      archivedTs: '2026-01-01T00:00:00.000Z',
      deleteAfter: '2026-04-01T00:00:00.000Z',
    });
    auditedRow.audited = true;
    await store().kilnLogs.insert(auditedRow);
    const f = await addFacility(store(), 'NRB');
    const [proposed] = await addLogs(store(), [{ facility: f }]);
    await proposeAudit(store(), [proposed.id], { facility_id: f.id, create_ts: '2026-04-01T00:00:00.000Z' });
    const now = new Date('2026-04-15T00:00:00.000Z');
    expect((await store().kilnLogs.dueForPurge(now)).map((r) => r.id)).toEqual([due.id]);
    expect((await store().kilnLogs.remove([due.id, auditedRow.id, proposed.id])).map((r) => r.id)).toEqual([due.id]);
    expect(await store().kilnLogs.get(proposed.id)).not.toBeNull();
    expect(await store().kilnLogs.get(due.id)).toBeNull();
    expect(await store().kilnLogs.get(auditedRow.id)).not.toBeNull();
    expect(await store().kilnLogs.get(later.id)).not.toBeNull();
    expect(await store().kilnLogs.get(live.id)).not.toBeNull();
  });

  it('finds the logs an older algorithm analysed, live and archived, as isOutdated reads a result', async () => {
    const current = 'v9';
    const [older, same, archivedOlder, errorLog, newer] = await addLogs(store(), [
      { algorithmVersion: 'v8' },
      { algorithmVersion: current },
      { algorithmVersion: 'v1', archivedTs: '2026-01-01T00:00:00.000Z', deleteAfter: '2026-04-01T00:00:00.000Z' },
      { status: 'error' },
      { algorithmVersion: 'v10' },
    ]);
    // results that name no version, or no string one, or are not JSON at all: version '', analysed again
    const odd = async (analysis: string) => {
      const row = { ...logRow(await store().kilnLogs.reserveId()), analysis };
      return store().kilnLogs.insert(row);
    };
    const noVersion = await odd(JSON.stringify({ valid: 'true', co2_removed: 1 }));
    const numberVersion = await odd(JSON.stringify({ algorithm_version: 9 }));
    const notJson = await odd('{"algorithm_version": "v9"');
    const jsonNull = await odd('null');
    // a NUL escaped in another field (which PostgreSQL's jsonb refuses) neither fails the write nor hides the version
    const nulElsewhere = await odd(JSON.stringify({ algorithm_version: current, note: 'a\u0000b' }));
    const auditedRow = logRow(await store().kilnLogs.reserveId(), { algorithmVersion: 'v8' });
    auditedRow.audited = true;
    await store().kilnLogs.insert(auditedRow);
    const rows = [older, same, archivedOlder, errorLog, newer, noVersion, numberVersion, notJson, jsonNull, nulElsewhere, auditedRow];
    const expected = rows.filter((r) => isOutdated(r, current)).map((r) => r.id);
    expect(expected).toEqual([older.id, archivedOlder.id, newer.id, noVersion.id, numberVersion.id, notJson.id, jsonNull.id]);
    expect(await store().kilnLogs.outdated(current)).toEqual(expected);
    // re-analysed: its result names the current version, and it is no longer outdated
    await store().kilnLogs.update(older.id, { analysis: JSON.stringify({ algorithm_version: current }) });
    expect(await store().kilnLogs.outdated(current)).toEqual(expected.filter((id) => id !== older.id));
  });

  it('takes more ids in one call than a query has parameters (PostgreSQL stops at 65,535)', async () => {
    const [kept] = await addLogs(store(), [{}]);
    const many = [...Array.from({ length: 70_000 }, (_, i) => 10_000_000 + i), kept.id];
    expect((await store().kilnLogs.remove(many)).map((r) => r.id)).toEqual([kept.id]);
  });

  it('files a live log of no facility once; never one filed already or archived', async () => {
    const f = await addFacility(store(), 'NRB');
    const [unfiled, filed, archived] = await addLogs(store(), [{}, { facility: f }, { archivedTs: '2026-04-02T00:00:00.000Z' }]);
    const patch = { facility_id: f.id, facility_name: f.name, kiln_pending: true };
    expect(await store().kilnLogs.fileUnassigned(unfiled.id, patch)).toEqual({ ...unfiled, ...patch });
    expect(await store().kilnLogs.get(unfiled.id)).toEqual({ ...unfiled, ...patch });
    // a log's facility, once set, never changes
    const other = await addFacility(store(), 'TAS');
    expect(await store().kilnLogs.fileUnassigned(unfiled.id, { facility_id: other.id })).toBeNull();
    expect(await store().kilnLogs.fileUnassigned(filed.id, { facility_id: other.id })).toBeNull();
    expect(await store().kilnLogs.fileUnassigned(archived.id, patch)).toBeNull();
    expect(await store().kilnLogs.fileUnassigned(99_999, patch)).toBeNull();
    expect((await store().kilnLogs.get(archived.id))?.facility_id).toBeNull();
  });
}
