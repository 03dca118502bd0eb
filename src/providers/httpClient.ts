import { fetchUtils, HttpError } from 'react-admin';
import { getToken } from './session';

/** Where the API lives; the console knows nothing else of the backend (DESIGN §1). */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

export const apiUrl = (path: string): string => `${API_URL}${path}`;

/**
 * fetchJson with the session's bearer token. Failures reject with react-admin's
 * HttpError (status, and the server's `{message}` as message).
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = withBearer(new Headers(options.headers ?? { Accept: 'application/json' }));
  return fetchUtils.fetchJson(url, { ...options, headers });
}

function withBearer(headers: Headers): Headers {
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * A file from the API (e.g. '/kilnlogs/7/download') with the bearer token: its
 * bytes and the response headers. Failures reject with an HttpError like httpClient's.
 */
export async function apiFetchBlob(path: string): Promise<{ blob: Blob; headers: Headers }> {
  const response = await fetch(apiUrl(path), { headers: withBearer(new Headers()) });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message = (body as { message?: unknown } | null)?.message;
    throw new HttpError(typeof message === 'string' ? message : response.statusText, response.status, body);
  }
  return { blob: await response.blob(), headers: response.headers };
}

/** The API call for `path` (e.g. '/changes'), relative to API_URL. */
export const apiFetch = (path: string, options?: fetchUtils.Options) => httpClient(apiUrl(path), options);
