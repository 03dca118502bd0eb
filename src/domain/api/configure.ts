/**
 * Payloads of the Configure calls (spec §3, §7): kiln registry, facilities,
 * photo and facility-audit uploads. Shared by the console's data provider and
 * the API server; mock-server/openapi.yaml documents the same shapes.
 */

/** A kiln's calibration; every number optional (spec §2 "Config fields"). */
export interface KilnConfig {
  cgo1?: { per_g_weight?: number | null; zero_weight?: number | null } | null;
  terrafix?: { per_g_weight?: number | null } | null;
}

export interface Kiln {
  id: number;
  /** the identifier the kiln reports itself with */
  kiln_id: string;
  facility_id: number;
  facility_mnemonic: string;
  facility_name: string;
  type: number;
  /** YYYY-MM-DD */
  install_date: string;
  /** ISO timestamp */
  last_update: string;
  /** JSON text of a KilnConfig */
  config: string;
}

/** POST /api/kiln/registry/add (id null) and /edit. */
export interface KilnSavePayload {
  id: number | null;
  kiln_id: string;
  facility_id: number | null;
  type: number | null;
  install_date: string | null;
  config: KilnConfig;
}

export interface FacilityDropdownItem {
  id: number;
  mnemonic: string;
  name: string;
}

export interface KilnRegistryResponse {
  kilns: Kiln[];
  /** the facilities the caller may put a kiln in */
  facilities: FacilityDropdownItem[];
}

export interface FacilityKilnsResponse {
  kilns: Kiln[];
}

/** Only the C-Go-1 kiln type is recognised in a facility's config. */
export interface FacilityConfig {
  cgo1: { wicf: number; carbonRemovalFactor: number };
}

export interface Facility {
  id: number;
  mnemonic: string;
  name: string;
  /** a user id (shown as uid) */
  owner_id: number;
  latitude_min: number;
  latitude_max: number;
  longitude_min: number;
  longitude_max: number;
  last_updated: string;
  /** null: no audit statement yet */
  latest_facility_audit_id: number | null;
  /** JSON text of a FacilityConfig */
  kiln_type_config: string;
  /** when the photo was uploaded; null: no photo */
  photo_uploaded_ts: string | null;
}

/** POST /api/facility/add (id null) and /edit; the mnemonic cannot change on edit. */
export interface FacilitySavePayload {
  id: number | null;
  mnemonic: string;
  name: string;
  owner_id: number | null;
  latMin: number | null;
  latMax: number | null;
  lonMin: number | null;
  lonMax: number | null;
  config: FacilityConfig;
}

export interface FacilityOwnerOption {
  id: number;
  username: string;
  role: number;
}

export interface FacilityListResponse {
  facilities: Facility[];
  /** the mnemonics already taken */
  mnemonics: string[];
  /** the owner choices: facility admins and super-admins */
  allowedOwners: FacilityOwnerOption[];
}

export interface FacilityDropdownResponse {
  data: FacilityDropdownItem[];
}

export interface StatusResponse {
  status: 1;
}

export interface FacilityStatementUploadResponse extends StatusResponse {
  /** the new statement, now the facility's latest_facility_audit_id */
  id: number;
}
/** The console's name for FacilityStatementUploadResponse. */
export type FacilityAuditUploadResponse = FacilityStatementUploadResponse;

/** POST /api/photo/upload: multipart fields and headers (spec §3 "Photo upload"). */
export const PHOTO_UPLOAD = {
  photoField: 'photo',
  thumbField: 'thumb',
  facilityHeader: 'Related-Facility',
  guidHeader: 'photo-guid',
  mimeTypes: ['image/png', 'image/jpeg'],
} as const;

/** POST /api/facility/{id}/upload_audit: multipart fields (spec §3 "Audit upload"). */
export const STATEMENT_UPLOAD = {
  fileField: 'file',
  fileTypeField: 'file_type',
  extensions: ['png', 'jpg', 'jpeg', 'pdf'],
  mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'],
} as const;
/** The console's name for STATEMENT_UPLOAD. */
export const AUDIT_UPLOAD = STATEMENT_UPLOAD;

/** Largest file either upload accepts (413 beyond). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
