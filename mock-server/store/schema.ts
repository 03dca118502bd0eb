/**
 * What db.json holds. Every collection is an array of records with a numeric
 * id; binary content (photos, statements, raw burn logs, chart series) lives
 * in DATA_DIR/files and is referenced by generated keys.
 */

export interface UserRecord {
  id: number;
  username: string;
  role: number;
  /** scrypt hash, see auth/passwords.ts; never leaves the server */
  password_hash: string;
  facility_ids: number[];
  created_ts: string;
  last_login_ts: string | null;
}

export interface ChangeRecord {
  id: number;
  date: string;
  title: string;
  /** sanitised HTML */
  body: string;
}

export interface FacilityRecord {
  id: number;
  mnemonic: string;
  name: string;
  owner_id: number;
  latitude_min: number;
  latitude_max: number;
  longitude_min: number;
  longitude_max: number;
  last_updated: string;
  latest_facility_audit_id: number | null;
  /** JSON string: {"cgo1":{"wicf":0.35,"carbonRemovalFactor":2.44}} */
  kiln_type_config: string;
}

export interface DbShape {
  users: UserRecord[];
  changes: ChangeRecord[];
  facilities: FacilityRecord[];
}

export type CollectionName = keyof DbShape;

export function emptyDb(): DbShape {
  return { users: [], changes: [], facilities: [] };
}
