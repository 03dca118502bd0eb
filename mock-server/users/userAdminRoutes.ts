import type { Request } from 'express';
import type { UserCreateRequest, UserUpdateRequest } from '../../src/domain/api/users';
import { needsRelease } from '../../src/domain/accountRelease';
import { ROLES } from '../../src/domain/rules';
import { passwordError, validateNewUser, validateUserAccess } from '../../src/domain/userValidation';
import type { AuthContext } from '../auth/authContext';
import { may } from '../auth/may';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { conflict, forbidden, notFound } from '../http/errors';
import { assertNoFieldErrors, positiveId } from '../http/fieldErrors';
import { idList, refuseUnknownKeys, searchText, wholeNumberFilter } from '../http/listFilters';
import { parseListParams, sendPage } from '../http/simpleRest';
import { USER_SORT_FIELDS, type UserFilter, type UserPatch } from '../store/dataStore';
import type { UserChangeDetail, UserRow } from '../store/model';
import { settleTakenFacilities } from './facilityMoves';
import { recordUserChange } from './userChanges';
import { OWNER_ROLES } from '../store/userRules';
import { facilitiesByOwner, userView } from './userView';

const byNumber = (a: number, b: number) => a - b;
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Only a super-admin makes, changes or removes a super-admin (a user-admin would otherwise make itself one). */
function refuseSuperAdminReach(auth: AuthContext, ...roles: number[]): void {
  if (roles.includes(ROLES.SUPER_ADMIN) && !may(auth, 'users', 'grantSuperAdmin')) {
    throw forbidden('Only a super-admin may create, change or delete a super-admin.');
  }
}

function parseUserFilter(raw: Record<string, unknown>): UserFilter {
  refuseUnknownKeys(raw, ['id', 'role', 'q']);
  return {
    ...(raw.id !== undefined && { ids: idList('id', raw.id) }),
    ...(raw.role !== undefined && { role: wholeNumberFilter('role', raw.role) }),
    ...(raw.q !== undefined && { q: searchText(raw.q) }),
  };
}

/**
 * The Users screen's calls (docs/product.md#calls-beyond-the-specification, simple REST at /api/users): list,
 * read, create with a temporary password, change role and facilities or reset
 * the password, delete; and each user's recorded changes. Every change and
 * its record are written in one transaction.
 */
export function userAdminHandlers(ctx: AppContext): Handlers {
  const { data } = ctx;
  const owners = async () => facilitiesByOwner(await data.facilities.list());
  const targetOf = (req: Request) => positiveId(req.params.id, 'id');

  return {
    listUsers: async (req, res) => {
      const params = parseListParams(req.query, USER_SORT_FIELDS, { field: 'id', order: 'ASC' });
      const [page, owned] = await Promise.all([data.users.list(parseUserFilter(params.filter), params), owners()]);
      sendPage(res, { ...page, rows: page.rows.map((u) => userView(u, owned)) });
    },

    listUserFacilities: async (_req, res) => {
      const [facilities, owners] = await Promise.all([data.facilities.list(), data.users.withRoles(OWNER_ROLES)]);
      const nameOf = new Map(owners.map((u) => [u.id, u.username]));
      res.json(
        facilities.map(({ id, mnemonic, name, owner_id }) => ({
          id,
          mnemonic,
          name,
          owner_id,
          owner_username: nameOf.get(owner_id) ?? null,
        })),
      );
    },

    getUser: async (req, res) => {
      const user = await data.users.get(targetOf(req));
      if (!user) throw notFound('No such user.');
      res.json(userView(user, await owners()));
    },

    listUserChanges: async (req, res) => {
      const id = targetOf(req);
      const [user, changes] = await Promise.all([data.users.get(id), data.users.changesOf(id)]);
      // a deleted user's record stays readable by id
      if (!user && changes.length === 0) throw notFound('No such user.');
      res.json(changes);
    },

    createUser: async (req, res) => {
      const auth = req.auth!;
      // the shape openapi.yaml promises, checked by the OpenAPI validator; the rules are checked here
      const body: UserCreateRequest = req.body;
      assertNoFieldErrors(validateNewUser(body));
      refuseSuperAdminReach(auth, body.role);
      const facilityIds = body.facility_ids ?? [];
      const passwordHash = await ctx.hashes.run(() => hashPassword(body.password, ctx.config.passwordHashCost), auth.userId);
      const locked = needsRelease(may(auth, 'users', 'release'), { role: body.role, roleBefore: null, setsPassword: true });
      // a taken username is the store's refusal naming its field: errorHandler answers it as a 400 on it
      const user = await data.transaction(async (tx) => {
        const created = await tx.users.create({
          username: body.username.trim(),
          role: body.role,
          password_hash: passwordHash,
          facility_ids: [],
          created_ts: new Date().toISOString(),
          // a password someone else chose is only good for choosing one's own
          must_change_password: true,
          locked,
        });
        const detail: UserChangeDetail = { role: { from: null, to: created.role }, ...(locked && { locked: { from: false, to: true } }) };
        if (facilityIds.length) {
          const { after, taken } = (await tx.users.setFacilities(created.id, facilityIds))!;
          await settleTakenFacilities(tx, auth, taken);
          detail.facility_ids = { from: [], to: after };
        }
        await recordUserChange(tx, auth, created, 'create', detail);
        return created;
      });
      res.status(201).json(userView(user, await owners()));
    },

    updateUser: async (req, res) => {
      const auth = req.auth!;
      const id = targetOf(req);
      if (id === auth.userId) throw forbidden('You cannot change your own account here; change your password on the Profile page.');
      const body: UserUpdateRequest = req.body;
      const current = await data.users.get(id);
      if (!current) throw notFound('No such user.');
      const role = body.role ?? current.role;
      refuseSuperAdminReach(auth, current.role, role);
      const accessChanges = body.role !== undefined || body.facility_ids !== undefined;
      if (accessChanges) {
        // leaving the facility admins gives the facilities back, so judge an absent list as none
        const facilityIds = body.facility_ids ?? (role === current.role ? await data.facilities.idsOwnedBy(id) : []);
        assertNoFieldErrors(validateUserAccess({ role, facility_ids: facilityIds }));
      }
      if (body.password !== undefined) {
        const problem = passwordError(body.password);
        if (problem) assertNoFieldErrors({ password: problem });
      }
      const { password } = body;
      const passwordHash =
        password === undefined ? undefined : await ctx.hashes.run(() => hashPassword(password, ctx.config.passwordHashCost), auth.userId);

      const user = await data.transaction(async (tx) => {
        // locked until the write, so the role checked here is the role changed (S1)
        const before = await tx.users.lock(id);
        if (!before) throw notFound('No such user.');
        // the role may have changed since it was checked above
        refuseSuperAdminReach(auth, before.role);
        const ownedBefore = (await tx.facilities.idsOwnedBy(id)).sort(byNumber);
        const setsPassword = passwordHash !== undefined;
        const locks =
          !before.locked &&
          needsRelease(may(auth, 'users', 'release'), { role: body.role ?? before.role, roleBefore: before.role, setsPassword });
        const patch: UserPatch = {
          ...(body.role !== undefined && { role: body.role }),
          ...(setsPassword && { password_hash: passwordHash, must_change_password: true }),
          ...(locks && { locked: true }),
        };
        const after = (await tx.users.update(id, patch))!;
        if (after.role === ROLES.FACILITY_ADMIN && body.facility_ids !== undefined) {
          await settleTakenFacilities(tx, auth, (await tx.users.setFacilities(id, body.facility_ids))!.taken);
        }
        const ownedAfter = (await tx.facilities.idsOwnedBy(id)).sort(byNumber);
        const locking: UserChangeDetail = locks ? { locked: { from: false, to: true } } : {};
        const detail: UserChangeDetail = {
          ...(after.role !== before.role && { role: { from: before.role, to: after.role } }),
          ...(!sameIds(ownedBefore, ownedAfter) && { facility_ids: { from: ownedBefore, to: ownedAfter } }),
          // the lock is told with the reset that caused it, or else with the role change
          ...(!setsPassword && locking),
        };
        if (Object.keys(detail).length) await recordUserChange(tx, auth, after, 'update', detail);
        if (setsPassword) await recordUserChange(tx, auth, after, 'reset_password', locking);
        return after;
      });
      res.json(userView(user, await owners()));
    },

    // the second person on a password a user-admin handed over (src/domain/accountRelease.ts)
    releaseUser: async (req, res) => {
      const auth = req.auth!;
      const id = targetOf(req);
      const user = await data.transaction(async (tx) => {
        const before = await tx.users.lock(id);
        if (!before) throw notFound('No such user.');
        if (!before.locked) throw conflict('This account is not waiting for a release.');
        const after = (await tx.users.update(id, { locked: false }))!;
        await recordUserChange(tx, auth, after, 'release', { locked: { from: true, to: false } });
        return after;
      });
      res.json(userView(user, await owners()));
    },

    deleteUser: async (req, res) => {
      const auth = req.auth!;
      const id = targetOf(req);
      if (id === auth.userId) throw forbidden('You cannot delete your own account.');
      const owned = await owners();
      const removed: UserRow = await data.transaction(async (tx) => {
        const user = await tx.users.lock(id);
        if (!user) throw notFound('No such user.');
        refuseSuperAdminReach(auth, user.role);
        const facilityIds = await tx.facilities.idsOwnedBy(id);
        // the store refuses the last super-admin (409) and hands the facilities to the oldest other one
        await tx.users.delete(id);
        await recordUserChange(tx, auth, user, 'delete', {
          role: { from: user.role, to: null },
          ...(facilityIds.length > 0 && { facility_ids: { from: facilityIds, to: [] } }),
        });
        return user;
      });
      res.json(userView(removed, owned));
    },
  };
}
