import type { Generated } from 'kysely';
import type { UserChangeAction, UserChangeDetail } from '../../model';
import type { Id, Json } from './columns';

export interface UsersTable {
  id: Id;
  username: string;
  role: number;
  password_hash: string;
  facility_ids: number[];
  created_ts: string;
  last_login_ts: string | null;
  token_version: Generated<number>;
  must_change_password: Generated<boolean>;
  locked: Generated<boolean>;
}

export interface UserChangesTable {
  id: Id;
  user_id: number;
  username: string;
  actor_id: number | null;
  actor_username: string;
  action: UserChangeAction;
  detail: Json<UserChangeDetail>;
  ts: string;
}
