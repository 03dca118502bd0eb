import { Page } from '../layout/Page';

/** Propose Audit (spec §2): a placeholder until its feature replaces this page. */
export default function ProposeAuditPage() {
  return <Page title="pages.proposeAudit" notBuilt />;
}
