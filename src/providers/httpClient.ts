import { fetchUtils, HttpError } from 'react-admin';
import type { paths } from '../domain/api/generated';
import { API_URL, apiUrl } from './apiUrl';
import { getToken } from './session';

export { API_URL, apiUrl };

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

type JsonCall = 'get' | 'post';

/** The JSON that mock-server/openapi.yaml promises for a call's 200 answer. */
export type ContractAnswer<P extends keyof paths, M extends JsonCall> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer Json } } };
}
  ? Json
  : never;

/**
 * A JSON call named by the contract's path template ('/kilnlogs/{id}'), its
 * `{name}` parts filled from `params`: the answer has the type the contract
 * gives it, so no call site asserts a response type of its own.
 */
export async function callApi<P extends keyof paths, M extends JsonCall>(
  template: P,
  method: M,
  params: Record<string, string | number> = {},
): Promise<ContractAnswer<P, M>> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const { json } = await apiFetch(path, { method: method.toUpperCase() });
  return json;
}
