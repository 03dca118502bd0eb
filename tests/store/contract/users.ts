import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { addFacility } from '../fixtures';
import { refusal } from './support';

const user = (username: string, role = 0) => ({
  username,
  role,
  password_hash: 'h1',
  facility_ids: [],
  created_ts: '2026-01-01T00:00:00.000Z',
});

/** Users: names, token versions, lists, the last super-admin. */
export function usersContract(store: () => DataStore): void {
  it('creates, finds and refuses a username taken in another case', async () => {
    expect(await store().isEmpty()).toBe(true);
    const u = await store().users.create(user('Alice'));
    expect(u).toMatchObject({ username: 'Alice', token_version: 0, last_login_ts: null });
    expect(await store().isEmpty()).toBe(false);
    expect((await store().users.findByUsername('Alice'))?.id).toBe(u.id);
    expect(await store().users.findByUsername('nobody')).toBeNull();
    // a refusal naming its field: the API answers it as a 400 on the username
    expect(await refusal(store().users.create(user('alice')))).toMatchObject({ status: 400, errors: { username: expect.any(String) } });
    expect(await store().users.count()).toBe(1);
  });

  it('raises token_version on a password or role change only', async () => {
    const u = await store().users.create(user('bob', 4));
    expect((await store().users.update(u.id, { facility_ids: [1, 2] }))?.token_version).toBe(0);
    expect((await store().users.update(u.id, { password_hash: 'h1' }))?.token_version).toBe(0);
    expect((await store().users.update(u.id, { password_hash: 'h2' }))?.token_version).toBe(1);
    const changed = await store().users.update(u.id, { role: 3 });
    expect(changed).toMatchObject({ role: 3, token_version: 2, facility_ids: [1, 2] });
    expect(await store().users.update(999, { role: 1 })).toBeNull();
    await store().users.recordLogin(u.id, '2026-05-06T07:08:09.123Z');
    expect((await store().users.get(u.id))?.last_login_ts).toBe('2026-05-06T07:08:09.123Z');
    expect(await store().users.delete(u.id)).toBe(true);
    expect(await store().users.get(u.id)).toBeNull();
    expect(await store().users.delete(u.id)).toBe(false);
  });

  it('lists a sorted, filtered page with its total', async () => {
    for (const [name, role] of [
      ['dora', 2],
      ['carl', 4],
      ['erin', 4],
      ['abe', 0],
    ] as const)
      await store().users.create(user(name, role));
    const page = await store().users.list({ role: 4 }, { sort: { field: 'username', order: 'DESC' }, range: [0, 0] });
    expect(page.total).toBe(2);
    expect(page.rows.map((u) => u.username)).toEqual(['erin']);
    const q = await store().users.list({ q: 'r' }, { sort: { field: 'username', order: 'ASC' }, range: [0, 9] });
    expect(q.rows.map((u) => u.username)).toEqual(['carl', 'dora', 'erin']);
    expect((await store().users.withRoles([0, 2])).map((u) => u.username).sort()).toEqual(['abe', 'dora']);
  });
}

/** User administration: facility reach and the change trail. */
export function userAdministrationContract(store: () => DataStore): void {
  const ownersOf = async () => Object.fromEntries((await store().facilities.list()).map((f) => [f.mnemonic, f.owner_id]));

  it('never deletes or demotes the last super-admin, and allows it while another exists', async () => {
    const first = await store().users.create(user('first'));
    expect((await refusal(store().users.delete(first.id))).status).toBe(409);
    expect((await refusal(store().users.update(first.id, { role: 2 }))).status).toBe(409);
    expect(await store().users.get(first.id)).toMatchObject({ role: 0, token_version: 0 });
    const second = await store().users.create(user('second'));
    expect(await store().users.update(first.id, { role: 2 })).toMatchObject({ role: 2, token_version: 1 });
    expect((await refusal(store().users.delete(second.id))).status).toBe(409);
    expect(await store().users.update(second.id, { password_hash: 'h2' })).toMatchObject({ role: 0 });
  });

  it('lets only one of two super-admins removing each other at once succeed', async () => {
    const a = await store().users.create(user('a'));
    const b = await store().users.create(user('b'));
    const results = await Promise.allSettled([
      store().transaction((tx) => tx.users.delete(a.id)),
      store().transaction((tx) => tx.users.update(b.id, { role: 4 })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await store().users.withRoles([0])).length).toBe(1);
  });

  it('gives a facility admin exactly the facilities set, handing the others to the oldest other super-admin', async () => {
    const boss = await store().users.create(user('boss'));
    const fa = await store().users.create({ ...user('fa', 4), must_change_password: true });
    expect(fa.must_change_password).toBe(true);
    // a facility list alone changes no column of the user
    expect(await store().users.update(fa.id, {})).toEqual(fa);
    for (const m of ['NRB', 'KSM', 'ACC']) await addFacility(store(), m, boss.id);
    const ids = Object.fromEntries((await store().facilities.list()).map((f) => [f.mnemonic, f.id]));
    const [first, second] = [ids.NRB, ids.KSM].sort((x, y) => x - y);
    expect(await store().users.setFacilities(fa.id, [ids.NRB, ids.KSM])).toEqual({
      before: [],
      after: [first, second],
      taken: [
        { id: first, owner_id: boss.id },
        { id: second, owner_id: boss.id },
      ],
    });
    expect(await ownersOf()).toEqual({ ACC: boss.id, KSM: fa.id, NRB: fa.id });
    // a facility the user owns already is kept, not taken
    expect(await store().users.setFacilities(fa.id, [ids.NRB])).toMatchObject({ after: [ids.NRB], taken: [] });
    expect(await store().users.setFacilities(fa.id, [ids.ACC])).toMatchObject({
      after: [ids.ACC],
      taken: [{ id: ids.ACC, owner_id: boss.id }],
    });
    expect(await ownersOf()).toEqual({ ACC: fa.id, KSM: boss.id, NRB: boss.id });
    const refused = await refusal(store().users.setFacilities(fa.id, [ids.NRB, 9999]));
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ facility_ids: 'No facility 9999.' });
    expect(await ownersOf()).toEqual({ ACC: fa.id, KSM: boss.id, NRB: boss.id });
    expect(await store().users.setFacilities(9999, [])).toBeNull();
    // leaving the facility admins, or being deleted, hands the facilities back
    await store().users.update(fa.id, { role: 3 });
    expect(await ownersOf()).toEqual({ ACC: boss.id, KSM: boss.id, NRB: boss.id });
    await store().users.update(fa.id, { role: 4 });
    await store().users.setFacilities(fa.id, [ids.KSM]);
    expect(await store().users.delete(fa.id)).toBe(true);
    expect(await ownersOf()).toEqual({ ACC: boss.id, KSM: boss.id, NRB: boss.id });
  });

  it('records changes to a user, lists them newest first and keeps them after a delete, never reusing the id', async () => {
    await store().users.create(user('admin'));
    const u = await store().users.create(user('temp', 3));
    const entry = (action: 'create' | 'update' | 'delete', ts: string, detail = {}) => ({
      user_id: u.id,
      username: 'temp',
      actor_id: 1,
      actor_username: 'admin',
      action,
      detail,
      ts,
    });
    const created = await store().users.recordChange(entry('create', '2026-01-01T00:00:00.000Z', { role: { from: null, to: 3 } }));
    expect(created).toMatchObject({
      ...entry('create', '2026-01-01T00:00:00.000Z', { role: { from: null, to: 3 } }),
      id: expect.any(Number),
    });
    await store().users.recordChange(
      entry('update', '2026-01-02T00:00:00.000Z', { role: { from: 3, to: 4 }, facility_ids: { from: [], to: [2] } }),
    );
    await store().users.delete(u.id);
    await store().users.recordChange(entry('delete', '2026-01-03T00:00:00.000Z'));
    const history = await store().users.changesOf(u.id);
    expect(history.map((c) => c.action)).toEqual(['delete', 'update', 'create']);
    expect(history[1].detail).toEqual({ role: { from: 3, to: 4 }, facility_ids: { from: [], to: [2] } });
    const next = await store().users.create(user('next', 1));
    expect(next.id).toBeGreaterThan(u.id);
    expect(await store().users.changesOf(next.id)).toEqual([]);
  });
}
