import { Page } from '../layout/Page';

/** Eco-Asset Broker Review (spec §2): a placeholder until its feature replaces this page. */
export default function ReviewEcoAssetsPage() {
  return <Page title="pages.reviewEcoAssets" notBuilt />;
}
