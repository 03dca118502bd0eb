import FacilityIcon from '@mui/icons-material/Factory';
import { RESOURCES } from '../domain/operations';
import type { ResourceModule } from '../layout/resourceModule';

export const facilities: ResourceModule = {
  name: RESOURCES.facilities,
  list: () => import('./FacilitiesPage'),
  icon: FacilityIcon,
  recordRepresentation: 'mnemonic',
};
