/**
 * The console's package signing keys, every one that ever signed (GET
 * /api/signing-keys): a package signed by a key since rotated away must stay
 * checkable, so a key is never deleted, only retired. Kept apart from the
 * business records: replacing them (the seed, the test reset, a store copy)
 * leaves the keys as they were.
 */

export interface SigningKeyRecord {
  /** lowercase hex SHA-256 of the DER SPKI */
  kid: string;
  /** SPKI PEM */
  public_key: string;
  created_ts: string;
  /** when another key took over; null while in use */
  retired_ts: string | null;
}

export interface SigningKeyStore {
  /**
   * The key this server signs with from now on: listed (created now) where it is new, in use again
   * where it had been retired; every other key in use is retired now.
   */
  use(key: Pick<SigningKeyRecord, 'kid' | 'public_key'>, now: string): Promise<void>;
  /** every key, oldest first */
  list(): Promise<SigningKeyRecord[]>;
}

/** The rule of `use` on a list of keys, for a store that rewrites its list whole. */
export function usingKey(
  keys: readonly SigningKeyRecord[],
  key: Pick<SigningKeyRecord, 'kid' | 'public_key'>,
  now: string,
): SigningKeyRecord[] {
  const next = keys.map((k) =>
    k.kid === key.kid ? { ...k, retired_ts: null } : k.retired_ts === null ? { ...k, retired_ts: now } : { ...k },
  );
  if (!next.some((k) => k.kid === key.kid)) next.push({ kid: key.kid, public_key: key.public_key, created_ts: now, retired_ts: null });
  return sortKeys(next);
}

export const sortKeys = (keys: SigningKeyRecord[]): SigningKeyRecord[] =>
  keys.sort((a, b) => (a.created_ts === b.created_ts ? (a.kid < b.kid ? -1 : 1) : a.created_ts < b.created_ts ? -1 : 1));
