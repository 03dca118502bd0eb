import type { FacilityRecord } from '../store/schema';
import type { AuthContext } from './authContext';

/**
 * The facilities a caller reaches when the route's operation limits a facility
 * admin to their own (`ownedFacilitiesOnly` in `src/domain/operations.ts`):
 * the facilities whose owner is the verified token's user; null for every
 * other caller or operation, meaning no facility limit.
 */
export function facilityScope(auth: AuthContext, facilities: readonly FacilityRecord[]): ReadonlySet<number> | null {
  if (!auth.ownFacilitiesOnly) return null;
  return new Set(facilities.filter((f) => f.owner_id === auth.userId).map((f) => f.id));
}
