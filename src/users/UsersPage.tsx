import { Page } from '../layout/Page';

/** Users: a placeholder until its feature replaces this page. */
export default function UsersPage() {
  return <Page title="pages.users" notBuilt />;
}
