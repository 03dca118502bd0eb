import type { Generated } from 'kysely';
import type { UserChangeDetail, UserChangeRecord, UserRow } from '../../model';
import type { Columns, Id, Json } from './columns';

export type UsersTable = Columns<
  UserRow,
  { id: Id; token_version: Generated<number>; must_change_password: Generated<boolean>; locked: Generated<boolean> }
>;

export type UserChangesTable = Columns<UserChangeRecord, { id: Id; detail: Json<UserChangeDetail> }>;
