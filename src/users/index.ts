import { lazy } from 'react';
import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { ResourceModule } from '../layout/resourceModule';

// one chunk for the three pages
const usersPages = () => import('./UsersPage');

/** Users: the list, a new user and one user, each a page of its own; the screen is guarded by 'create user' (docs/roles.md#what-each-rule-shows). */
export const users: ResourceModule = {
  name: RESOURCES.users,
  path: 'users',
  list: pageLoader(() => usersPages().then((m) => ({ default: m.UserListPage }))),
  create: pageLoader(() => usersPages().then((m) => ({ default: m.UserCreatePage }))),
  edit: pageLoader(() => usersPages().then((m) => ({ default: m.UserEditPage }))),
  access: { resource: RESOURCES.users, action: 'create' },
  icon: lazy(() => import('@mui/icons-material/People')),
  recordRepresentation: 'username',
};
