import { Page } from '../layout/Page';

/** Kiln Logs: a placeholder until its feature replaces this page. */
export default function KilnLogsPage() {
  return <Page title="pages.kilnLogs" />;
}
