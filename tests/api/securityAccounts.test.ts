import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/api/users';
import { loginAll, type DemoUsername } from '../helpers/configure';
import { user } from '../helpers/storeAccess';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * Account administration findings of the 2026-11-25 review (docs/security.md):
 * every password hash goes through the one gate (L3), and a role checked is
 * the role changed (S1).
 */

const TEMP = 'Temp-Pass-2026!';
const OWN = 'My-Own-Kiln-77?';

let server: TestServer;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  server = await startTestServer();
  tokens = await loginAll(server);
});
afterAll(() => server.close());

const as = (who: DemoUsername) => bearer(tokens[who]);
let seq = 0;
const fresh = (prefix: string) => `${prefix}${++seq}`;

/** Takes every slot and queue place of the server's hash gate until the answered function is called. */
function fillHashGate(): () => Promise<void> {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  const { hashConcurrency, hashQueue } = server.ctx.config.loginThrottle;
  const tasks = Array.from({ length: hashConcurrency + hashQueue }, () => server.ctx.hashes.run(() => held));
  return async () => {
    open();
    await Promise.all(tasks);
  };
}

describe('L3: every password hash waits at the hash gate', () => {
  it('answers 503 with Retry-After to own changes, creates and resets when the gate is full, changing nothing', async () => {
    const uploader = await user(server, 'uploader');
    const kilnadmin = await user(server, 'kilnadmin');
    const name = fresh('gated');
    const release = fillHashGate();
    try {
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => server.http.post('/api/user/uploader/update').set(as('uploader')).send({ pass: OWN })),
        server.http.post('/api/users').set(as('useradmin')).send({ username: name, role: 1, password: TEMP }),
        server.http.put(`/api/users/${kilnadmin.id}`).set(as('useradmin')).send({ password: TEMP }),
        server.http.post('/api/user/kilnadmin/update').set(as('useradmin')).send({ pass: TEMP }),
      ]);
      for (const res of answers) {
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.body.message).toMatch(/busy/);
      }
    } finally {
      await release();
    }
    expect((await user(server, 'uploader')).password_hash).toBe(uploader.password_hash);
    expect((await user(server, 'kilnadmin')).password_hash).toBe(kilnadmin.password_hash);
    expect(await server.ctx.data.users.findByUsername(name)).toBeNull();
    // the gate free again, the same own change goes through
    expect((await server.http.post('/api/user/uploader/update').set(as('uploader')).send({ pass: OWN })).status).toBe(200);
    tokens.uploader = await server.login('uploader', OWN);
  });

  it('sheds a burst of concurrent own changes beyond its queue with 503s', async () => {
    const release = fillHashGate();
    let statuses: number[];
    try {
      statuses = (await Promise.all(Array.from({ length: 24 }, () => server.http.post('/api/user/broker/update').set(as('broker')).send({ pass: OWN })))).map(
        (r) => r.status,
      );
    } finally {
      await release();
    }
    expect(statuses).toEqual(Array(24).fill(503));
  });
});

async function createUser(body: Record<string, unknown>, by: DemoUsername): Promise<User> {
  const res = await server.http.post('/api/users').set(as(by)).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as User;
}

/**
 * On PostgreSQL, resolves once some statement of this database waits for a
 * row lock; the embedded store runs a transaction alone, so nothing waits there.
 */
async function someoneWaitsForALock(): Promise<void> {
  const url = server.ctx.config.storage.databaseUrl;
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
    ['PUT /api/users/{id}', (u: User) => server.http.put(`/api/users/${u.id}`).set(as('useradmin')).send({ password: TEMP })],
    ['POST /api/user/{username}/update', (u: User) => server.http.post(`/api/user/${u.username}/update`).set(as('useradmin')).send({ pass: TEMP })],
    ['DELETE /api/users/{id}', (u: User) => server.http.delete(`/api/users/${u.id}`).set(as('useradmin'))],
  ])("refuses a user-admin's %s that waited on a concurrent promotion to super-admin (403), the account untouched", async (_call, send) => {
    const target = await createUser({ username: fresh('rising'), role: 3, password: TEMP }, 'superadmin');
    const stored = await user(server, target.username);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let promoted!: () => void;
    const written = new Promise<void>((resolve) => (promoted = resolve));
    // a super-admin's promotion, written but not yet committed
    const promotion = server.ctx.data.transaction(async (tx) => {
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
    expect(await user(server, target.username)).toMatchObject({ role: 0, password_hash: stored.password_hash, must_change_password: stored.must_change_password });
  });
});
