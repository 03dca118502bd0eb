import { facilityScope } from '../auth/facilityScope';
import type { AuthContext } from '../auth/authContext';
import { forbidden, notFound } from '../http/errors';
import type { FacilityRecord } from '../store/schema';

const notYours = () => forbidden('You may only manage the facilities you own.');

/** The facilities the caller may see: all of them, or a facility admin's own. */
export function visibleFacilities(auth: AuthContext, facilities: readonly FacilityRecord[]): FacilityRecord[] {
  const scope = facilityScope(auth, facilities);
  return scope ? facilities.filter((f) => scope.has(f.id)) : [...facilities];
}

/** The facility with this id, if the caller may reach it: 404 when there is none, 403 when it is another's. */
export function reachableFacility(auth: AuthContext, facilities: readonly FacilityRecord[], id: number): FacilityRecord {
  const facility = facilities.find((f) => f.id === id);
  if (!facility) throw notFound('No such facility.');
  const scope = facilityScope(auth, facilities);
  if (scope && !scope.has(facility.id)) throw notYours();
  return facility;
}
