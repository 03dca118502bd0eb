import type { Request, RequestHandler } from 'express';
import { ACCOUNT_LOCKED } from '../../src/domain/accountRelease';
import { canAccess, limitedToOwnFacilities, type AccessRequest } from '../../src/domain/operations';
import { rulesForRole } from '../../src/domain/rules';
import { HttpError, forbidden } from '../http/errors';
import type { DataStore } from '../store/dataStore';
import { hasKilnSignature, isSignedUpload } from '../kilnlogs/signedUpload';
import { tokenVersion, type TokenClaims, type TokenService } from './tokens';

const unauthorized = () => new HttpError(401, 'Authentication required.');

/** 428: the one call a user with a temporary password may make is choosing their own. */
export const PASSWORD_CHANGE_REQUIRED = 'Choose your own password first: the one you logged in with was set by a user admin.';

function isOwnPasswordChange(req: Request, username: string): boolean {
  const m = /^\/user\/([^/]+)\/update$/.exec(req.path);
  if (req.method !== 'POST' || !m) return false;
  try {
    return decodeURIComponent(m[1]) === username;
  } catch {
    return false;
  }
}

/**
 * Verifies the bearer token (401 when missing, malformed, forged or expired)
 * and that it still names an existing user whose role matches and whose
 * tokens have not been revoked since it was issued. A locked account (waiting
 * for a super-admin's release) is refused with 423; a user whose password a
 * user-admin set may only choose their own (428 for anything else). The rules
 * applied are the server's table for that role, not whatever the token says.
 */
export function authenticate(tokens: TokenService, data: DataStore): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization') ?? '';
    // a kiln's signed upload carries its key instead of a token: the upload checks it (kilnlogs/signedUpload.ts)
    if (!header && isSignedUpload(req)) return next();
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header);
    if (!match) return next(unauthorized());
    let claims: TokenClaims;
    try {
      claims = await tokens.verify(match[1]);
    } catch {
      return next(unauthorized());
    }
    // a store that cannot answer is not the caller's fault: its error goes on (a 503), never a 401 that logs the console out
    const user = await data.users.findByUsername(claims.sub);
    // one comparison per request: a token older than the user's last password or role change is refused
    if (!user || user.id !== claims.uid || user.role !== claims.role || claims.ver !== tokenVersion(user)) return next(unauthorized());
    if (user.locked) return next(new HttpError(423, ACCOUNT_LOCKED));
    if (user.must_change_password && !isOwnPasswordChange(req, user.username)) return next(new HttpError(428, PASSWORD_CHANGE_REQUIRED));
    req.auth = { userId: user.id, username: user.username, role: user.role, rules: rulesForRole(user.role) };
    next();
  };
}

/**
 * 403 unless the caller's rules allow the operation, looked up in the one
 * operation table the console asks too (`src/domain/operations.ts`); it also
 * records whether the operation limits a facility admin to their own facilities.
 */
export function requireOperation(request: AccessRequest): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) return next(unauthorized());
    if (!canAccess(req.auth.rules, request)) return next(forbidden());
    req.auth.ownFacilitiesOnly = limitedToOwnFacilities(req.auth.role, request);
    next();
  };
}

/**
 * The guard of an operation (http/mountOperations.ts): its entry's rule. An
 * operation that takes no token too (a kiln's signed upload) lets a request
 * carrying a kiln signature through, with or without a token: the handler
 * checks the signature.
 */
export function operationGuard(request: AccessRequest, tokenOptional: boolean): RequestHandler {
  const guard = requireOperation(request);
  return tokenOptional ? (req, res, next) => (hasKilnSignature(req) ? next() : guard(req, res, next)) : guard;
}
