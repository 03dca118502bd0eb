import { apiUrl } from './apiUrl';
import { decodeSession, setToken } from './session';

/**
 * Logging in, apart from react-admin: the login screen shown before the
 * console has loaded calls it directly, react-admin's authProvider.login is it.
 */

export interface Credentials {
  username: string;
  password: string;
}

export class LoginFailedError extends Error {
  override name = 'LoginFailedError';
}

/** POST /api/auth; stores the token, or rejects with LoginFailedError. */
export async function logIn({ username, password }: Credentials): Promise<void> {
  const response = await fetch(apiUrl('/auth'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new LoginFailedError(`Login refused with status ${response.status}.`);
  const token = (await response.text()).trim();
  // decodeSession throws on a token that does not parse; null means unusable claims
  if (!decodeSession(token)) throw new LoginFailedError('The server answered a token without a usable session.');
  setToken(token);
}
