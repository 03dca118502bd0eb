import { facilityScope } from '../auth/facilityScope';
import type { AuthContext } from '../auth/authContext';
import { notFound } from '../http/errors';
import type { DataStore } from '../store/dataStore';
import type { FacilityRecord, FacilityRow } from '../store/model';

/** The facilities the caller may see, ordered by mnemonic: all of them, or their own where the route's operation limits them to those. */
export function visibleFacilities(auth: AuthContext, data: Pick<DataStore, 'facilities'>): Promise<FacilityRow[]> {
  return data.facilities.list(auth.ownFacilitiesOnly ? { ownerId: auth.userId } : {});
}

/**
 * The facility with this id, if the caller may reach it. Another's facility
 * answers the same 404 as none at all, so a facility admin cannot learn which
 * ids exist elsewhere (docs/security.md). lock: inside a transaction, its row
 * stays locked until the transaction ends (a check-then-write).
 */
export async function reachableFacility(
  auth: AuthContext,
  data: Pick<DataStore, 'facilities'>,
  id: number,
  options: { lock?: boolean } = {},
): Promise<FacilityRecord> {
  const [facility, scope] = await Promise.all([
    options.lock ? data.facilities.lock(id) : data.facilities.get(id),
    facilityScope(auth, data),
  ]);
  if (!facility || (scope && !scope.has(facility.id))) throw notFound('No such facility.');
  return facility;
}
