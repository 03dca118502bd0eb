import { Page } from '../layout/Page';

/** Admin: a placeholder until its feature replaces this page. */
export default function AdminPage() {
  return <Page title="pages.admin" notBuilt />;
}
