import { lazy } from 'react';
import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { ResourceModule } from '../layout/resourceModule';

export const facilities: ResourceModule = {
  name: RESOURCES.facilities,
  list: pageLoader(() => import('./FacilitiesPage')),
  icon: lazy(() => import('@mui/icons-material/Factory')),
  recordRepresentation: 'mnemonic',
};
