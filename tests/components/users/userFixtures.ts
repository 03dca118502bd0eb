import { SignJWT } from 'jose';
import type { User } from '../../../src/domain/api/users';
import { rulesForRole } from '../../../src/domain/rules';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/session';

export const USERS: User[] = [
  {
    id: 5,
    username: 'facilityadmin',
    role: 4,
    role_name: 'Facility Admin',
    facility_ids: [1],
    facilities: [{ id: 1, mnemonic: 'NRB', name: 'Nairobi Biochar' }],
    created_ts: '2026-01-02T03:04:05.000Z',
    last_login_ts: null,
    must_change_password: true,
    locked: false,
  },
  {
    id: 4,
    username: 'kilnadmin',
    role: 3,
    role_name: 'Kiln File Admin',
    facility_ids: [],
    facilities: [],
    created_ts: '2026-01-02T03:04:05.000Z',
    last_login_ts: '2026-03-04T05:06:07.000Z',
    must_change_password: false,
    locked: false,
  },
];

/** A token of newbie, a facility admin (uid 9); by default one whose password a user-admin set. */
export const newbieToken = (claims: { ver: number; must_change_password?: boolean }) =>
  new SignJWT({ role: 4, uid: 9, rules: rulesForRole(4), ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('newbie')
    .setExpirationTime('1h')
    .sign(Uint8Array.from(Buffer.from('test-secret-that-is-long-enough-for-hs256')));

/** Logged in as newbie, who must choose their own password first. */
export async function logInAsNewbie(): Promise<void> {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, await newbieToken({ ver: 0, must_change_password: true }));
}
