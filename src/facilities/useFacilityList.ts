import { useGetList } from 'react-admin';
import type { Facility, FacilityListResponse } from '../domain/api/configure';
import { RESOURCES } from '../domain/operations';
import { EVERY_ROW } from '../providers/listedInBrowser';

/**
 * Every facility the user may see with the answer's mnemonics and owner
 * choices (carried as the list's meta): the Facility modal's choices and
 * uniqueness check, and the owner names of the table.
 */
export function useFacilityList() {
  const { data, meta, isPending, error } = useGetList<Facility>(RESOURCES.facilities, { pagination: EVERY_ROW });
  const extra = meta as Omit<FacilityListResponse, 'facilities'> | undefined;
  const list: FacilityListResponse | undefined = data && extra ? { facilities: data, ...extra } : undefined;
  return { list, isPending, error };
}
