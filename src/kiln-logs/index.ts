import KilnLogIcon from '@mui/icons-material/ReceiptLong';
import ArchivedIcon from '@mui/icons-material/Inventory2';
import type { RaRecord } from 'react-admin';
import { RESOURCES } from '../domain/operations';
import type { ResourceModule } from '../layout/resourceModule';

const logRepresentation = (log: RaRecord) => `${String(log.kiln_id ?? 'N/A')} · ${String(log.file_name ?? log.id)}`;

export const kilnLogs: ResourceModule = {
  name: RESOURCES.kilnLogs,
  list: () => import('./KilnLogsPage'),
  icon: KilnLogIcon,
  recordRepresentation: logRepresentation,
};

export const archivedKilnLogs: ResourceModule = {
  name: RESOURCES.archivedKilnLogs,
  list: () => import('./ArchivedKilnLogsPage'),
  icon: ArchivedIcon,
  recordRepresentation: logRepresentation,
};
