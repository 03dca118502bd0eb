/**
 * The one typed client of the Kiln Console API: openapi-fetch over the paths
 * generated from mock-server/openapi.yaml, so a call names its path template,
 * its parameters and its body as the contract does, and its answer has the
 * contract's type. Only src/providers calls it; screens go through the data provider.
 */
import createClient, { type FetchResponse, type Middleware } from 'openapi-fetch';
import { HttpError } from 'react-admin';
import type { paths } from '../domain/api/generated';
import { API_URL } from './apiUrl';
import { getToken } from './session';

/** The session's bearer token on every call; a call whose answer is JSON asks for JSON. */
const session: Middleware = {
  onRequest({ request, options }) {
    // a file (parseAs 'blob') keeps the browser's own Accept, as a download always had
    if (options.parseAs === 'json' && !request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

/** A query as URLSearchParams writes it (a space as '+'), as the console has always sent one; an unset value is left out. */
function searchParams(query: Record<string, unknown>): string {
  const fields = Object.entries(query).flatMap(([name, value]) => (value === undefined || value === null ? [] : [[name, String(value)]]));
  return new URLSearchParams(fields).toString();
}

export const api = createClient<paths>({
  baseUrl: API_URL,
  querySerializer: searchParams,
  // fetch looked up at each call, not when the module loads (a test's fetch is installed later)
  fetch: (request) => globalThis.fetch(request),
});
api.use(session);

type Operation = Record<string | number, unknown>;
type Media = `${string}/${string}`;

/**
 * react-admin's HttpError for a failed call, as fetchUtils.fetchJson makes it:
 * the server's `{message}` (the status text when it has none), the status, and
 * the JSON body, where screens read the field reasons (`body.errors`).
 */
export function httpError(response: Response, error: unknown): HttpError {
  // openapi-fetch hands over the body parsed as JSON, or its text when it is not JSON: fetchJson's body is then undefined
  const body = typeof error === 'string' ? undefined : error;
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  return new HttpError(typeof message === 'string' && message ? message : response.statusText, response.status, body);
}

/** The answer of a call (what openapi-fetch resolves to: T the operation, O the call's options); a status outside 2xx rejects with the HttpError fetchJson would throw. */
export function data<T extends Operation, O, M extends Media>(result: FetchResponse<T, O, M>) {
  if ('error' in result) throw httpError(result.response, result.error);
  return result.data;
}

/** A file the API answers (a call made with `parseAs: 'blob'`): its bytes and the response headers. */
export function file<T extends Operation, O extends { parseAs: 'blob' }, M extends Media>(
  result: FetchResponse<T, O, M>,
): { blob: Blob; headers: Headers } {
  return { blob: data(result), headers: result.response.headers };
}

type Field = string | Blob;

/** A multipart body from its fields, in order: a list is one field per item; a File keeps its name. */
export function formData(fields: Record<string, Field | readonly Field[] | undefined>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) body.append(name, item);
  }
  return body;
}
