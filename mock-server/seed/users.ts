import { hashPassword } from '../auth/passwords';
import type { Seeder } from '.';

/** docs/product.md#demo-data: the six demo accounts, one per role. */
export const DEMO_USERS = [
  { id: 1, username: 'superadmin', role: 0 },
  { id: 2, username: 'uploader', role: 1 },
  { id: 3, username: 'useradmin', role: 2 },
  { id: 4, username: 'kilnadmin', role: 3 },
  { id: 5, username: 'facilityadmin', role: 4 },
  { id: 6, username: 'broker', role: 5 },
] as const;

export const seedUsers: Seeder = async (state, ctx) => {
  const created = new Date().toISOString();
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(ctx.config.demoPassword, ctx.config.passwordHashCost)));
  state.users = DEMO_USERS.map((u, i) => ({
    ...u,
    password_hash: hashes[i],
    facility_ids: [],
    created_ts: created,
    last_login_ts: null,
    token_version: 0,
    must_change_password: false,
  }));
};
