import { ROLES } from '../../src/domain/rules';
import { invalid } from './errors';
import type { KilnKeyRecord, UserRecord } from './model';

/** The rule both stores keep for kiln keys: a fingerprint is registered once, across every kiln, revoked or not. */

export const KEY_TAKEN = 'This key is registered already (to this or another kiln): generate a new key pair.';
/** 400 on public_key: the key's fingerprint is registered already. */
export const keyTaken = () => invalid(KEY_TAKEN, { public_key: KEY_TAKEN });

/**
 * The approval a key stored before approval existed gets on upgrade (migration
 * 2026-12-02-0001, and normalise on db.json): the seed's keys and a
 * super-admin's own are approved as of when they were added; any other stays
 * pending.
 */
export function upgradeApproval(
  key: Pick<KilnKeyRecord, 'created_by' | 'created_ts'>,
  users: readonly Pick<UserRecord, 'id' | 'role'>[],
): Pick<KilnKeyRecord, 'approved_ts' | 'approved_by'> {
  if (key.created_by === null) return { approved_ts: key.created_ts, approved_by: null };
  const superAdmin = users.some((u) => u.id === key.created_by && u.role === ROLES.SUPER_ADMIN);
  return superAdmin ? { approved_ts: key.created_ts, approved_by: key.created_by } : { approved_ts: null, approved_by: null };
}
