import type { LoginRequest } from '../../src/domain/api/users';
import { PASSWORD_MAX_LENGTH } from '../../src/domain/passwordStrength';
import { USERNAME_MAX_LENGTH } from '../../src/domain/userValidation';
import { fieldError } from '../http/errors';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface Credentials {
  /** as typed, trimmed: what the user record is matched against */
  username: string;
  password: string;
  /** the normalised name throttles key on: NFKC, lower case, at most 64 characters */
  throttleKey: string;
}

/**
 * The login body checked before anything else reads it (the throttles key on
 * the name): two strings, a username of 1–64 characters and a password of
 * 1–256, the longest a user may have (docs/security.md, "Login body");
 * anything else, nested or not a string, is a 400.
 */
export function readCredentials(body: unknown): Credentials {
  // checked here rather than by the OpenAPI validator, which runs after authentication
  const { username, password }: Partial<Record<keyof LoginRequest, unknown>> = isRecord(body) ? body : {};
  if (typeof username !== 'string' || username.trim() === '' || username.trim().length > USERNAME_MAX_LENGTH) {
    throw fieldError('username', `username must be a non-empty string of at most ${USERNAME_MAX_LENGTH} characters.`);
  }
  if (typeof password !== 'string' || password === '' || password.length > PASSWORD_MAX_LENGTH) {
    throw fieldError('password', `password must be a non-empty string of at most ${PASSWORD_MAX_LENGTH} characters.`);
  }
  const name = username.trim();
  return { username: name, password, throttleKey: name.normalize('NFKC').toLowerCase().slice(0, USERNAME_MAX_LENGTH) };
}
