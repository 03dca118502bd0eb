import { Page } from '../layout/Page';

/** Archived Kiln Logs: a placeholder until its feature replaces this page. */
export default function ArchivedKilnLogsPage() {
  return <Page title="pages.archivedKilnLogs" />;
}
