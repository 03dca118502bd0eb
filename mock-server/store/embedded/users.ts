import { ROLES } from '../../../src/domain/rules';
import { conflict } from '../errors';
import { fieldKeys, pageOf, sortRows, type SortKey } from '../paging';
import { USER_SORT_FIELDS, type UserSortField, type UserStore } from '../parts/users';
import type { UserRow } from '../model';
import { LAST_SUPER_ADMIN, OWNER_ROLES, unknownFacilities, usernameTaken } from '../userRules';
import { byNumber, byText, copy, insertNew, sameName, type Access } from './access';
import type { EmbeddedShape } from './state';
import type { Mutator } from './mutator';

export function embeddedUsers(a: Access): UserStore {
  const USER_KEYS: Record<UserSortField, (u: UserRow) => SortKey> = fieldKeys<UserRow, UserSortField>(USER_SORT_FIELDS);
  const taken = (s: EmbeddedShape, username: string, except?: number) =>
    s.users.some((u) => u.id !== except && sameName(u.username, username));
  /** the oldest super-admin but this user: who takes over what the user owned */
  const heirOf = (s: EmbeddedShape, id: number) =>
    s.users.filter((u) => u.role === ROLES.SUPER_ADMIN && u.id !== id).sort((x, y) => x.id - y.id)[0];
  const refuseLastSuperAdmin = (s: EmbeddedShape, row: UserRow) => {
    if (row.role === ROLES.SUPER_ADMIN && !heirOf(s, row.id)) throw conflict(LAST_SUPER_ADMIN);
  };
  const handOver = (s: EmbeddedShape, m: Mutator, id: number, keep: ReadonlySet<number> = new Set()) => {
    const heir = heirOf(s, id);
    if (!heir) return;
    for (const f of s.facilities) if (f.owner_id === id && !keep.has(f.id)) m.patch(f, { owner_id: heir.id });
  };
  return {
    get: (id) => a.read((s) => copy(s.users.find((u) => u.id === id) ?? null)),
    findByUsername: (username) => a.read((s) => copy(s.users.find((u) => u.username === username) ?? null)),
    // a transaction here has the whole state to itself already
    lock: (id) => a.read((s) => copy(s.users.find((u) => u.id === id) ?? null)),
    list: (filter, page) =>
      a.read((s) => {
        const ids = filter.ids && new Set(filter.ids);
        const rows = s.users.filter(
          (u) =>
            (!ids || ids.has(u.id)) &&
            (filter.role === undefined || u.role === filter.role) &&
            (!filter.q || u.username.toLowerCase().includes(filter.q)),
        );
        return copy(pageOf(sortRows(rows, USER_KEYS[page.sort.field], page.sort.order), page.range));
      }),
    withRoles: (roles) => a.read((s) => copy(s.users.filter((u) => roles.includes(u.role)))),
    create: (user) =>
      a.write((s, m) => {
        if (taken(s, user.username)) throw usernameTaken(user.username);
        // a user id is never given twice, so a deleted user's recorded changes never attach to a new one
        let id = m.nextId('users');
        const highestRecorded = s.user_changes.reduce((n, c) => Math.max(n, c.user_id), 0);
        if (id <= highestRecorded) id = highestRecorded + 1;
        const row: UserRow = { must_change_password: false, locked: false, ...copy(user), id, token_version: 0, last_login_ts: null };
        m.insert('users', row);
        return copy(row);
      }),
    update: (id, patch) =>
      a.write((s, m) => {
        const row = s.users.find((u) => u.id === id);
        if (!row) return null;
        if (patch.username !== undefined && taken(s, patch.username, id)) throw usernameTaken(patch.username);
        const roleChanges = patch.role !== undefined && patch.role !== row.role;
        if (roleChanges) refuseLastSuperAdmin(s, row);
        if (roleChanges && !OWNER_ROLES.includes(patch.role!)) handOver(s, m, id);
        const bump = (patch.password_hash !== undefined && patch.password_hash !== row.password_hash) || roleChanges;
        m.patch(row, { ...copy(patch), ...(bump && { token_version: row.token_version + 1 }) });
        return copy(row);
      }),
    recordLogin: (id, ts) =>
      a.write((s, m) => {
        const row = s.users.find((u) => u.id === id);
        if (row) m.patch(row, { last_login_ts: ts });
      }),
    delete: (id) =>
      a.write((s, m) => {
        const row = s.users.find((u) => u.id === id);
        if (!row) return false;
        refuseLastSuperAdmin(s, row);
        handOver(s, m, id);
        return m.remove('users', (u) => u.id === id).length > 0;
      }),
    count: () => a.read((s) => s.users.length),
    setFacilities: (id, facilityIds) =>
      a.write((s, m) => {
        if (!s.users.some((u) => u.id === id)) return null;
        const unknown = facilityIds.filter((fid) => !s.facilities.some((f) => f.id === fid));
        if (unknown.length) throw unknownFacilities(unknown);
        const before = s.facilities
          .filter((f) => f.owner_id === id)
          .map((f) => f.id)
          .sort(byNumber);
        const wanted = new Set(facilityIds);
        handOver(s, m, id, wanted);
        const taken = s.facilities.filter((f) => wanted.has(f.id) && f.owner_id !== id).map((f) => ({ id: f.id, owner_id: f.owner_id }));
        for (const f of s.facilities) if (wanted.has(f.id) && f.owner_id !== id) m.patch(f, { owner_id: id });
        return { before, after: [...wanted].sort(byNumber), taken: taken.sort((x, y) => x.id - y.id) };
      }),
    recordChange: (change) => a.write((_s, m) => insertNew(m, 'user_changes', change)),
    changesOf: (userId) =>
      a.read((s) => copy(s.user_changes.filter((c) => c.user_id === userId).sort((x, y) => byText(y.ts, x.ts) || y.id - x.id))),
  };
}
