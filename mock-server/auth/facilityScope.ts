import { ROLES } from '../../src/domain/rules';
import type { FacilityRecord } from '../store/schema';
import type { AuthContext } from './authContext';

/**
 * The facilities a caller's facility-bound rules reach (DESIGN, "Roles and rules"): a facility
 * admin only the facilities they own, decided from the verified token's user;
 * null for every other role, meaning no facility limit.
 */
export function facilityScope(auth: AuthContext, facilities: readonly FacilityRecord[]): ReadonlySet<number> | null {
  if (auth.role !== ROLES.FACILITY_ADMIN) return null;
  return new Set(facilities.filter((f) => f.owner_id === auth.userId).map((f) => f.id));
}
