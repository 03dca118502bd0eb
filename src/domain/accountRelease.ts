/**
 * The second person on a handed-over password (security review M2): whoever
 * sets a password knows it, so an account of roles 3–5 that a user-admin
 * creates, resets or gives such a role stays locked until a super-admin
 * releases it. Shared by the API server and the Users screen's hints.
 */
import { ROLES } from './rules';

/** the roles a user-admin cannot hand over alone: kiln file admin, facility admin, eco-asset broker */
export const RELEASED_ROLES: readonly number[] = [ROLES.KILN_FILE_ADMIN, ROLES.FACILITY_ADMIN, ROLES.ECO_ASSET_BROKER];

export interface AccountChange {
  /** the account's role after the change */
  role: number;
  /** its role before; null for a new account */
  roleBefore: number | null;
  /** the change sets the password */
  setsPassword: boolean;
}

/**
 * Whether a change leaves the account locked until a super-admin releases it; `actorReleases`: the one
 * making it may release accounts (the operation table's `users.release`), so no second person is missing.
 */
export function needsRelease(actorReleases: boolean, change: AccountChange): boolean {
  if (actorReleases || !RELEASED_ROLES.includes(change.role)) return false;
  return change.setsPassword || change.role !== change.roleBefore;
}

/** What a locked account hears at login and on every call (423). */
export const ACCOUNT_LOCKED =
  'This account waits for a super-admin to release it: a user admin set its password or role. Ask a super-admin to release it, then log in.';
