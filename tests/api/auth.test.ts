import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../mock-server/config';
import { ROLE_RULES } from '../../src/domain/rules';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';
import { makeToken } from '../helpers/tokens';
import { allUsers } from '../helpers/storeAccess';

let server: TestServer;

beforeAll(async () => {
  const defaults = configFromEnv({}).loginThrottle;
  server = await startTestServer({ loginThrottle: { ...defaults, limit: 3, windowMs: 60_000 } });
});
afterAll(() => server.close());

describe('POST /api/auth', () => {
  it('answers 200 with a text/plain HS256 token carrying sub, role, uid, rules and exp', async () => {
    const res = await server.http.post('/api/auth').send({ username: 'facilityadmin', password: 'kiln-demo' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const claims = decodeJwt(res.text);
    expect(claims.sub).toBe('facilityadmin');
    expect(claims.role).toBe(4);
    expect(claims.uid).toBe(5);
    expect(claims.rules).toEqual(ROLE_RULES[4]);
    const ttl = (claims.exp as number) - Math.floor(Date.now() / 1000);
    expect(ttl).toBeGreaterThan(8 * 3600 - 60);
    expect(ttl).toBeLessThanOrEqual(8 * 3600);
  });

  it('answers 401 for a wrong password and for an unknown user alike', async () => {
    const wrong = await server.http.post('/api/auth').send({ username: 'broker', password: 'nope' });
    const unknown = await server.http.post('/api/auth').send({ username: 'nobody', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('answers 400 for a payload without strings', async () => {
    const res = await server.http.post('/api/auth').send({ username: 'broker', password: 42 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/password/);
  });

  it('throttles repeated failures of one client for one username with 429, whether or not it exists, and not the owner elsewhere', async () => {
    const attacker = { 'X-Forwarded-For': '203.0.113.7' };
    for (const username of ['useradmin', 'ghost-user']) {
      for (let i = 0; i < 3; i++) {
        expect((await server.http.post('/api/auth').set(attacker).send({ username, password: 'bad' })).status).toBe(401);
      }
      const blocked = await server.http.post('/api/auth').set(attacker).send({ username, password: 'kiln-demo' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // the owner, from another client, still gets in; another username from the attacker's client too
    expect(
      (await server.http.post('/api/auth').set('X-Forwarded-For', '198.51.100.4').send({ username: 'useradmin', password: 'kiln-demo' }))
        .status,
    ).toBe(200);
    expect((await server.http.post('/api/auth').set(attacker).send({ username: 'broker', password: 'kiln-demo' })).status).toBe(200);
  });

  it('never stores a password in clear', async () => {
    const users = await allUsers(server);
    expect(users).toHaveLength(6);
    for (const u of users) {
      expect(u.password_hash).toMatch(/^scrypt\$/);
      expect(u.password_hash).not.toContain('kiln-demo');
    }
  });
});

describe('token verification on every other call', () => {
  it('401 without a token, with a malformed one, a forged one and an expired one', async () => {
    const forged = await makeToken({ sub: 'superadmin', role: 0, uid: 1 }, { secret: 'another-secret-another-secret-1234' });
    const expired = await makeToken({ sub: 'superadmin', role: 0, uid: 1 }, { expiresAt: Math.floor(Date.now() / 1000) - 10 });
    const cases: Record<string, string> = {
      none: '',
      malformed: 'Bearer not-a-jwt',
      forged: `Bearer ${forged}`,
      expired: `Bearer ${expired}`,
    };
    for (const [name, header] of Object.entries(cases)) {
      const req = server.http.get('/api/changes');
      const res = header ? await req.set('Authorization', header) : await req;
      expect(res.status, name).toBe(401);
      expect(res.body.message, name).toBe('Authentication required.');
    }
  });

  it('401 when the token names a user whose role no longer matches', async () => {
    const token = await makeToken({ sub: 'broker', role: 0, uid: 6 });
    expect((await server.http.get('/api/changes').set(bearer(token))).status).toBe(401);
  });

  it('applies the server role table even if a token claims extra rules', async () => {
    const token = await makeToken({ sub: 'kilnadmin', role: 3, uid: 4, rules: [{ action: 'manage', subject: 'all' }] });
    const res = await server.http.post('/api/user/broker/update').set(bearer(token)).send({ pass: 'Abcdefgh1!xyz' });
    expect(res.status).toBe(403);
  });

  it('GET /api/health needs no token', async () => {
    const res = await server.http.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});
