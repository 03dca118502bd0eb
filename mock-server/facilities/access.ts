import { facilityScope } from '../auth/facilityScope';
import type { AuthContext } from '../auth/authContext';
import { notFound } from '../http/errors';
import type { FacilityRecord } from '../store/schema';

/** The facilities the caller may see: all of them, or a facility admin's own. */
export function visibleFacilities(auth: AuthContext, facilities: readonly FacilityRecord[]): FacilityRecord[] {
  const scope = facilityScope(auth, facilities);
  return scope ? facilities.filter((f) => scope.has(f.id)) : [...facilities];
}

/**
 * The facility with this id, if the caller may reach it. Another's facility
 * answers the same 404 as none at all, so a facility admin cannot learn which
 * ids exist elsewhere (docs/security.md).
 */
export function reachableFacility(auth: AuthContext, facilities: readonly FacilityRecord[], id: number): FacilityRecord {
  const scope = facilityScope(auth, facilities);
  const facility = facilities.find((f) => f.id === id && (!scope || scope.has(f.id)));
  if (!facility) throw notFound('No such facility.');
  return facility;
}
