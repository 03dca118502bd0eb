import { invalid } from './errors';

/** The rule both stores keep for kiln keys: a fingerprint is registered once, across every kiln, revoked or not. */

export const KEY_TAKEN = 'This key is registered already (to this or another kiln): generate a new key pair.';
/** 400 on public_key: the key's fingerprint is registered already. */
export const keyTaken = () => invalid(KEY_TAKEN, { public_key: KEY_TAKEN });
