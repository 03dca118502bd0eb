import KilnIcon from '@mui/icons-material/LocalFireDepartment';
import { RESOURCES } from '../domain/operations';
import type { ResourceModule } from '../layout/resourceModule';

export const kilns: ResourceModule = {
  name: RESOURCES.kilns,
  list: () => import('./KilnRegistryPage'),
  icon: KilnIcon,
  recordRepresentation: 'kiln_id',
};
