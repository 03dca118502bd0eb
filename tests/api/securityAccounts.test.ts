import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { User, UserChange } from '../../src/domain/api/users';
import { ACCOUNT_LOCKED } from '../../src/domain/accountRelease';
import { type DemoUsername } from '../helpers/configure';
import { user } from '../helpers/storeAccess';
import { bearer, DEMO_PASSWORD, useTestServer } from '../helpers/testServer';

/**
 * Account administration findings of the 2026-11-25 review (docs/security.md):
 * a user-admin cannot complete an account of roles 3–5 nor take facilities
 * (M2), every password hash goes through the one gate (L3), and a role
 * checked is the role changed (S1).
 */

const TEMP = 'Temp-Pass-2026!';
const OWN = 'My-Own-Kiln-77?';

// every login and password change is a scrypt of about 0.1–3 s on a loaded 2-core machine
vi.setConfig({ testTimeout: 120_000 });

const api = useTestServer();

const { as } = api;
let seq = 0;
const fresh = (prefix: string) => `${prefix}${++seq}`;

/** Takes every slot and place of both queues (logins, accounts) of the server's hash gate until the answered function is called. */
function fillHashGate(): () => Promise<void> {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  const { hashConcurrency, hashQueue } = api.server.ctx.config.loginThrottle;
  const tasks = [
    ...Array.from({ length: hashConcurrency + hashQueue }, () => api.server.ctx.hashes.run(() => held)),
    // accounts no demo user has, one place each
    ...Array.from({ length: hashQueue }, (_, i) => api.server.ctx.hashes.run(() => held, 1_000_000 + i)),
  ];
  return async () => {
    open();
    await Promise.all(tasks);
  };
}

describe('L3: every password hash waits at the hash gate', () => {
  it('answers 503 with Retry-After to own changes, creates and resets when the gate is full, changing nothing', async () => {
    const uploader = await user(api.server, 'uploader');
    const kilnadmin = await user(api.server, 'kilnadmin');
    const name = fresh('gated');
    const release = fillHashGate();
    try {
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => api.server.http.post('/api/user/uploader/update').set(as('uploader')).send({ pass: OWN })),
        api.server.http.post('/api/users').set(as('useradmin')).send({ username: name, role: 1, password: TEMP }),
        api.server.http.put(`/api/users/${kilnadmin.id}`).set(as('useradmin')).send({ password: TEMP }),
        api.server.http.post('/api/user/kilnadmin/update').set(as('useradmin')).send({ pass: TEMP }),
      ]);
      for (const res of answers) {
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.body.message).toMatch(/busy/);
      }
    } finally {
      await release();
    }
    expect((await user(api.server, 'uploader')).password_hash).toBe(uploader.password_hash);
    expect((await user(api.server, 'kilnadmin')).password_hash).toBe(kilnadmin.password_hash);
    expect(await api.server.ctx.data.users.findByUsername(name)).toBeNull();
    // the gate free again, the same own change goes through
    expect((await api.server.http.post('/api/user/uploader/update').set(as('uploader')).send({ pass: OWN })).status).toBe(200);
    api.tokens.uploader = await api.server.login('uploader', OWN);
  });

  it('sheds a burst of concurrent own changes beyond its queue with 503s', async () => {
    const release = fillHashGate();
    let statuses: number[];
    try {
      statuses = (
        await Promise.all(
          Array.from({ length: 24 }, () => api.server.http.post('/api/user/broker/update').set(as('broker')).send({ pass: OWN })),
        )
      ).map((r) => r.status);
    } finally {
      await release();
    }
    expect(statuses).toEqual(Array(24).fill(503));
  });
});

describe("L4 of 2026-12-01: one account's password changes never turn another account's login into 503", () => {
  it('sheds 24 concurrent own changes beyond the account share, while another user logs in with its password each time', async () => {
    const NEWER = 'My-Own-Kiln-88?';
    const changes = Promise.all(
      Array.from({ length: 24 }, () => api.server.http.post('/api/user/broker/update').set(as('broker')).send({ pass: NEWER })),
    );
    const logins = Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 150));
        return (
          await api.server.http
            .post('/api/auth')
            .set('X-Forwarded-For', '192.0.2.90')
            .send({ username: 'kilnadmin', password: DEMO_PASSWORD })
        ).status;
      }),
    );
    const statuses = (await changes).map((r) => r.status);
    expect(await logins).toEqual([200, 200, 200]);
    // a change sent after the first one landed carries a token that change revoked: 401
    expect(
      statuses.every((s) => s === 200 || s === 401 || s === 503),
      statuses.join(' '),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    api.tokens.broker = await api.server.login('broker', NEWER);
  });
});

async function createUser(body: Record<string, unknown>, by: DemoUsername): Promise<User> {
  const res = await api.server.http.post('/api/users').set(as(by)).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as User;
}

/**
 * On PostgreSQL, resolves once some statement of this database waits for a
 * row lock; the embedded store runs a transaction alone, so nothing waits there.
 */
async function someoneWaitsForALock(): Promise<void> {
  const url = api.server.ctx.config.storage.databaseUrl;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()',
      );
      if (Number(rows[0].n) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

describe('S1: the role a user-admin is checked against is the role it changes', () => {
  it.each([
    ['PUT /api/users/{id}', (u: User) => api.server.http.put(`/api/users/${u.id}`).set(as('useradmin')).send({ password: TEMP })],
    [
      'POST /api/user/{username}/update',
      (u: User) => api.server.http.post(`/api/user/${u.username}/update`).set(as('useradmin')).send({ pass: TEMP }),
    ],
    ['DELETE /api/users/{id}', (u: User) => api.server.http.delete(`/api/users/${u.id}`).set(as('useradmin'))],
  ])("refuses a user-admin's %s that waited on a concurrent promotion to super-admin (403), the account untouched", async (_call, send) => {
    const target = await createUser({ username: fresh('rising'), role: 3, password: TEMP }, 'superadmin');
    const stored = await user(api.server, target.username);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let promoted!: () => void;
    const written = new Promise<void>((resolve) => (promoted = resolve));
    // a super-admin's promotion, written but not yet committed
    const promotion = api.server.ctx.data.transaction(async (tx) => {
      await tx.users.update(target.id, { role: 0 });
      promoted();
      await held;
    });
    await written;
    const answer = send(target).then((res) => res);
    await someoneWaitsForALock();
    commit();
    await promotion;
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(await user(api.server, target.username)).toMatchObject({
      role: 0,
      password_hash: stored.password_hash,
      must_change_password: stored.must_change_password,
    });
  });
});

const login = (username: string, password: string) => api.server.http.post('/api/auth').send({ username, password });
const changesOf = async (id: number) => (await api.server.http.get(`/api/users/${id}/changes`).set(as('superadmin'))).body as UserChange[];
const release = (id: number, who: DemoUsername = 'superadmin') => api.server.http.post(`/api/users/${id}/release`).set(as(who));
const ownerOf = async (facilityId: number) => (await api.server.ctx.data.facilities.get(facilityId))!.owner_id;

/** The account can log in only after a super-admin's release, and then must still choose its own password. */
async function expectLockedUntilReleased(account: { id: number; username: string }, password: string): Promise<void> {
  const refused = await login(account.username, password);
  expect(refused.status).toBe(423);
  expect(refused.body.message).toBe(ACCOUNT_LOCKED);
  expect((await release(account.id, 'useradmin')).status).toBe(403);
  expect((await login(account.username, password)).status).toBe(423);
  const released = await release(account.id);
  expect(released.status, JSON.stringify(released.body)).toBe(200);
  expect(released.body).toMatchObject({ locked: false, must_change_password: true });
  expect((await changesOf(account.id))[0]).toMatchObject({
    action: 'release',
    actor_username: 'superadmin',
    detail: { locked: { from: true, to: false } },
  });
  const temp = await login(account.username, password);
  expect(temp.status).toBe(200);
  expect((await api.server.http.get('/api/facilities').set(bearer(temp.text))).status).toBe(428);
  expect((await api.server.http.post(`/api/user/${account.username}/update`).set(bearer(temp.text)).send({ pass: OWN })).status).toBe(200);
  expect((await login(account.username, OWN)).status).toBe(200);
}

describe('M2: a user-admin cannot complete an account of roles 3–5 on its own', () => {
  it.each([3, 4, 5])('locks a role %i account a user-admin creates until a super-admin releases it', async (role) => {
    const facilityAdminIds =
      role === 4 ? { facility_ids: await api.server.ctx.data.facilities.idsOwnedBy((await user(api.server, 'facilityadmin')).id) } : {};
    const body = { username: fresh('ua-made'), role, password: TEMP, ...facilityAdminIds };
    // a facility admin needs facilities, which only a super-admin moves: the user-admin's create is refused whole
    if (role === 4) {
      expect((await api.server.http.post('/api/users').set(as('useradmin')).send(body)).status).toBe(403);
      expect(await api.server.ctx.data.users.findByUsername(body.username)).toBeNull();
      return;
    }
    const created = await createUser(body, 'useradmin');
    expect(created).toMatchObject({ locked: true, must_change_password: true });
    expect((await changesOf(created.id))[0]).toMatchObject({
      action: 'create',
      detail: { role: { from: null, to: role }, locked: { from: false, to: true } },
    });
    await expectLockedUntilReleased(created, TEMP);
  });

  it('leaves an uploader a user-admin creates, and any account a super-admin creates, unlocked', async () => {
    expect((await createUser({ username: fresh('up'), role: 1, password: TEMP }, 'useradmin')).locked).toBe(false);
    expect((await createUser({ username: fresh('br'), role: 5, password: TEMP }, 'superadmin')).locked).toBe(false);
  });

  it('locks an account a user-admin resets (both reset calls) or moves into roles 3–5', async () => {
    const broker = await createUser({ username: fresh('broker'), role: 5, password: TEMP }, 'superadmin');
    const brokerToken = (await login(broker.username, TEMP)).text;
    await api.server.http.post(`/api/user/${broker.username}/update`).set(bearer(brokerToken)).send({ pass: OWN });
    const reset = await api.server.http.put(`/api/users/${broker.id}`).set(as('useradmin')).send({ password: 'Ua-Chosen-2026!x' });
    expect(reset.body).toMatchObject({ locked: true, must_change_password: true });
    expect((await changesOf(broker.id))[0]).toMatchObject({
      action: 'reset_password',
      actor_username: 'useradmin',
      detail: { locked: { from: false, to: true } },
    });
    await expectLockedUntilReleased(broker, 'Ua-Chosen-2026!x');

    expect(
      (await api.server.http.post(`/api/user/${broker.username}/update`).set(as('useradmin')).send({ pass: 'Ua-Chosen-2026!y' })).status,
    ).toBe(200);
    expect((await user(api.server, broker.username)).locked).toBe(true);
    await expectLockedUntilReleased(broker, 'Ua-Chosen-2026!y');

    // an uploader whose password the user-admin knows, then given a kiln file admin's role
    const uploader = await createUser({ username: fresh('up'), role: 1, password: TEMP }, 'useradmin');
    const first = (await login(uploader.username, TEMP)).text;
    expect(
      (await api.server.http.post(`/api/user/${uploader.username}/update`).set(bearer(first)).send({ pass: 'Ua-Knows-2026!z' })).status,
    ).toBe(200);
    const moved = await api.server.http.put(`/api/users/${uploader.id}`).set(as('useradmin')).send({ role: 3 });
    expect(moved.body).toMatchObject({ role: 3, locked: true });
    expect((await changesOf(uploader.id))[0]).toMatchObject({
      action: 'update',
      detail: { role: { from: 1, to: 3 }, locked: { from: false, to: true } },
    });
    expect((await login(uploader.username, 'Ua-Knows-2026!z')).status).toBe(423);
  });

  it('refuses every call of a locked account with 423, whatever token it holds', async () => {
    const account = await createUser({ username: fresh('held'), role: 3, password: TEMP }, 'superadmin');
    const token = (await login(account.username, TEMP)).text;
    await api.server.ctx.data.users.update(account.id, { locked: true });
    for (const call of [
      api.server.http.get('/api/kilnlogs'),
      api.server.http.post(`/api/user/${account.username}/update`).send({ pass: OWN }),
    ]) {
      const res = await call.set(bearer(token));
      expect(res.status).toBe(423);
      expect(res.body.message).toBe(ACCOUNT_LOCKED);
    }
  });

  it('answers 409 releasing an account that is not locked, 404 for none', async () => {
    const kilnadmin = await user(api.server, 'kilnadmin');
    const before = await changesOf(kilnadmin.id);
    expect((await release(kilnadmin.id)).status).toBe(409);
    expect(await changesOf(kilnadmin.id)).toEqual(before);
    expect((await release(99999)).status).toBe(404);
  });
});

describe('M2: facilities change owner only by a super-admin, recorded in both trails', () => {
  it("refuses a user-admin giving a new user the super-admin's facilities (the review's create), nothing stored", async () => {
    const superadmin = await user(api.server, 'superadmin');
    const theirs = (await api.server.ctx.data.facilities.idsOwnedBy(superadmin.id)).sort((a, b) => a - b);
    expect(theirs.length).toBeGreaterThan(0);
    const before = await changesOf(superadmin.id);
    const name = fresh('ua-fa');
    const res = await api.server.http
      .post('/api/users')
      .set(as('useradmin'))
      .send({ username: name, role: 4, password: TEMP, facility_ids: theirs });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Only a super-admin may move a facility from its owner: .*\(superadmin\)/);
    expect(await api.server.ctx.data.users.findByUsername(name)).toBeNull();
    for (const id of theirs) expect(await ownerOf(id)).toBe(superadmin.id);
    expect(await changesOf(superadmin.id)).toEqual(before);
  });

  it("refuses a user-admin moving another facility admin's facility to an existing one, keeping what the user owns", async () => {
    const facilityadmin = await user(api.server, 'facilityadmin');
    const [taken] = await api.server.ctx.data.facilities.idsOwnedBy(facilityadmin.id);
    const fa = await createUser(
      {
        username: fresh('fa'),
        role: 4,
        password: TEMP,
        facility_ids: [(await api.server.ctx.data.facilities.idsOwnedBy((await user(api.server, 'superadmin')).id))[0]],
      },
      'superadmin',
    );
    const res = await api.server.http
      .put(`/api/users/${fa.id}`)
      .set(as('useradmin'))
      .send({ facility_ids: [...fa.facility_ids, taken] });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/\(facilityadmin\)/);
    expect(await ownerOf(taken)).toBe(facilityadmin.id);
    // what the user owns already stays theirs to keep
    expect((await api.server.http.put(`/api/users/${fa.id}`).set(as('useradmin')).send({ facility_ids: fa.facility_ids })).status).toBe(
      200,
    );
  });

  it("records a super-admin's move in the new owner's and the former owner's changes", async () => {
    const facilityadmin = await user(api.server, 'facilityadmin');
    const owned = (await api.server.ctx.data.facilities.idsOwnedBy(facilityadmin.id)).sort((a, b) => a - b);
    const moved = owned[owned.length - 1];
    const fa = await createUser({ username: fresh('fa'), role: 4, password: TEMP, facility_ids: [moved] }, 'superadmin');
    expect(await ownerOf(moved)).toBe(fa.id);
    expect((await changesOf(fa.id))[0]).toMatchObject({
      action: 'create',
      actor_username: 'superadmin',
      detail: { facility_ids: { from: [], to: [moved] } },
    });
    expect((await changesOf(facilityadmin.id))[0]).toMatchObject({
      action: 'update',
      actor_username: 'superadmin',
      detail: { facility_ids: { from: owned, to: owned.filter((id) => id !== moved) } },
    });
    // and back, by an edit: again in both trails
    expect((await api.server.http.put(`/api/users/${facilityadmin.id}`).set(as('superadmin')).send({ facility_ids: owned })).status).toBe(
      200,
    );
    expect((await changesOf(fa.id))[0]).toMatchObject({ action: 'update', detail: { facility_ids: { from: [moved], to: [] } } });
    expect((await changesOf(facilityadmin.id))[0]).toMatchObject({
      action: 'update',
      detail: { facility_ids: { from: owned.filter((id) => id !== moved), to: owned } },
    });
  });
});
