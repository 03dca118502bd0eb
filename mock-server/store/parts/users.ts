import type { ListPage, Page } from '../paging';
import type { UserChangeRecord, UserRow } from '../model';

export type NewUser = Omit<UserRow, 'id' | 'token_version' | 'last_login_ts' | 'must_change_password' | 'locked'> & {
  must_change_password?: boolean;
  locked?: boolean;
};
export type UserPatch = Partial<Pick<UserRow, 'username' | 'role' | 'password_hash' | 'facility_ids' | 'must_change_password' | 'locked'>>;
export type NewUserChange = Omit<UserChangeRecord, 'id'>;
export interface FacilitiesSet {
  before: number[];
  after: number[];
  taken: { id: number; owner_id: number }[];
}
export const USER_SORT_FIELDS = ['id', 'username', 'role', 'created_ts', 'last_login_ts'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export interface UserFilter {
  ids?: number[];
  role?: number;
  /** lower-cased text within the username */
  q?: string;
}

export interface UserStore {
  get(id: number): Promise<UserRow | null>;
  /** exact username (usernames are unique case-insensitively) */
  findByUsername(username: string): Promise<UserRow | null>;
  /**
   * The user as it stands, unchangeable by anyone else until the caller's
   * transaction ends (PostgreSQL: the super-admins' rows, then the user's,
   * the order update and delete take them), so a role checked on the answer
   * still holds at the write (security review S1). Call it inside transaction().
   */
  lock(id: number): Promise<UserRow | null>;
  list(filter: UserFilter, page: ListPage & { sort: { field: UserSortField } }): Promise<Page<UserRow>>;
  /** users with one of these roles (owner choices) */
  withRoles(roles: readonly number[]): Promise<UserRow[]>;
  /** 409 when the username is taken (case-insensitively) */
  create(user: NewUser): Promise<UserRow>;
  /**
   * A change of password or role raises token_version; 409 on a taken username,
   * and on moving the last super-admin to another role. A user leaving the
   * roles that own facilities (0, 4) hands theirs to the oldest other super-admin.
   */
  update(id: number, patch: UserPatch): Promise<UserRow | null>;
  recordLogin(id: number, ts: string): Promise<void>;
  /** 409 for the last super-admin; the user's facilities go to the oldest other super-admin */
  delete(id: number): Promise<boolean>;
  count(): Promise<number>;
  /**
   * Makes the user the owner of exactly these facilities (a facility admin's
   * reach); those they owned before and no longer do go to the oldest other
   * super-admin. 400 naming an unknown facility; null for an unknown user.
   * `taken`: the facilities it moved from another owner, as they were.
   */
  setFacilities(id: number, facilityIds: readonly number[]): Promise<FacilitiesSet | null>;
  /** records one change to a user (who, what, when) */
  recordChange(change: NewUserChange): Promise<UserChangeRecord>;
  /** the changes to one user, newest first */
  changesOf(userId: number): Promise<UserChangeRecord[]>;
}
