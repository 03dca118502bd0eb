import type { DataStore } from '../store/dataStore';
import type { AuthContext } from './authContext';

/**
 * The facilities a caller reaches when the route's operation limits a facility
 * admin to their own (`ownedFacilitiesOnly` in `src/domain/operations.ts`):
 * the facilities whose owner is the verified token's user; null for every
 * other caller or operation, meaning no facility limit.
 */
export async function facilityScope(auth: AuthContext, data: Pick<DataStore, 'facilities'>): Promise<ReadonlySet<number> | null> {
  if (!auth.ownFacilitiesOnly) return null;
  return new Set(await data.facilities.idsOwnedBy(auth.userId));
}
