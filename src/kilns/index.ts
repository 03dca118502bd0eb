import { lazy } from 'react';
import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { ResourceModule } from '../layout/resourceModule';

/** The spec's route of the screen; its dialogs' URLs are below it. */
export const KILN_REGISTRY_PATH = 'kiln_reg';

export const kilns: ResourceModule = {
  name: RESOURCES.kilns,
  path: KILN_REGISTRY_PATH,
  list: pageLoader(() => import('./KilnRegistryPage')),
  icon: lazy(() => import('@mui/icons-material/LocalFireDepartment')),
  recordRepresentation: 'kiln_id',
};
