import { describe, expect, it } from 'vitest';
import { hashPassword, OWASP_SCRYPT_FLOOR, verifyPassword } from '../../../mock-server/auth/passwords';
import { configFromEnv } from '../../../mock-server/config';

describe('the password hash cost', () => {
  it("is OWASP's scrypt floor on every server the environment configures, whatever it names", () => {
    expect(OWASP_SCRYPT_FLOOR).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(configFromEnv({}).passwordHashCost).toEqual(OWASP_SCRYPT_FLOOR);
    expect(configFromEnv({ SCRYPT_N: '1024', PASSWORD_HASH_COST: '1' }).passwordHashCost).toEqual(OWASP_SCRYPT_FLOOR);
  });

  it('is written into each hash, and a check uses the cost the hash names', async () => {
    const cheap = { N: 2 ** 10, r: 8, p: 1 };
    const stored = await hashPassword('Kiln-Demo-2026!', cheap);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('Kiln-Demo-2026!', stored)).toBe(true);
    expect(await verifyPassword('Kiln-Demo-2026?', stored)).toBe(false);
  });
});
