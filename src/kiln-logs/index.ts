import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { ResourceModule } from '../layout/resourceModule';

const logRepresentation = (log: RaRecord) => `${String(log.kiln_id ?? 'N/A')} · ${String(log.file_name ?? log.id)}`;

export const kilnLogs: ResourceModule = {
  name: RESOURCES.kilnLogs,
  path: 'kiln_logs',
  list: pageLoader(() => import('./KilnLogsPage')),
  // /kiln_logs/{id}: a burn, live or archived, on the list that holds it
  show: pageLoader(() => import('./BurnRedirectPage')),
  icon: lazy(() => import('@mui/icons-material/ReceiptLong')),
  recordRepresentation: logRepresentation,
};

export const archivedKilnLogs: ResourceModule = {
  name: RESOURCES.archivedKilnLogs,
  path: 'archived_kiln_logs',
  list: pageLoader(() => import('./ArchivedKilnLogsPage')),
  icon: lazy(() => import('@mui/icons-material/Inventory2')),
  recordRepresentation: logRepresentation,
};
