import { ROLES } from '../../src/domain/rules';
import { conflict, invalid } from './errors';

/**
 * The rules both stores keep for users, in one place: there is always a
 * super-admin, and facilities belong to a facility admin or a super-admin
 * (docs/product.md#facility-validation: "The owner choices are only Facility Admins or Super Admins").
 */

export const LAST_SUPER_ADMIN = 'The last super-admin cannot be deleted or given another role.';

/** the roles that may own facilities */
export const OWNER_ROLES: readonly number[] = [ROLES.SUPER_ADMIN, ROLES.FACILITY_ADMIN];

/** The field error a taken username carries, the route's 400 on username. */
export const USERNAME_IN_USE = { username: 'username is already in use.' };

/** 409: another user has this username; its field error names username. */
export const usernameTaken = (username: string) => conflict(`The username ${username} is taken.`, USERNAME_IN_USE);

export const unknownFacilities = (ids: readonly number[]) => {
  const reason = `No facility ${ids.join(', ')}.`;
  return invalid(reason, { facility_ids: reason });
};
