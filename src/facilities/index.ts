import { lazy } from 'react';
import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { ResourceModule } from '../layout/resourceModule';

/** The spec's route of the screen; its dialogs' URLs are below it. */
export const FACILITIES_PATH = 'facilities';

export const facilities: ResourceModule = {
  name: RESOURCES.facilities,
  path: FACILITIES_PATH,
  list: pageLoader(() => import('./FacilitiesPage')),
  icon: lazy(() => import('@mui/icons-material/Factory')),
  recordRepresentation: 'mnemonic',
};
