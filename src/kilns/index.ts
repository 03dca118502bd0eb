import { lazy } from 'react';
import { RESOURCES } from '../domain/operations';
import type { ResourceModule } from '../layout/resourceModule';

export const kilns: ResourceModule = {
  name: RESOURCES.kilns,
  list: () => import('./KilnRegistryPage'),
  icon: lazy(() => import('@mui/icons-material/LocalFireDepartment')),
  recordRepresentation: 'kiln_id',
};
