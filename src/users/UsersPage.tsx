import { Route, Routes } from 'react-router-dom';
import { Page } from '../layout/Page';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

/** Users (spec §2, route users): the list at /users, a new user at /users/create, one user at /users/{id}. */
export default function UsersPage() {
  return (
    <Page title="pages.users">
      <Routes>
        <Route index element={<UserList />} />
        <Route path="create" element={<UserCreate />} />
        <Route path=":id" element={<UserEdit />} />
      </Routes>
    </Page>
  );
}
