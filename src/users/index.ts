import { lazy } from 'react';
import { RESOURCES } from '../domain/operations';
import type { ResourceModule } from '../layout/resourceModule';

/** Users: a react-admin resource whose list, create and edit pages live under the Users screen (/users). */
export const users: ResourceModule = {
  name: RESOURCES.users,
  icon: lazy(() => import('@mui/icons-material/People')),
  recordRepresentation: 'username',
};
