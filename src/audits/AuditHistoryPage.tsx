import { Page } from '../layout/Page';

/** Audit History (spec §2): a placeholder until its feature replaces this page. */
export default function AuditHistoryPage() {
  return <Page title="pages.auditHistory" notBuilt />;
}
