import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { facilityOptionLabel } from '../facilities/facilityOptionLabel';
import type { ApiDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

/** The facilities a facility admin may be given (GET /api/users/facilities), for the inputs and the change record. */
export function useFacilityOptions() {
  const dataProvider = useDataProvider<ApiDataProvider>();
  return useQuery({ queryKey: queryKeys.listUserFacilities, queryFn: () => dataProvider.listUserFacilities() });
}

/** "NKR – name", as every facility picker names it. */
export const facilityLabel = facilityOptionLabel;
