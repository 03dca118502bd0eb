import type { AuthContext } from '../auth/authContext';
import type { StoreParts } from '../store/dataStore';
import type { UserChangeAction, UserChangeDetail, UserRow } from '../store/model';

/** Records one change to a user, by the caller, now (inside the change's own transaction). */
export function recordUserChange(
  tx: Pick<StoreParts, 'users'>,
  auth: AuthContext,
  user: Pick<UserRow, 'id' | 'username'>,
  action: UserChangeAction,
  detail: UserChangeDetail = {},
) {
  return tx.users.recordChange({
    user_id: user.id,
    username: user.username,
    actor_id: auth.userId,
    actor_username: auth.username,
    action,
    detail,
    ts: new Date().toISOString(),
  });
}
