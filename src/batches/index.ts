import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { ResourceModule } from '../layout/resourceModule';

/** Batches (route batches): the production batches, and a batch's page at batches/{id}. */
export const batches: ResourceModule = {
  name: RESOURCES.batches,
  path: 'batches',
  list: pageLoader(() => import('./BatchesPage')),
  show: pageLoader(() => import('./BatchPage')),
  icon: lazy(() => import('@mui/icons-material/Inventory')),
  recordRepresentation: (batch: RaRecord) => String(batch.label ?? batch.id),
};
