import { pageLoader } from '../layout/pageLoader';
import type { PageModule } from '../layout/resourceModule';
import { prefetchRecentChanges } from './recentChangesFetch';

/** Home (route home): the welcome and Recent Changes, for every logged-in user. */
export const home: PageModule = {
  path: 'home',
  list: pageLoader(() => import('./HomePage')),
  prefetch: prefetchRecentChanges,
};
