import { SignJWT } from 'jose';
import { rulesForRole } from '../../src/domain/rules';

/** Builds tokens for tests: genuine, expired or signed with another key. */
export async function makeToken(
  claims: { sub?: string; role?: number; uid?: number; rules?: unknown; ver?: unknown } = {},
  options: { secret?: string; expiresAt?: number } = {},
): Promise<string> {
  const role = claims.role ?? 3;
  const secret = Uint8Array.from(Buffer.from(options.secret ?? 'test-secret-that-is-long-enough-for-hs256'));
  const jwt = new SignJWT({ role, uid: claims.uid ?? 4, rules: claims.rules ?? rulesForRole(role), ver: claims.ver ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub ?? 'kilnadmin')
    .setIssuedAt();
  jwt.setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 3600);
  return jwt.sign(secret);
}
