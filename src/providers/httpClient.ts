import { fetchUtils } from 'react-admin';
import { API_URL } from './apiUrl';
import { getToken } from './session';

export { API_URL };

/**
 * fetchJson with the session's bearer token, for ra-data-simple-rest (its own
 * client for the simple-REST resources). Every other call goes through the typed
 * client of apiClient.ts, whose errors are the same HttpError (status, and the
 * server's `{message}` as message).
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}
