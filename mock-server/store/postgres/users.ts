import type { ExpressionBuilder, Transaction } from 'kysely';
import { ROLES } from '../../../src/domain/rules';
import { conflict } from '../errors';
import type { UserSortField, UserStore } from '../parts/users';
import { LAST_SUPER_ADMIN, OWNER_ROLES, unknownFacilities, USERNAME_IN_USE, usernameTaken } from '../userRules';
import { atomic, desc, unique, type Db } from './atomic';
import type { Database } from './tables';

/**
 * Locks every super-admin row (id order), so changes that could leave no
 * super-admin, or hand facilities to one, run one after another; answers
 * the super-admins' ids, oldest first.
 */
async function lockSuperAdmins(tx: Transaction<Database>): Promise<number[]> {
  return (await tx.selectFrom('users').select('id').where('role', '=', ROLES.SUPER_ADMIN).orderBy('id').forUpdate().execute()).map(
    (r) => r.id,
  );
}

/** Gives the user's facilities, but those kept, to the oldest other super-admin (none: they stay). */
async function handOver(
  tx: Transaction<Database>,
  superAdmins: readonly number[],
  id: number,
  keep: readonly number[] = [],
): Promise<void> {
  const heir = superAdmins.find((x) => x !== id);
  if (heir === undefined) return;
  let q = tx.updateTable('facilities').set({ owner_id: heir }).where('owner_id', '=', id);
  if (keep.length) q = q.where('id', 'not in', [...keep]);
  await q.execute();
}

export function postgresUsers(db: Db): UserStore {
  const SORT: Record<UserSortField, UserSortField> = {
    id: 'id',
    username: 'username',
    role: 'role',
    created_ts: 'created_ts',
    last_login_ts: 'last_login_ts',
  };
  const refuseLastSuperAdmin = (superAdmins: readonly number[], row: { id: number; role: number }) => {
    if (row.role === ROLES.SUPER_ADMIN && !superAdmins.some((x) => x !== row.id)) throw conflict(LAST_SUPER_ADMIN);
  };
  return {
    get: async (id) => (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    findByUsername: async (username) =>
      (await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()) ?? null,
    lock: (id) =>
      atomic(db, async (tx) => {
        await lockSuperAdmins(tx);
        return (await tx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null;
      }),
    list: async (filter, page) => {
      const where = (eb: ExpressionBuilder<Database, 'users'>) =>
        eb.and([
          ...(filter.ids ? [eb('id', 'in', filter.ids.length ? filter.ids : [0])] : []),
          ...(filter.role !== undefined ? [eb('role', '=', filter.role)] : []),
          ...(filter.q ? [eb(eb.fn('strpos', [eb.fn('lower', ['username']), eb.val(filter.q)]), '>', 0)] : []),
        ]);
      const d = desc(page.sort.order);
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where(where)
        .orderBy(SORT[page.sort.field], (o) => (d ? o.desc() : o.asc()).nullsLast())
        .orderBy('id', d ? 'desc' : 'asc')
        .offset(page.range[0])
        .limit(page.range[1] - page.range[0] + 1)
        .execute();
      const { n } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(where)
        .executeTakeFirstOrThrow();
      return { rows, start: page.range[0], total: Number(n) };
    },
    withRoles: (roles) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('role', 'in', roles.length ? [...roles] : [-1])
        .orderBy('id')
        .execute(),
    create: (user) =>
      unique(
        db,
        usernameTaken(user.username).message,
        (tx) =>
          tx
            .insertInto('users')
            .values({ ...user, facility_ids: [...user.facility_ids], last_login_ts: null })
            .returningAll()
            .executeTakeFirstOrThrow(),
        USERNAME_IN_USE,
      ),
    update: (id, patch) =>
      unique(
        db,
        usernameTaken(patch.username ?? '').message,
        (q) =>
          atomic(q, async (tx) => {
            const roleMayChange = patch.role !== undefined;
            const superAdmins = roleMayChange ? await lockSuperAdmins(tx) : [];
            const row = await tx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
            if (!row) return null;
            const roleChanges = roleMayChange && patch.role !== row.role;
            if (roleChanges) refuseLastSuperAdmin(superAdmins, row);
            if (roleChanges && !OWNER_ROLES.includes(patch.role!)) await handOver(tx, superAdmins, id);
            const bump = (patch.password_hash !== undefined && patch.password_hash !== row.password_hash) || roleChanges;
            // an empty patch (a facility list alone) writes nothing: an UPDATE without SET is no SQL
            if (Object.keys(patch).length === 0) return row;
            return tx
              .updateTable('users')
              .set({
                ...patch,
                ...(patch.facility_ids && { facility_ids: [...patch.facility_ids] }),
                ...(bump && { token_version: row.token_version + 1 }),
              })
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirstOrThrow();
          }),
        USERNAME_IN_USE,
      ),
    recordLogin: async (id, ts) => {
      await db.updateTable('users').set({ last_login_ts: ts }).where('id', '=', id).execute();
    },
    delete: (id) =>
      atomic(db, async (tx) => {
        const superAdmins = await lockSuperAdmins(tx);
        const row = await tx.selectFrom('users').select(['id', 'role']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) return false;
        refuseLastSuperAdmin(superAdmins, row);
        await handOver(tx, superAdmins, id);
        return (await tx.deleteFrom('users').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n;
      }),
    count: async () =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    setFacilities: (id, facilityIds) =>
      atomic(db, async (tx) => {
        const superAdmins = await lockSuperAdmins(tx);
        if (!(await tx.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst())) return null;
        const wanted = [...new Set(facilityIds)].sort((a, b) => a - b);
        const rows = wanted.length
          ? await tx.selectFrom('facilities').select(['id', 'owner_id']).where('id', 'in', wanted).orderBy('id').forUpdate().execute()
          : [];
        const found = rows.map((f) => f.id);
        const unknown = wanted.filter((fid) => !found.includes(fid));
        if (unknown.length) throw unknownFacilities(unknown);
        const before = (await tx.selectFrom('facilities').select('id').where('owner_id', '=', id).orderBy('id').execute()).map((f) => f.id);
        await handOver(tx, superAdmins, id, wanted);
        if (wanted.length) await tx.updateTable('facilities').set({ owner_id: id }).where('id', 'in', wanted).execute();
        return { before, after: wanted, taken: rows.filter((f) => f.owner_id !== id) };
      }),
    recordChange: async (change) => {
      const row = await db
        .insertInto('user_changes')
        .values({ ...change, detail: JSON.stringify(change.detail) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row;
    },
    changesOf: (userId) =>
      db.selectFrom('user_changes').selectAll().where('user_id', '=', userId).orderBy('ts', 'desc').orderBy('id', 'desc').execute(),
  };
}
