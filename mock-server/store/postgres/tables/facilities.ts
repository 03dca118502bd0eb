import type { Generated } from 'kysely';
import type { FacilityChangeAction, FacilityChangeDetail, StoredFile } from '../../model';
import type { Id, Json } from './columns';

export interface FacilitiesTable {
  id: Id;
  mnemonic: string;
  name: string;
  owner_id: number;
  latitude_min: number;
  latitude_max: number;
  longitude_min: number;
  longitude_max: number;
  last_updated: string;
  latest_facility_audit_id: number | null;
  kiln_type_config: string;
  /** only device-signed burns in its audits (migration 2026-11-26-0001) */
  signed_burns_only: Generated<boolean>;
}

export interface FacilityChangesTable {
  id: Id;
  facility_id: number;
  actor_id: number | null;
  actor_username: string;
  action: FacilityChangeAction;
  detail: Json<FacilityChangeDetail>;
  ts: string;
}

export interface FacilityPhotosTable {
  id: Id;
  facility_id: number;
  photo_guid: string;
  photo: Json<StoredFile>;
  thumb: Json<StoredFile>;
}

export interface FacilityAuditsTable {
  id: Id;
  facility_id: number;
  file_type: string;
  file: Json<StoredFile>;
}
