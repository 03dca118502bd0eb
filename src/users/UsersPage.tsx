import { Page } from '../layout/Page';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

/** Users (docs/product.md#screens-and-routes, route users): the list at /users, a new user at /users/create, one user at /users/{id}; routed by the users module. */
export function UserListPage() {
  return (
    <Page title="pages.users">
      <UserList />
    </Page>
  );
}

export function UserCreatePage() {
  return (
    <Page title="pages.users">
      <UserCreate />
    </Page>
  );
}

export function UserEditPage() {
  return (
    <Page title="pages.users">
      <UserEdit />
    </Page>
  );
}
