import { Page } from '../layout/Page';

/** Kiln Registry (spec §2): a placeholder until its feature replaces this page. */
export default function KilnRegistryPage() {
  return <Page title="pages.kilnRegistry" />;
}
