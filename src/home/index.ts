import ChangesIcon from '@mui/icons-material/Campaign';
import { RESOURCES } from '../domain/operations';
import type { ResourceModule } from '../layout/resourceModule';

/** Home's Recent Changes: a resource listed inside Home, not a screen of its own. */
export const changes: ResourceModule = {
  name: RESOURCES.changes,
  icon: ChangesIcon,
  recordRepresentation: 'title',
};
