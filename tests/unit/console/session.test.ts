import { describe, expect, it } from 'vitest';
import { makeToken } from '../../helpers/tokens';
import { InvalidTokenError, decodeSession, sessionFromToken, uidQueryValue } from '../../../src/providers/session';

/** An unsigned JWT: the console decodes claims, it does not verify signatures (the server does). */
function unsignedToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const inAnHour = NOW / 1000 + 3600;

describe('session from the login token (spec §4)', () => {
  it('is logged in with a valid token, exposing username, role, rules and uid', async () => {
    const token = await makeToken({ sub: 'broker', role: 5, uid: 6 });
    const session = decodeSession(token);
    expect(session).toMatchObject({ username: 'broker', role: 5, uid: 6 });
    expect(session?.rules).toContainEqual({ action: 'create', subject: 'eco-asset' });
  });

  it('is not logged in without sub', () => {
    expect(decodeSession(unsignedToken({ role: 3, exp: inAnHour }), NOW)).toBeNull();
  });

  it('is not logged in without role', () => {
    expect(decodeSession(unsignedToken({ sub: 'kilnadmin', exp: inAnHour }), NOW)).toBeNull();
  });

  it('is not logged in with a role that is not a number', () => {
    expect(decodeSession(unsignedToken({ sub: 'kilnadmin', role: 'admin', exp: inAnHour }), NOW)).toBeNull();
  });

  it('treats an expired token as none', () => {
    const expired = unsignedToken({ sub: 'kilnadmin', role: 3, exp: NOW / 1000 - 1 });
    expect(decodeSession(expired, NOW)).toBeNull();
    expect(decodeSession(expired, NOW - 2000)).not.toBeNull();
  });

  it('role 0 is a role: a super-admin token is logged in', () => {
    expect(decodeSession(unsignedToken({ sub: 'superadmin', role: 0, exp: inAnHour }), NOW)?.role).toBe(0);
  });

  it('drops malformed rules and keeps well-formed ones', () => {
    const token = unsignedToken({ sub: 'x', role: 3, rules: [{ action: 'read' }, { action: 'read', subject: 'kiln' }, 7] });
    expect(decodeSession(token, NOW)?.rules).toEqual([{ action: 'read', subject: 'kiln' }]);
  });

  it.each([['garbage'], ['a.b.c'], [''], [unsignedToken({}).replace(/\..*\./, '.bm90IGpzb24.')]])(
    'raises InvalidTokenError for a token that does not parse: %j',
    (token) => {
      expect(() => decodeSession(token, NOW)).toThrow(InvalidTokenError);
    },
  );

  it('raises InvalidTokenError when the payload is JSON but not an object', () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(() => decodeSession(`${part({ alg: 'none' })}.${part(42)}.x`, NOW)).toThrow(InvalidTokenError);
  });

  it('reads a missing or unparsable stored token as no session', () => {
    expect(sessionFromToken(null, NOW)).toBeNull();
    expect(sessionFromToken('garbage', NOW)).toBeNull();
  });

  it('sends uid only for a facility admin (spec §6)', () => {
    expect(uidQueryValue({ username: 'facilityadmin', role: 4, uid: 5, rules: [] })).toBe('5');
    expect(uidQueryValue({ username: 'superadmin', role: 0, uid: 1, rules: [] })).toBe('');
    expect(uidQueryValue(null)).toBe('');
  });
});
