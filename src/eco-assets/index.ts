import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { PageModule } from '../layout/resourceModule';

/** Review Eco Assets (route eco-assets/review). */
export const reviewEcoAssets: PageModule = {
  path: 'eco-assets/review',
  list: pageLoader(() => import('./ReviewEcoAssetsPage')),
  access: { resource: RESOURCES.ecoAssets, action: 'list' },
};

/** Minting (route eco-assets/create). */
export const minting: PageModule = {
  path: 'eco-assets/create',
  list: pageLoader(() => import('./MintingPage')),
  access: { resource: RESOURCES.ecoAssets, action: 'create' },
};

/** An eco asset's provenance (/eco-assets/{id}): no menu item, reached from every place an eco asset is shown. */
export const ecoAssetProvenance: PageModule = {
  path: 'eco-assets',
  show: pageLoader(() => import('./ProvenancePage')),
  access: { resource: RESOURCES.ecoAssets, action: 'show' },
};
