import type { Facility, FacilityListResponse } from '../domain/api/configure';
import { ALL_ROWS } from '../providers/listedInBrowser';

/**
 * Every facility the user may see with the answer's mnemonics and owner
 * choices, from the meta of a getList of facilities: the Facility modal's
 * choices and uniqueness check, and the owner names of the table.
 */
export function facilityListOf(meta: unknown): FacilityListResponse | undefined {
  const extra = meta as (Omit<FacilityListResponse, 'facilities'> & { [ALL_ROWS]?: Facility[] }) | undefined;
  const facilities = extra?.[ALL_ROWS];
  return extra && facilities ? { facilities, mnemonics: extra.mnemonics, allowedOwners: extra.allowedOwners } : undefined;
}
