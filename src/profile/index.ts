import { pageLoader } from '../layout/pageLoader';
import type { PageModule } from '../layout/resourceModule';

/** Profile (route profile): one's own password, for every logged-in user. */
export const profile: PageModule = {
  path: 'profile',
  list: pageLoader(() => import('./ProfilePage')),
};
