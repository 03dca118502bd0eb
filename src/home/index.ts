import { lazy } from 'react';
import { RESOURCES } from '../domain/operations';
import type { ResourceModule } from '../layout/resourceModule';

/** Home's Recent Changes: a resource listed inside Home, not a screen of its own. */
export const changes: ResourceModule = {
  name: RESOURCES.changes,
  icon: lazy(() => import('@mui/icons-material/Campaign')),
  recordRepresentation: 'title',
};
