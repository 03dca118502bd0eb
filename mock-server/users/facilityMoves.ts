import type { AuthContext } from '../auth/authContext';
import { may } from '../auth/may';
import { forbidden } from '../http/errors';
import type { FacilitiesSet, StoreParts } from '../store/dataStore';
import { recordUserChange } from './userChanges';

const byNumber = (a: number, b: number) => a - b;

/**
 * What follows a user's new facility list inside its transaction (security
 * review M2): facilities taken from another owner are refused (403, the whole
 * change undone) unless a super-admin moved them, and each former owner's
 * trail records the loss beside the new owner's.
 */
export async function settleTakenFacilities(tx: StoreParts, auth: AuthContext, taken: FacilitiesSet['taken']): Promise<void> {
  if (taken.length === 0) return;
  if (!may(auth, 'facilities', 'reassign')) {
    const named = await Promise.all(
      taken.map(async ({ id, owner_id }) => {
        const [facility, owner] = await Promise.all([tx.facilities.get(id), tx.users.get(owner_id)]);
        return `${facility?.mnemonic ?? `#${id}`} (${owner?.username ?? `user ${owner_id}`})`;
      }),
    );
    throw forbidden(`Only a super-admin may move a facility from its owner: ${named.join(', ')}.`);
  }
  const lostBy = new Map<number, number[]>();
  for (const { id, owner_id } of taken) lostBy.set(owner_id, [...(lostBy.get(owner_id) ?? []), id]);
  for (const [ownerId, lost] of lostBy) {
    const owner = await tx.users.get(ownerId);
    if (!owner) continue;
    const to = (await tx.facilities.idsOwnedBy(ownerId)).sort(byNumber);
    await recordUserChange(tx, auth, owner, 'update', { facility_ids: { from: [...to, ...lost].sort(byNumber), to } });
  }
}
