/** A user as db.json held it before token versions, forced password changes and locks (UserRow adds them). */
export interface UserRecord {
  id: number;
  username: string;
  role: number;
  /** scrypt hash, see auth/passwords.ts; never leaves the server */
  password_hash: string;
  facility_ids: number[];
  created_ts: string;
  last_login_ts: string | null;
  /**
   * Raised on every password change, role change or deletion; a token carrying
   * an older version is refused (docs/security.md, "Token revocation").
   * Absent in stores written before it existed, meaning 0.
   */
  token_version?: number;
}

/** A user; token_version grows on every password or role change, so older tokens are refused. */
export interface UserRow extends UserRecord {
  token_version: number;
  /** the password was set by a user-admin (a new user, a reset): the user must choose their own before anything else */
  must_change_password: boolean;
  /** a user-admin created, reset or gave a role of 3–5 to this account: no login until a super-admin releases it */
  locked: boolean;
}

/** What one change to a user did: each changed field's value before and after; never a password. */
export interface UserChangeDetail {
  role?: { from: number | null; to: number | null };
  facility_ids?: { from: number[]; to: number[] };
  /** the account was locked until a super-admin's release, or released */
  locked?: { from: boolean; to: boolean };
}

export const USER_CHANGE_ACTIONS = ['create', 'update', 'reset_password', 'change_password', 'delete', 'release'] as const;

export type UserChangeAction = (typeof USER_CHANGE_ACTIONS)[number];

/** One change to a user: who made it, what it did, when. Kept after the user is deleted. */
export interface UserChangeRecord {
  id: number;
  user_id: number;
  /** the changed user's name at the time */
  username: string;
  actor_id: number | null;
  actor_username: string;
  action: UserChangeAction;
  detail: UserChangeDetail;
  ts: string;
}
