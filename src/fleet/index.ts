import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { PageModule } from '../layout/resourceModule';

/** Fleet (route fleet): anomalies, the map and trends. */
export const fleet: PageModule = {
  path: 'fleet',
  list: pageLoader(() => import('./FleetPage')),
  access: { resource: RESOURCES.fleet, action: 'list' },
};
