import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { SignJWT } from 'jose';
import { authProvider } from '../../../src/providers/authProvider';
import { decodeSession } from '../../../src/providers/session';
import { rulesForRole } from '../../../src/domain/rules';

const sign = (claims: Record<string, unknown>) =>
  new SignJWT({ role: 4, uid: 9, rules: rulesForRole(4), ver: 0, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('newbie')
    .setExpirationTime('1h')
    .sign(Uint8Array.from(Buffer.from('test-secret-that-is-long-enough-for-hs256')));

describe('a password a user-admin set, in the console', () => {
  it('is read from the token: only the literal true claim asks for a new password', async () => {
    expect(decodeSession(await sign({ must_change_password: true }))?.mustChangePassword).toBe(true);
    expect(decodeSession(await sign({}))).not.toHaveProperty('mustChangePassword');
    expect(decodeSession(await sign({ must_change_password: 'yes' }))).not.toHaveProperty('mustChangePassword');
  });

  it("logs out on the server's 428, so the next login brings a token that says so", async () => {
    await expect(authProvider.checkError(new HttpError('Choose your own password first.', 428))).rejects.toBeDefined();
  });
});
