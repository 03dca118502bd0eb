import type { LoginRequest } from '../../src/domain/api/users';
import { fieldError } from '../http/errors';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The longest username the server accepts (docs/security.md, "Login body"). */
export const MAX_USERNAME_LENGTH = 64;
const MAX_PASSWORD_LENGTH = 256;

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
 * 1–256; anything else, nested or not a string, is a 400.
 */
export function readCredentials(body: unknown): Credentials {
  // checked here rather than by the OpenAPI validator, which runs after authentication
  const { username, password }: Partial<Record<keyof LoginRequest, unknown>> = isRecord(body) ? body : {};
  if (typeof username !== 'string' || username.trim() === '' || username.trim().length > MAX_USERNAME_LENGTH) {
    throw fieldError('username', `username must be a non-empty string of at most ${MAX_USERNAME_LENGTH} characters.`);
  }
  if (typeof password !== 'string' || password === '' || password.length > MAX_PASSWORD_LENGTH) {
    throw fieldError('password', `password must be a non-empty string of at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
  const name = username.trim();
  return { username: name, password, throttleKey: name.normalize('NFKC').toLowerCase().slice(0, MAX_USERNAME_LENGTH) };
}
