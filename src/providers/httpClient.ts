import { fetchUtils } from 'react-admin';
import { getToken } from './session';

/** Where the API lives; the console knows nothing else of the backend (DESIGN §1). */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

export const apiUrl = (path: string): string => `${API_URL}${path}`;

/**
 * fetchJson with the session's bearer token. Failures reject with react-admin's
 * HttpError (status, and the server's `{message}` as message).
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

/** The API call for `path` (e.g. '/changes'), relative to API_URL. */
export const apiFetch = (path: string, options?: fetchUtils.Options) => httpClient(apiUrl(path), options);
