import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUtils, HttpError } from 'react-admin';
import { api, data } from '../../../src/providers/apiClient';
import { json, logInAs, mockFetch } from '../support/renderApp';

afterEach(() => vi.unstubAllGlobals());

const KEYS_URL = '/api/kilns/3/keys';
const listKeys = () => api.GET('/kilns/{id}/keys', { params: { path: { id: 3 } } }).then(data);

/** What a rejection carries that a screen reads. */
async function failureOf(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`Expected an HttpError, got ${String(error)}.`);
  const { name, message, status, body } = error;
  return { name, message, status, body };
}

const answers: [string, () => Response][] = [
  [
    'a 400 with the server sentence and the field reasons',
    () => json({ message: 'Key refused.', errors: { public_key: 'Not Ed25519.' } }, 400),
  ],
  ['a 403 whose JSON has no message', () => new Response(JSON.stringify({ code: 'x' }), { status: 403, statusText: 'Forbidden' })],
  ['a 500 that is not JSON', () => new Response('<h1>oops</h1>', { status: 500, statusText: 'Internal Server Error' })],
  ['a 404 with no body', () => new Response(null, { status: 404, statusText: 'Not Found' })],
  ['a 503 with an empty message', () => new Response(JSON.stringify({ message: '' }), { status: 503, statusText: 'Service Unavailable' })],
];

describe('data(), the answer of a typed call', () => {
  it('is the JSON the server answered, asked for with the bearer token and Accept JSON', async () => {
    await logInAs(3);
    const key = { id: 1, kiln_id: 3, label: 'k' };
    const fetchMock = mockFetch(() => json([key]));
    await expect(listKeys()).resolves.toEqual([key]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(KEYS_URL);
    expect(init?.method).toBe('GET');
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Authorization')).toMatch(/^Bearer ey/);
  });

  it('sends a JSON body as JSON', async () => {
    const fetchMock = mockFetch(() => json({ id: 2 }));
    await api.POST('/kilns/{id}/keys', { params: { path: { id: 3 } }, body: { label: 'k', public_key: 'AAAA' } }).then(data);
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ label: 'k', public_key: 'AAAA' });
  });

  it("rejects a 400 with react-admin's HttpError: the server's message, the status and the body with its field reasons", async () => {
    mockFetch(() => json({ message: 'Key refused.', errors: { public_key: 'Not Ed25519.' } }, 400));
    expect(await failureOf(listKeys())).toEqual({
      name: 'HttpError',
      message: 'Key refused.',
      status: 400,
      body: { message: 'Key refused.', errors: { public_key: 'Not Ed25519.' } },
    });
  });

  it.each(answers)('rejects %s as fetchUtils.fetchJson does', async (_name, answer) => {
    mockFetch(() => answer());
    const typed = await failureOf(listKeys());
    const viaFetchJson = await failureOf(fetchUtils.fetchJson(KEYS_URL));
    expect(typed).toEqual(viaFetchJson);
  });

  it('takes the status text when the server gives no message, and no body when it is not JSON', async () => {
    mockFetch(() => new Response('<h1>oops</h1>', { status: 500, statusText: 'Internal Server Error' }));
    // HttpError keeps a missing body as null
    expect(await failureOf(listKeys())).toEqual({ name: 'HttpError', message: 'Internal Server Error', status: 500, body: null });
  });
});
