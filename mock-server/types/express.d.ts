import type { AuthContext } from '../auth/authContext';

declare global {
  namespace Express {
    interface Request {
      /** Set by the authenticate middleware from a verified bearer token. */
      auth?: AuthContext;
    }
  }
}

export {};
