import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readCredentials } from '../../../mock-server/auth/credentials';
import { PROJECT_ROOT } from '../../../mock-server/config';
import { passwordProblem } from '../../../mock-server/users/passwordPolicy';
import { canUpdatePassword, isStrongEnough, MEDIUM_LENGTH, PASSWORD_MAX_LENGTH } from '../../../src/domain/passwordStrength';
import { passwordError, USERNAME_MAX_LENGTH } from '../../../src/domain/userValidation';

/**
 * One password policy (src/domain/passwordStrength.ts): the profile's
 * Update Password, the Users screen's forms, the server's password change,
 * its user create and reset, its login body and the contract take the same
 * passwords and refuse the same.
 */

const strong = (length: number) => 'Aa1!'.padEnd(length, 'x');
const SAMPLES = [
  '',
  'abcdefg1',
  'abcdefgh12',
  strong(MEDIUM_LENGTH - 1),
  strong(MEDIUM_LENGTH),
  strong(12),
  strong(PASSWORD_MAX_LENGTH),
  strong(PASSWORD_MAX_LENGTH + 1),
  'Ää1!Ää1!Ää',
];

describe('the password policy', () => {
  it.each(SAMPLES)('is one for the console and the server: %j', (password) => {
    const settable = password.length <= PASSWORD_MAX_LENGTH && isStrongEnough(password);
    expect(passwordProblem(password) === null).toBe(settable);
    expect(passwordError(password) === undefined).toBe(settable);
    // the profile's button does not check the length: the server answers it
    expect(canUpdatePassword(password, password)).toBe(isStrongEnough(password));
  });

  it('takes at login every password a user may have, and the longest username', () => {
    expect(readCredentials({ username: 'u'.repeat(USERNAME_MAX_LENGTH), password: strong(PASSWORD_MAX_LENGTH) }).password).toHaveLength(
      PASSWORD_MAX_LENGTH,
    );
    expect(() => readCredentials({ username: 'u', password: strong(PASSWORD_MAX_LENGTH + 1) })).toThrow(
      `at most ${PASSWORD_MAX_LENGTH} characters`,
    );
    expect(() => readCredentials({ username: 'u'.repeat(USERNAME_MAX_LENGTH + 1), password: 'p' })).toThrow(
      `at most ${USERNAME_MAX_LENGTH} characters`,
    );
  });

  it('names its lengths in the server answer and in the contract', () => {
    expect(passwordProblem(strong(MEDIUM_LENGTH - 1))).toContain(`at least ${MEDIUM_LENGTH} characters`);
    const found: Record<string, number[]> = { password: [], pass: [], username: [] };
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== 'object' || node === null) return;
      const properties = (node as { properties?: Record<string, { maxLength?: number }> }).properties;
      for (const name of Object.keys(found)) {
        const maxLength = properties?.[name]?.maxLength;
        if (maxLength !== undefined) found[name].push(maxLength);
      }
      Object.values(node).forEach(walk);
    };
    walk(parse(fs.readFileSync(path.join(PROJECT_ROOT, 'mock-server', 'openapi.yaml'), 'utf8')));
    expect(found.password.length + found.pass.length).toBeGreaterThanOrEqual(3);
    for (const maxLength of [...found.password, ...found.pass]) expect(maxLength).toBe(PASSWORD_MAX_LENGTH);
    expect(found.username.length).toBeGreaterThanOrEqual(2);
    for (const maxLength of found.username) expect(maxLength).toBe(USERNAME_MAX_LENGTH);
  });
});
