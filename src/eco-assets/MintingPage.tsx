import { Page } from '../layout/Page';

/** Eco-Asset Minting (spec §2): a placeholder until its feature replaces this page. */
export default function MintingPage() {
  return <Page title="pages.minting" notBuilt />;
}
