/**
 * The API calls that are not about one resource's list or record (docs/product.md#calls,
 * docs/product.md#calls-beyond-the-specification): kiln log commands and files, uploads, documents, the password.
 * Typed methods of the console's data provider; only the provider knows a path.
 */
import {
  AUDIT_UPLOAD,
  PHOTO_UPLOAD,
  type FacilityAuditUploadResponse,
  type FacilityDropdownItem,
  type StatusResponse,
  type FacilityChange,
  type Kiln,
  type KilnApproveRequest,
  type KilnCalibration,
  type KilnKey,
  type KilnKeyAddRequest,
  type SignedBurnsOnly,
} from '../domain/api/configure';
import type {
  AvailableCo2Response,
  BufferShare,
  BufferShareChange,
  BufferSharePayload,
  EcoAssetProvenance,
  RetirePayload,
  RetireResult,
} from '../domain/api/ecoAssets';
import type { ArchiveRetention, KilnLog, KilnLogAssignRequest, KilnLogDetail } from '../domain/api/kilnLogs';
import { signoffFields, type StatementFileType } from '../domain/audits/audits';
import type { AuditHistoryItem, CarbonSummaryData, ProposedAuditItem } from '../domain/api/audits';
import type { AuditCredits } from '../domain/api/credits';
import type { User, UserChange, UserFacilityOption } from '../domain/api/users';
import type { RecentChange, Statistics } from '../domain/api/admin';
import { api, data, file, formData } from './apiClient';
import { fileNameFromDisposition } from './fileName';
import { confirmedStatus } from './statusCall';

/** A document the viewer shows: a facility's photo (or its thumbnail), one of its signed statements, an audit's evidence or its verification report. */
export type DocumentRef =
  | { kind: 'photo'; facilityId: number; thumb?: boolean }
  | { kind: 'statement'; facilityId: number; statementId: number }
  | { kind: 'evidence'; docKey: string }
  | { kind: 'report'; auditId: number }
  | { kind: 'labCertificate'; batchId: number; resultId: number };

/** A call that answers a file: its body read as a Blob, asked for with the browser's own Accept (apiClient.ts). */
const AS_FILE = { parseAs: 'blob' } as const;

/** The call that answers the document: each kind is its own operation. */
function fetchDocument(ref: DocumentRef) {
  switch (ref.kind) {
    case 'photo':
      return api.GET('/facility/{id}/photo', {
        params: { path: { id: ref.facilityId }, query: { thumb: ref.thumb ? '1' : undefined } },
        ...AS_FILE,
      });
    case 'statement':
      return api.GET('/facility/{id}/audit', {
        params: { path: { id: ref.facilityId }, query: { id: String(ref.statementId) } },
        ...AS_FILE,
      });
    case 'evidence':
      // a key, never a path: the client encodes it, so no '/' or '..' of it reaches the URL's path
      return api.GET('/audit/evidence/{doc_key}', { params: { path: { doc_key: ref.docKey } }, ...AS_FILE });
    case 'report':
      return api.GET('/audit/{id}/report', { params: { path: { id: ref.auditId } }, ...AS_FILE });
    case 'labCertificate':
      return api.GET('/batches/{id}/lab-results/{rid}/certificate', {
        params: { path: { id: ref.batchId, rid: ref.resultId } },
        ...AS_FILE,
      });
  }
}

export interface FetchedDocument {
  blob: Blob;
  /** the MIME type of the response, without parameters, e.g. 'application/pdf' */
  contentType: string;
}

/** The MIME type of a Content-Type header value, lower case and without parameters. */
export function mimeType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface PhotoUpload {
  facilityId: number;
  photo: File;
  thumb: Blob;
  /** the photo-guid header: a UUID the client makes for the photo */
  guid: string;
}

export interface StatementUpload {
  facilityId: number;
  file: File;
  /** png, jpg, jpeg or pdf */
  fileType: string;
}

/** POST /api/audit/signoff: a proposal's burns signed off with one statement file (docs/product.md#audit-upload, docs/product.md#calls). */
export interface AuditSignoff {
  proposalId: number;
  file: File;
  fileType: StatementFileType;
  /** the burns signed off: the proposal's logs */
  analysisIds: readonly number[];
}

export const apiMethods = {
  /** GET /api/kilnlogs/{id}: the row with its chart_data and data_sample (archived logs too). */
  getKilnLog: (id: number): Promise<KilnLogDetail> => api.GET('/kilnlogs/{id}', { params: { path: { id } } }).then(data),

  /** POST /api/kilnlogs/{id}/analyse: the row analysed again (409 for an audited or archived burn). */
  analyseKilnLog: (id: number): Promise<KilnLog> => api.POST('/kilnlogs/{id}/analyse', { params: { path: { id } } }).then(data),

  /** POST /api/kilnlogs/{id}/archive: the row, with archived_ts and delete_after (409 for an audited burn); the log leaves the live list. */
  archiveKilnLog: (id: number): Promise<KilnLog> => api.POST('/kilnlogs/{id}/archive', { params: { path: { id } } }).then(data),

  /** POST /api/archived_kilnlogs/{id}/restore: the row, no longer archived; the log leaves the archived list. */
  restoreKilnLog: (id: number): Promise<KilnLog> => api.POST('/archived_kilnlogs/{id}/restore', { params: { path: { id } } }).then(data),

  /** POST /api/kilnlogs/{id}/assign: a super-admin files a log of an unknown kiln under a registered kiln; the row, analysed there. */
  assignKilnLog({ id, kiln }: { id: number; kiln: number }): Promise<KilnLog> {
    const body: KilnLogAssignRequest = { kiln };
    return api.POST('/kilnlogs/{id}/assign', { params: { path: { id } }, body }).then(data);
  },

  /** POST /api/kiln/registry/approve: a super-admin approves a pending kiln id; the kiln. */
  approveKiln(id: number): Promise<Kiln> {
    const body: KilnApproveRequest = { id };
    return api.POST('/kiln/registry/approve', { body }).then(data);
  },

  /** GET /api/kilns/{id}/keys: the kiln's keys, revoked ones included. */
  listKilnKeys: (kilnId: number): Promise<KilnKey[]> => api.GET('/kilns/{id}/keys', { params: { path: { id: kilnId } } }).then(data),

  /** GET /api/kilns/{id}/keys/changes: who added or revoked which of the kiln's keys, when; newest first. */
  listKilnKeyChanges: (kilnId: number): Promise<FacilityChange[]> =>
    api.GET('/kilns/{id}/keys/changes', { params: { path: { id: kilnId } } }).then(data),

  /** POST /api/kilns/{id}/keys: registers a public key for the kiln; a 400 names the field at fault. */
  addKilnKey: ({ kilnId, key }: { kilnId: number; key: KilnKeyAddRequest }): Promise<KilnKey> =>
    api.POST('/kilns/{id}/keys', { params: { path: { id: kilnId } }, body: key }).then(data),

  /** POST /api/kilns/{id}/keys/{keyId}/approve: a super-admin approves a pending key, which signs for the kiln from then on; the key. */
  approveKilnKey: ({ kilnId, keyId }: { kilnId: number; keyId: number }): Promise<KilnKey> =>
    api.POST('/kilns/{id}/keys/{keyId}/approve', { params: { path: { id: kilnId, keyId } } }).then(data),

  /** POST /api/kilns/{id}/keys/{keyId}/revoke: revokes the key for good; the key. */
  revokeKilnKey: ({ kilnId, keyId }: { kilnId: number; keyId: number }): Promise<KilnKey> =>
    api.POST('/kilns/{id}/keys/{keyId}/revoke', { params: { path: { id: kilnId, keyId } } }).then(data),

  /** GET /api/kilns/{id}/calibrations: the kiln's calibration versions, oldest first. */
  listKilnCalibrations: (kilnId: number): Promise<KilnCalibration[]> =>
    api.GET('/kilns/{id}/calibrations', { params: { path: { id: kilnId } } }).then(data),

  /** POST /api/kilns/{id}/calibrations/{calId}/approve: a super-admin puts a pending calibration in force from now; the version. */
  approveKilnCalibration: ({ kilnId, calibrationId }: { kilnId: number; calibrationId: number }): Promise<KilnCalibration> =>
    api.POST('/kilns/{id}/calibrations/{calId}/approve', { params: { path: { id: kilnId, calId: calibrationId } } }).then(data),

  /** GET /api/facility/{id}/changes: who changed the facility's GPS box and factors, approved its kilns, assigned it logs; newest first. */
  listFacilityChanges: (id: number): Promise<FacilityChange[]> =>
    api.GET('/facility/{id}/changes', { params: { path: { id } } }).then(data),

  /** POST /api/facility/{id}/signed-burns: whether the facility's audits take only device-signed burns (a super-admin's); the setting stored. */
  setSignedBurnsOnly({ facilityId, signedBurnsOnly }: { facilityId: number; signedBurnsOnly: boolean }): Promise<SignedBurnsOnly> {
    const body: SignedBurnsOnly = { signed_burns_only: signedBurnsOnly };
    return api.POST('/facility/{id}/signed-burns', { params: { path: { id: facilityId } }, body }).then(data);
  },

  /** GET /api/kilnlogs/{id}/download: the file as uploaded, byte for byte, under the server's file name. */
  async downloadKilnLog(id: number): Promise<DownloadedFile> {
    const { blob, headers } = await api.GET('/kilnlogs/{id}/download', { params: { path: { id } }, ...AS_FILE }).then(file);
    return { blob, fileName: fileNameFromDisposition(headers.get('Content-Disposition')) ?? `kilnlog-${id}.csv` };
  },

  /** GET /api/audit/{id}/package: a signed-off audit's verification package (zip), under the server's file name. */
  async getAuditPackage(id: number): Promise<DownloadedFile> {
    const { blob, headers } = await api.GET('/audit/{id}/package', { params: { path: { id } }, ...AS_FILE }).then(file);
    return { blob, fileName: fileNameFromDisposition(headers.get('Content-Disposition')) ?? `audit-${id}.zip` };
  },

  /** GET /api/audit/{id}/report: the report.pdf of an audit's package on its own, saved under the server's file name. */
  async getAuditReport(id: number): Promise<DownloadedFile> {
    const { blob, headers } = await api.GET('/audit/{id}/report', { params: { path: { id } }, ...AS_FILE }).then(file);
    return { blob, fileName: fileNameFromDisposition(headers.get('Content-Disposition')) ?? `audit-${id}-report.pdf` };
  },

  /** GET /api/audit/{id}/credits: the audit's batches under every rulebook, its burns in no batch, what its signoff froze. */
  getAuditCredits: (id: number): Promise<AuditCredits> => api.GET('/audit/{id}/credits', { params: { path: { id } } }).then(data),

  /** POST /api/audit/{id}/withdraw: its proposer or a super-admin takes an open proposal back; its burns are free again. */
  withdrawAudit: (id: number): Promise<ProposedAuditItem> => api.POST('/audit/{id}/withdraw', { params: { path: { id } } }).then(data),

  /** GET /api/archived_kilnlogs/retention: days an archived log is kept. */
  getArchiveRetention: (): Promise<ArchiveRetention> => api.GET('/archived_kilnlogs/retention').then(data),

  /** GET /api/dropdowns/facilities: id, mnemonic and name of each facility the user may pick. */
  async listFacilityOptions(): Promise<FacilityDropdownItem[]> {
    return (await api.GET('/dropdowns/facilities').then(data)).data;
  },

  /** POST /api/photo/upload: multipart photo + thumb, headers Related-Facility and photo-guid (docs/product.md#photo-upload). */
  async uploadFacilityPhoto({ facilityId, photo, thumb, guid }: PhotoUpload): Promise<StatusResponse> {
    const answer = await api
      .POST('/photo/upload', {
        params: { header: { [PHOTO_UPLOAD.facilityHeader]: facilityId, [PHOTO_UPLOAD.guidHeader]: guid } },
        body: { [PHOTO_UPLOAD.photoField]: photo, [PHOTO_UPLOAD.thumbField]: new File([thumb], 'thumb.jpg', { type: thumb.type }) },
        bodySerializer: formData,
      })
      .then(data);
    return confirmedStatus(answer, '/photo/upload');
  },

  /** POST /api/facility/{id}/upload_audit: a signed statement, multipart file + file_type (docs/product.md#audit-upload). */
  async uploadFacilityStatement({ facilityId, file: statement, fileType }: StatementUpload): Promise<FacilityAuditUploadResponse> {
    const answer = await api
      .POST('/facility/{id}/upload_audit', {
        params: { path: { id: facilityId } },
        body: { [AUDIT_UPLOAD.fileField]: statement, [AUDIT_UPLOAD.fileTypeField]: fileType },
        bodySerializer: formData,
      })
      .then(data);
    return confirmedStatus(answer, '/facility/{id}/upload_audit');
  },

  /** A photo or statement with the bearer token (an <img src> could not send it), its type read from the response. */
  async getDocument(ref: DocumentRef): Promise<FetchedDocument> {
    const { blob, headers } = await fetchDocument(ref).then(file);
    return { blob, contentType: mimeType(headers.get('Content-Type')) || mimeType(blob.type) };
  },

  /** POST /api/audit/signoff: multipart proposed_audit_id, file, file_type and repeated analysis_ids; the new History row, where the answer gives one. */
  async signOffAudit({ proposalId, file: statement, fileType, analysisIds }: AuditSignoff): Promise<AuditHistoryItem | null> {
    const { proposed_audit_id, file_type, analysis_ids } = signoffFields(proposalId, fileType, analysisIds);
    const item = await api
      .POST('/audit/signoff', { body: { proposed_audit_id, file: statement, file_type, analysis_ids }, bodySerializer: formData })
      .then(data);
    // `?.`: a backend may answer the signoff with no row, or an empty body
    return typeof item?.id === 'number' && typeof item.signoff_ts === 'string' ? item : null;
  },

  /** GET /api/co2/summary: audited, utilised CO2 and audited biochar per facility and month. */
  async getCo2Summary(): Promise<CarbonSummaryData> {
    return (await api.GET('/co2/summary').then(data)).data;
  },
  /** GET /api/changes: Home's Recent Changes, newest first (any logged-in user). */
  listRecentChanges: (): Promise<RecentChange[]> => api.GET('/changes').then(data),

  /** GET /api/users/{id}/changes: who changed the user, what and when, newest first. */
  listUserChanges: (id: number): Promise<UserChange[]> => api.GET('/users/{id}/changes', { params: { path: { id } } }).then(data),

  /** POST /api/users/{id}/release: a super-admin releases an account a user-admin handed over. */
  releaseUser: (id: number): Promise<User> => api.POST('/users/{id}/release', { params: { path: { id } } }).then(data),

  /** GET /api/users/facilities: the facilities a facility admin may be given. */
  listUserFacilities: (): Promise<UserFacilityOption[]> => api.GET('/users/facilities').then(data),

  /** GET /api/admin/statistics: the last snapshot. */
  getStatistics: (): Promise<Statistics> => api.GET('/admin/statistics').then(data),

  /** POST /api/admin/statistics/update: counts everything again. */
  updateStatistics: (): Promise<Statistics> => api.POST('/admin/statistics/update').then(data),

  /** POST /api/user/{username}/update; resolves on {status: 1}; rejects with an HttpError or an UnconfirmedSaveError. */
  async changePassword(username: string, pass: string): Promise<StatusResponse> {
    const answer = await api.POST('/user/{username}/update', { params: { path: { username } }, body: { pass } }).then(data);
    return confirmedStatus(answer, '/user/{username}/update');
  },

  /** GET /api/eco-asset/available_co2: per facility its signed-off audits and the CO2 left to mint (docs/product.md#available-co2-response). */
  getAvailableCo2: (): Promise<AvailableCo2Response> => api.GET('/eco-asset/available_co2').then(data),

  /** GET /api/eco-asset/{id}/provenance: the asset, its retirements, audits, burns and raw logs. */
  getEcoAssetProvenance: (id: number): Promise<EcoAssetProvenance> =>
    api.GET('/eco-asset/{id}/provenance', { params: { path: { id } } }).then(data),

  /** GET /api/eco-asset/buffer_share: the share of a mint withheld in the buffer pool, who set it and when. */
  getBufferShare: (): Promise<BufferShare> => api.GET('/eco-asset/buffer_share').then(data),

  /** PUT /api/eco-asset/buffer_share (a super-admin's). */
  setBufferShare: (payload: BufferSharePayload): Promise<BufferShare> => api.PUT('/eco-asset/buffer_share', { body: payload }).then(data),

  /** GET /api/eco-asset/buffer_share/changes: every share set, who set it and when, newest first (a super-admin's). */
  listBufferShareChanges: (): Promise<BufferShareChange[]> => api.GET('/eco-asset/buffer_share/changes').then(data),

  /** POST /api/eco-asset/{id}/retire: retires kg of its issued units for a beneficiary. */
  retireEcoAsset: (id: number, payload: RetirePayload): Promise<RetireResult> =>
    api.POST('/eco-asset/{id}/retire', { params: { path: { id } }, body: payload }).then(data),

  /** GET /api/eco-asset/{id}/certificate: the one-page PDF. */
  async getEcoAssetCertificate(id: number): Promise<DownloadedFile> {
    const { blob, headers } = await api.GET('/eco-asset/{id}/certificate', { params: { path: { id } }, ...AS_FILE }).then(file);
    return { blob, fileName: fileNameFromDisposition(headers.get('Content-Disposition')) ?? `eco-asset-${id}-certificate.pdf` };
  },
};
