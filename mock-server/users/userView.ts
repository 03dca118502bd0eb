import type { User } from '../../src/domain/api/users';
import { ROLE_NAMES, isRoleCode } from '../../src/domain/rules';
import type { FacilityRow, UserRow } from '../store/model';

/** The facilities each user owns, as options, from one read of every facility. */
export type FacilitiesByOwner = ReadonlyMap<number, { id: number; mnemonic: string; name: string }[]>;

export function facilitiesByOwner(facilities: readonly FacilityRow[]): FacilitiesByOwner {
  const byOwner = new Map<number, { id: number; mnemonic: string; name: string }[]>();
  for (const f of facilities) {
    const own = byOwner.get(f.owner_id) ?? [];
    own.push({ id: f.id, mnemonic: f.mnemonic, name: f.name });
    byOwner.set(f.owner_id, own);
  }
  return byOwner;
}

/**
 * A user as the API shows it: never the hash or the token version. The
 * facilities are those the user owns (owner_id), which is what a facility
 * admin reaches, so the list can never disagree with their reach.
 */
export function userView(user: UserRow, owned: FacilitiesByOwner): User {
  const facilities = [...(owned.get(user.id) ?? [])].sort((a, b) => a.id - b.id);
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    role_name: isRoleCode(user.role) ? ROLE_NAMES[user.role] : `Role ${user.role}`,
    facility_ids: facilities.map((f) => f.id),
    facilities,
    created_ts: user.created_ts,
    last_login_ts: user.last_login_ts,
    must_change_password: user.must_change_password,
    locked: user.locked,
  };
}
