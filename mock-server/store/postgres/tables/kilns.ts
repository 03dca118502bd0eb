import type { Id } from './columns';

export interface KilnsTable {
  id: Id;
  kiln_id: string;
  facility_id: number;
  type: number;
  install_date: string;
  last_update: string;
  config: string;
  approved_ts: string | null;
  approved_by: number | null;
}

export interface KilnKeysTable {
  id: Id;
  kiln_id: number;
  fingerprint: string;
  label: string;
  public_key: string;
  created_ts: string;
  created_by: number | null;
  revoked_ts: string | null;
}
