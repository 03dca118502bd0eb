import { apiUrl } from './apiUrl';
import { decodeSession, setToken } from './session';

/**
 * Logging in, apart from react-admin: the login screen shown before the
 * console has loaded calls it directly, react-admin's authProvider.login is it.
 * A plain fetch, not the typed client (apiClient.ts): the answer is the token
 * as text, and the login screen's bundle stays free of the API client.
 */

export interface Credentials {
  username: string;
  password: string;
}

export class LoginFailedError extends Error {
  override name = 'LoginFailedError';
  constructor(
    message: string,
    /** the server's own words when the refusal is not about the credentials (423: a locked account; 503: the database is down), shown instead of the usual text */
    readonly serverText?: string,
  ) {
    super(message);
  }
}

/** Refusals not about the credentials, whose message says what to do: 423 a locked account, 503 the database down. */
const SERVER_WORDS = new Set([423, 503]);

/** The `{message}` of a JSON answer, if it has one. */
async function messageOf(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => null);
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/** POST /api/auth; stores the token, or rejects with LoginFailedError. */
export async function logIn({ username, password }: Credentials): Promise<void> {
  const response = await fetch(apiUrl('/auth'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) {
    throw new LoginFailedError(
      `Login refused with status ${response.status}.`,
      SERVER_WORDS.has(response.status) ? await messageOf(response) : undefined,
    );
  }
  const token = (await response.text()).trim();
  // decodeSession throws on a token that does not parse; null means unusable claims
  if (!decodeSession(token)) throw new LoginFailedError('The server answered a token without a usable session.');
  setToken(token);
}
