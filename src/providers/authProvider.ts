/**
 * JWT login against POST /api/auth (docs/product.md#session, docs/product.md#calls). Deliberately no
 * getPermissions: with react-admin 5.15 it makes checkAuth and logout loop
 * (docs/stack.md#no-getpermissions); access goes through canAccess instead.
 */
import type { AuthProvider } from 'react-admin';
import { HOME_PATH } from '../layout/navigation';
import { canAccess } from '../domain/operations';
import { logIn } from './login';
import { clearToken, currentSession } from './session';

export { LoginFailedError, type Credentials } from './login';

// The rejection for "not logged in": keep the current URL, where the layout shows
// the login screen and login returns. `message: false` is required with
// `redirectTo: false`: react-admin 5.15 calls redirectTo?.startsWith() unless the
// message is false, which throws on `false`.
const NOT_LOGGED_IN = { redirectTo: false, message: false } as const;

export const authProvider: AuthProvider = {
  login: logIn,

  // Logout goes to /home (docs/product.md#screens-and-routes), where the layout shows the login screen.
  async logout() {
    clearToken();
    return HOME_PATH;
  },

  async checkAuth() {
    if (!currentSession()) throw NOT_LOGGED_IN;
  },

  // 401: the token is no longer accepted, log out and log in again in place.
  // 428: the password must be replaced first, and this token does not say so: a
  // new login brings one that does (the layout then opens only the password change).
  // 403, 503 (the database or file storage down) and the rest: stay logged in; react-admin shows the server's message.
  async checkError(error: { status?: number } | undefined) {
    if (error?.status === 401 || error?.status === 428) throw NOT_LOGGED_IN;
  },

  async getIdentity() {
    const session = currentSession();
    if (!session) throw NOT_LOGGED_IN;
    return { id: session.username, fullName: session.username, role: session.role, uid: session.uid };
  },

  async canAccess({ resource, action }) {
    return canAccess(currentSession()?.rules, { resource, action });
  },
};
