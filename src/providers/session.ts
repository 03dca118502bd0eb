/**
 * The login token and what it says (docs/product.md#session). No React here: the
 * authProvider, the HTTP client and the useSession hook all read through it.
 */
import { jwtDecode } from 'jwt-decode';
import { isFacilityBound, type Rule } from '../domain/rules';

export const TOKEN_STORAGE_KEY = 'token';

/** A token that is not a decodable JWT with a JSON object payload. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export interface Session {
  username: string;
  role: number;
  rules: Rule[];
  /** The user's numeric id; role 4 sends it as the `uid` query parameter. */
  uid?: number;
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** The password was set by a user-admin: only choosing one's own is open until then. */
  mustChangePassword?: true;
}

type Claims = Record<string, unknown>;

function isRule(value: unknown): value is Rule {
  const r = value as Partial<Rule> | null;
  return typeof r?.action === 'string' && typeof r.subject === 'string';
}

/**
 * The session a token grants at `now` (ms), or null when it lacks sub or role
 * or has expired. Throws InvalidTokenError when the token does not parse.
 */
export function decodeSession(token: string, now: number = Date.now()): Session | null {
  let claims: unknown;
  try {
    claims = jwtDecode<Claims>(token);
  } catch (cause) {
    throw new InvalidTokenError('The login token cannot be decoded.', { cause });
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new InvalidTokenError('The login token carries no claims.');
  }
  const { sub, role, rules, uid, exp, must_change_password } = claims as Claims;
  if (typeof sub !== 'string' || sub === '' || typeof role !== 'number' || !Number.isFinite(role)) return null;
  if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 <= now)) return null;
  return {
    username: sub,
    role,
    rules: Array.isArray(rules) ? rules.filter(isRule) : [],
    ...(typeof uid === 'number' ? { uid } : {}),
    ...(typeof exp === 'number' ? { exp } : {}),
    ...(must_change_password === true ? { mustChangePassword: true as const } : {}),
  };
}

const listeners = new Set<() => void>();

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_STORAGE_KEY);
}

export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
  listeners.forEach((listener) => listener());
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

/** Called whenever this tab stores or clears the token; returns the unsubscribe function. */
export function subscribeToToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session of the stored token; a missing, expired or unparsable token is no session. */
export function sessionFromToken(token: string | null, now: number = Date.now()): Session | null {
  if (!token) return null;
  try {
    return decodeSession(token, now);
  } catch (error) {
    if (error instanceof InvalidTokenError) return null;
    throw error;
  }
}

export const currentSession = (now?: number): Session | null => sessionFromToken(getToken(), now);

/** The `uid` query value (docs/roles.md#facility-scope): a facility admin (role 4) sends their user id, everyone else an empty one. */
export function uidQueryValue(session: Session | null): string {
  return session && isFacilityBound(session.role) && session.uid !== undefined ? String(session.uid) : '';
}
