import { Page } from '../layout/Page';

/** Review Proposed Logs, the Carbon Removals menu item (spec §2): a placeholder until its feature replaces this page. */
export default function ReviewAuditPage() {
  return <Page title="pages.reviewAudit" notBuilt />;
}
