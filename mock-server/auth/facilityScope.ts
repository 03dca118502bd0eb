import { ROLES } from '../../src/domain/rules';
import type { DataStore } from '../store/dataStore';
import type { AuthContext } from './authContext';

/**
 * The facilities a caller's facility-bound rules reach (DESIGN, "Roles and rules"): a facility
 * admin only the facilities they own, decided from the verified token's user;
 * null for every other role, meaning no facility limit.
 */
export async function facilityScope(auth: AuthContext, data: Pick<DataStore, 'facilities'>): Promise<ReadonlySet<number> | null> {
  if (auth.role !== ROLES.FACILITY_ADMIN) return null;
  return new Set(await data.facilities.idsOwnedBy(auth.userId));
}
