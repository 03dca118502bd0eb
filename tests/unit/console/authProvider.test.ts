import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { makeToken } from '../../helpers/tokens';
import { authProvider } from '../../../src/providers/authProvider';
import { TOKEN_STORAGE_KEY, getToken } from '../../../src/providers/session';

/** sessionStorage for the node environment. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

const respondWith = (response: Response) => {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('authProvider', () => {
  it('logs in with POST /api/auth and stores the plain-text token', async () => {
    const token = await makeToken({ sub: 'kilnadmin', role: 3 });
    const fetchMock = respondWith(new Response(token, { status: 200, headers: { 'Content-Type': 'text/plain' } }));
    await authProvider.login({ username: 'kilnadmin', password: 'kiln-demo' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'kilnadmin', password: 'kiln-demo' }),
    });
    expect(getToken()).toBe(token);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it.each([401, 429, 500, 201])('fails on status %i and stores nothing', async (status) => {
    respondWith(new Response('nope', { status }));
    await expect(authProvider.login({ username: 'a', password: 'b' })).rejects.toThrow();
    expect(getToken()).toBeNull();
  });

  it('fails on a 200 whose body is not a usable token', async () => {
    respondWith(new Response('not a token', { status: 200 }));
    await expect(authProvider.login({ username: 'a', password: 'b' })).rejects.toThrow();
    expect(getToken()).toBeNull();
  });

  it('logs out by clearing the token and sends the user to /home', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, await makeToken());
    await expect(authProvider.logout({})).resolves.toBe('/home');
    expect(getToken()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
  });

  it('logs out on 401 only', async () => {
    await expect(authProvider.checkError(new HttpError('Authentication required.', 401))).rejects.toBeDefined();
    await expect(authProvider.checkError(new HttpError('Forbidden.', 403))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('Oops', 500))).resolves.toBeUndefined();
    // a dependency down (the database, file storage) is no reason to log anyone out
    await expect(
      authProvider.checkError(new HttpError('The database is unavailable at the moment. Please try again shortly.', 503)),
    ).resolves.toBeUndefined();
  });

  it('has no getPermissions (it makes react-admin 5.15 loop, STACK.md)', () => {
    expect(authProvider).not.toHaveProperty('getPermissions');
  });

  it('names the user from the token', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, await makeToken({ sub: 'facilityadmin', role: 4, uid: 5 }));
    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: 'facilityadmin',
      fullName: 'facilityadmin',
      role: 4,
      uid: 5,
    });
  });

  it('answers canAccess from the token rules', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, await makeToken({ role: 4 }));
    await expect(authProvider.canAccess!({ resource: 'kilns', action: 'create' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'users', action: 'list' })).resolves.toBe(false);
    sessionStorage.clear();
    await expect(authProvider.canAccess!({ resource: 'kilns', action: 'list' })).resolves.toBe(false);
  });
});
