import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';
import { user } from '../helpers/storeAccess';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const STRONG = 'Kiln-Burn-2026!';

describe('POST /api/user/{username}/update', () => {
  it('lets a user change their own password, then log in with it and not the old one', async () => {
    const token = await server.login('broker');
    const res = await server.http.post('/api/user/broker/update').set(bearer(token)).send({ pass: STRONG });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1 });
    expect((await server.http.post('/api/auth').send({ username: 'broker', password: STRONG })).status).toBe(200);
    expect((await server.http.post('/api/auth').send({ username: 'broker', password: 'kiln-demo' })).status).toBe(401);
  });

  it("refuses another user's name with 403 and leaves that password unchanged", async () => {
    const token = await server.login('kilnadmin');
    const before = (await user(server, 'uploader')).password_hash;
    const res = await server.http.post('/api/user/uploader/update').set(bearer(token)).send({ pass: STRONG });
    expect(res.status).toBe(403);
    expect((await user(server, 'uploader')).password_hash).toBe(before);
  });

  it("lets a user-admin change anyone's password", async () => {
    const token = await server.login('useradmin');
    const res = await server.http.post('/api/user/uploader/update').set(bearer(token)).send({ pass: STRONG });
    expect(res.status).toBe(200);
    expect((await server.http.post('/api/auth').send({ username: 'uploader', password: STRONG })).status).toBe(200);
  });

  it('answers 404 for an unknown user (user-admin)', async () => {
    const token = await server.login('useradmin');
    expect((await server.http.post('/api/user/nobody/update').set(bearer(token)).send({ pass: STRONG })).status).toBe(404);
  });

  it.each([
    ['empty', { pass: '' }],
    ['not a string', { pass: 12345678901 }],
    ['missing', {}],
    ['too weak', { pass: 'password12' }],
    ['unknown field', { pass: STRONG, role: 0 }],
  ])('answers 400 with a message for a %s pass, storing nothing', async (_name, body) => {
    const token = await server.login('superadmin');
    const before = (await user(server, 'superadmin')).password_hash;
    const res = await server.http.post('/api/user/superadmin/update').set(bearer(token)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/pass|role/);
    expect((await user(server, 'superadmin')).password_hash).toBe(before);
  });
});
