import { lazy } from 'react';
import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { PageModule, ResourceModule } from '../layout/resourceModule';

const STATISTICS_EDIT = { resource: RESOURCES.statistics, action: 'edit' } as const;

/** Admin (route admin): statistics, the buffer share and the Recent Changes list. */
export const admin: PageModule = {
  path: 'admin',
  list: pageLoader(() => import('./AdminPage')),
  access: STATISTICS_EDIT,
};

// the rich-text editor loads only when an entry is opened
const changePages = () => import('./ChangePages');

/** Recent Changes: listed on Home and on Admin, created and edited on Admin's sub-paths. */
export const changes: ResourceModule = {
  name: RESOURCES.changes,
  path: 'admin/changes',
  create: pageLoader(() => changePages().then((m) => ({ default: m.ChangeCreatePage }))),
  edit: pageLoader(() => changePages().then((m) => ({ default: m.ChangeEditPage }))),
  access: STATISTICS_EDIT,
  icon: lazy(() => import('@mui/icons-material/Campaign')),
  recordRepresentation: 'title',
};
