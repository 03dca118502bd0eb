/**
 * Payloads of the Configure calls (docs/product.md#entities-and-fields and docs/product.md#calls): kiln registry, facilities,
 * photo and statement uploads, named for the console and the API server. The
 * shapes come from mock-server/openapi.yaml through generated.ts.
 */

import type { components } from './generated';

type Schemas = components['schemas'];

/** A kiln's calibration; every number optional (docs/product.md#kiln-registry). */
export type KilnConfig = Schemas['KilnConfig'];

/** A kiln as the registry lists it; `config` is the JSON text of a KilnConfig. */
export type Kiln = Schemas['Kiln'];

/** One of a kiln's Ed25519 public keys (GET /api/kilns/{id}/keys); kiln_id is the kiln's record id. */
export type KilnKey = Schemas['KilnKey'];
export type KilnCalibration = Schemas['KilnCalibration'];
/** POST /api/kilns/{id}/keys. */
export type KilnKeyAddRequest = Schemas['KilnKeyAddRequest'];
/** POST /api/facility/{id}/signed-burns: whether the facility's audits take only device-signed burns. */
export type SignedBurnsOnly = Schemas['SignedBurnsOnlyRequest'];

/** What the API accepts for a kiln save; the server checks every field (kilnValidation.ts). */
export type KilnSaveRequest = Schemas['KilnSavePayload'];
/** POST /api/kiln/registry/add (id null) and /edit, as the console sends it: every field present. */
export type KilnSavePayload = Required<KilnSaveRequest>;

/** POST /api/kiln/registry/approve: the kiln whose id a super-admin approves. */
export type KilnApproveRequest = Schemas['KilnApproveRequest'];

/** One decision about what a facility's burns are credited with (GET /api/facility/{id}/changes). */
export type FacilityChange = Schemas['FacilityChange'];

export type FacilityDropdownItem = Schemas['FacilityOption'];

export type KilnRegistryResponse = Schemas['KilnRegistryResponse'];

export type FacilityKilnsResponse = Schemas['FacilityKilnsResponse'];

/** A facility's stored config (the JSON text of kiln_type_config); only C-Go-1 is recognised. */
export type FacilityConfig = Schemas['FacilityConfig'];

export type Facility = Schemas['Facility'];

/** What the API accepts for a facility save; the server checks every field (facilityValidation.ts). */
export type FacilitySaveRequest = Schemas['FacilitySavePayload'];
/** The batch and methodology settings of a save (a super-admin's); absent, the stored ones are kept. */
type FacilitySettingsInput = Pick<FacilitySaveRequest, 'batch_period_days' | 'vm0044_high_tech_conditions' | 'temperature_monitored'>;
/** POST /api/facility/add (id null) and /edit, as the console sends it: every field but the settings present, a complete config. */
export type FacilitySavePayload = Omit<Required<FacilitySaveRequest>, 'config' | keyof FacilitySettingsInput> & {
  config: FacilityConfig;
} & FacilitySettingsInput;
export type HighTechConditionsInput = Schemas['HighTechConditions'];

export type FacilityOwnerOption = Schemas['FacilityOwnerOption'];

export type FacilityListResponse = Schemas['FacilityListResponse'];

export type FacilityDropdownResponse = Schemas['FacilityDropdownResponse'];

export type StatusResponse = Schemas['Status'];

/** POST /api/facility/{id}/upload_audit: the new statement, now the facility's latest_facility_audit_id. */
export type FacilityStatementUploadResponse = Schemas['FacilityStatementUploadResult'];
/** The console's name for FacilityStatementUploadResponse. */
export type FacilityAuditUploadResponse = FacilityStatementUploadResponse;

/** POST /api/photo/upload: multipart fields and headers (docs/product.md#photo-upload). */
export const PHOTO_UPLOAD = {
  photoField: 'photo',
  thumbField: 'thumb',
  facilityHeader: 'Related-Facility',
  guidHeader: 'photo-guid',
  mimeTypes: ['image/png', 'image/jpeg'],
} as const;

/** POST /api/facility/{id}/upload_audit: multipart fields (docs/product.md#audit-upload). */
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
