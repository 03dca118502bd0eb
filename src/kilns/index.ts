import { lazy } from 'react';
import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { ResourceModule } from '../layout/resourceModule';

export const kilns: ResourceModule = {
  name: RESOURCES.kilns,
  list: pageLoader(() => import('./KilnRegistryPage')),
  icon: lazy(() => import('@mui/icons-material/LocalFireDepartment')),
  recordRepresentation: 'kiln_id',
};
