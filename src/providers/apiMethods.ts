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
import type { User, UserChange, UserFacilityOption } from '../domain/api/users';
import type { RecentChange, Statistics } from '../domain/api/admin';
import { apiFetch, apiFetchBlob, callApi } from './httpClient';
import { fileNameFromDisposition } from './fileName';
import { confirmedStatus } from './statusCall';

/** A document the viewer shows: a facility's photo (or its thumbnail), one of its signed statements, an audit's evidence or its verification report. */
export type DocumentRef =
  | { kind: 'photo'; facilityId: number; thumb?: boolean }
  | { kind: 'statement'; facilityId: number; statementId: number }
  | { kind: 'evidence'; docKey: string }
  | { kind: 'report'; auditId: number };

export function documentPath(ref: DocumentRef): string {
  switch (ref.kind) {
    case 'photo':
      return `/facility/${ref.facilityId}/photo${ref.thumb ? '?thumb=1' : ''}`;
    case 'statement':
      return `/facility/${ref.facilityId}/audit?id=${ref.statementId}`;
    case 'evidence':
      // a key, never a path: encoded so no '/' or '..' of it reaches the URL's path
      return `/audit/evidence/${encodeURIComponent(ref.docKey)}`;
    case 'report':
      return `/audit/${ref.auditId}/report`;
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

const postMultipart = async <T extends StatusResponse>(path: string, body: FormData, headers: Record<string, string> = {}) =>
  confirmedStatus<T>((await apiFetch(path, { method: 'POST', body, headers: { Accept: 'application/json', ...headers } })).json, path);

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
  async getKilnLog(id: number): Promise<KilnLogDetail> {
    return callApi('/kilnlogs/{id}', 'get', { id });
  },

  /** POST /api/kilnlogs/{id}/analyse: the row analysed again (409 for an audited or archived burn). */
  analyseKilnLog: (id: number): Promise<KilnLog> => callApi('/kilnlogs/{id}/analyse', 'post', { id }),

  /** POST /api/kilnlogs/{id}/archive: the row, with archived_ts and delete_after (409 for an audited burn); the log leaves the live list. */
  archiveKilnLog: (id: number): Promise<KilnLog> => callApi('/kilnlogs/{id}/archive', 'post', { id }),

  /** POST /api/archived_kilnlogs/{id}/restore: the row, no longer archived; the log leaves the archived list. */
  restoreKilnLog: (id: number): Promise<KilnLog> => callApi('/archived_kilnlogs/{id}/restore', 'post', { id }),

  /** POST /api/kilnlogs/{id}/assign: a super-admin files a log of an unknown kiln under a registered kiln; the row, analysed there. */
  async assignKilnLog({ id, kiln }: { id: number; kiln: number }): Promise<KilnLog> {
    const body: KilnLogAssignRequest = { kiln };
    return (await apiFetch(`/kilnlogs/${id}/assign`, { method: 'POST', body: JSON.stringify(body) })).json as KilnLog;
  },

  /** POST /api/kiln/registry/approve: a super-admin approves a pending kiln id; the kiln. */
  async approveKiln(id: number): Promise<Kiln> {
    const body: KilnApproveRequest = { id };
    return (await apiFetch('/kiln/registry/approve', { method: 'POST', body: JSON.stringify(body) })).json as Kiln;
  },

  /** GET /api/kilns/{id}/keys: the kiln's keys, revoked ones included. */
  listKilnKeys: (kilnId: number): Promise<KilnKey[]> => callApi('/kilns/{id}/keys', 'get', { id: kilnId }),

  /** GET /api/kilns/{id}/keys/changes: who added or revoked which of the kiln's keys, when; newest first. */
  listKilnKeyChanges: (kilnId: number): Promise<FacilityChange[]> => callApi('/kilns/{id}/keys/changes', 'get', { id: kilnId }),

  /** POST /api/kilns/{id}/keys: registers a public key for the kiln; a 400 names the field at fault. */
  async addKilnKey({ kilnId, key }: { kilnId: number; key: KilnKeyAddRequest }): Promise<KilnKey> {
    return (await apiFetch(`/kilns/${kilnId}/keys`, { method: 'POST', body: JSON.stringify(key) })).json as KilnKey;
  },

  /** POST /api/kilns/{id}/keys/{keyId}/approve: a super-admin approves a pending key, which signs for the kiln from then on; the key. */
  async approveKilnKey({ kilnId, keyId }: { kilnId: number; keyId: number }): Promise<KilnKey> {
    return (await apiFetch(`/kilns/${kilnId}/keys/${keyId}/approve`, { method: 'POST' })).json as KilnKey;
  },

  /** POST /api/kilns/{id}/keys/{keyId}/revoke: revokes the key for good; the key. */
  async revokeKilnKey({ kilnId, keyId }: { kilnId: number; keyId: number }): Promise<KilnKey> {
    return (await apiFetch(`/kilns/${kilnId}/keys/${keyId}/revoke`, { method: 'POST' })).json as KilnKey;
  },

  /** GET /api/kilns/{id}/calibrations: the kiln's calibration versions, oldest first. */
  listKilnCalibrations: (kilnId: number): Promise<KilnCalibration[]> => callApi('/kilns/{id}/calibrations', 'get', { id: kilnId }),

  /** POST /api/kilns/{id}/calibrations/{calId}/approve: a super-admin puts a pending calibration in force from now; the version. */
  async approveKilnCalibration({ kilnId, calibrationId }: { kilnId: number; calibrationId: number }): Promise<KilnCalibration> {
    return (await apiFetch(`/kilns/${kilnId}/calibrations/${calibrationId}/approve`, { method: 'POST' })).json as KilnCalibration;
  },

  /** GET /api/facility/{id}/changes: who changed the facility's GPS box and factors, approved its kilns, assigned it logs; newest first. */
  listFacilityChanges: (id: number): Promise<FacilityChange[]> => callApi('/facility/{id}/changes', 'get', { id }),

  /** POST /api/facility/{id}/signed-burns: whether the facility's audits take only device-signed burns (a super-admin's); the setting stored. */
  async setSignedBurnsOnly({ facilityId, signedBurnsOnly }: { facilityId: number; signedBurnsOnly: boolean }): Promise<SignedBurnsOnly> {
    const body: SignedBurnsOnly = { signed_burns_only: signedBurnsOnly };
    return (await apiFetch(`/facility/${facilityId}/signed-burns`, { method: 'POST', body: JSON.stringify(body) })).json as SignedBurnsOnly;
  },

  /** GET /api/kilnlogs/{id}/download: the file as uploaded, byte for byte, under the server's file name. */
  async downloadKilnLog(id: number): Promise<DownloadedFile> {
    const { blob, headers } = await apiFetchBlob(`/kilnlogs/${id}/download`);
    return { blob, fileName: fileNameFromDisposition(headers.get('Content-Disposition')) ?? `kilnlog-${id}.csv` };
  },

  /** GET /api/audit/{id}/package: a signed-off audit's verification package (zip), under the server's file name. */
  async getAuditPackage(id: number): Promise<DownloadedFile> {
    const { blob, headers } = await apiFetchBlob(`/audit/${id}/package`);
    return { blob, fileName: fileNameFromDisposition(headers.get('Content-Disposition')) ?? `audit-${id}.zip` };
  },

  /** GET /api/audit/{id}/report: the report.pdf of an audit's package on its own, saved under the server's file name. */
  async getAuditReport(id: number): Promise<DownloadedFile> {
    const { blob, headers } = await apiFetchBlob(`/audit/${id}/report`);
    return { blob, fileName: fileNameFromDisposition(headers.get('Content-Disposition')) ?? `audit-${id}-report.pdf` };
  },

  /** POST /api/audit/{id}/withdraw: its proposer or a super-admin takes an open proposal back; its burns are free again. */
  withdrawAudit: (id: number): Promise<ProposedAuditItem> => callApi('/audit/{id}/withdraw', 'post', { id }),

  /** GET /api/archived_kilnlogs/retention: days an archived log is kept. */
  async getArchiveRetention(): Promise<ArchiveRetention> {
    return callApi('/archived_kilnlogs/retention', 'get');
  },

  /** GET /api/dropdowns/facilities: id, mnemonic and name of each facility the user may pick. */
  async listFacilityOptions(): Promise<FacilityDropdownItem[]> {
    return (await callApi('/dropdowns/facilities', 'get')).data;
  },

  /** POST /api/photo/upload: multipart photo + thumb, headers Related-Facility and photo-guid (docs/product.md#photo-upload). */
  uploadFacilityPhoto({ facilityId, photo, thumb, guid }: PhotoUpload): Promise<StatusResponse> {
    const body = new FormData();
    body.append(PHOTO_UPLOAD.photoField, photo, photo.name);
    body.append(PHOTO_UPLOAD.thumbField, thumb, 'thumb.jpg');
    return postMultipart('/photo/upload', body, {
      [PHOTO_UPLOAD.facilityHeader]: String(facilityId),
      [PHOTO_UPLOAD.guidHeader]: guid,
    });
  },

  /** POST /api/facility/{id}/upload_audit: a signed statement, multipart file + file_type (docs/product.md#audit-upload). */
  uploadFacilityStatement({ facilityId, file, fileType }: StatementUpload): Promise<FacilityAuditUploadResponse> {
    const body = new FormData();
    body.append(AUDIT_UPLOAD.fileField, file, file.name);
    body.append(AUDIT_UPLOAD.fileTypeField, fileType);
    return postMultipart<FacilityAuditUploadResponse>(`/facility/${facilityId}/upload_audit`, body);
  },

  /** A photo or statement with the bearer token (an <img src> could not send it), its type read from the response. */
  async getDocument(ref: DocumentRef): Promise<FetchedDocument> {
    const { blob, headers } = await apiFetchBlob(documentPath(ref));
    return { blob, contentType: mimeType(headers.get('Content-Type')) || mimeType(blob.type) };
  },

  /** POST /api/audit/signoff: multipart proposed_audit_id, file, file_type and repeated analysis_ids; the new History row, where the answer gives one. */
  async signOffAudit({ proposalId, file, fileType, analysisIds }: AuditSignoff): Promise<AuditHistoryItem | null> {
    const body = new FormData();
    const [idField, ...rest] = signoffFields(proposalId, fileType, analysisIds);
    body.append(...idField);
    body.append('file', file, file.name);
    for (const field of rest) body.append(...field);
    const { json } = await apiFetch('/audit/signoff', { method: 'POST', body, headers: { Accept: 'application/json' } });
    const item = json as Partial<AuditHistoryItem> | null;
    return typeof item?.id === 'number' && typeof item.signoff_ts === 'string' ? (item as AuditHistoryItem) : null;
  },

  /** GET /api/co2/summary: audited, utilised CO2 and audited biochar per facility and month. */
  async getCo2Summary(): Promise<CarbonSummaryData> {
    return (await callApi('/co2/summary', 'get')).data;
  },
  /** GET /api/changes: Home's Recent Changes, newest first (any logged-in user). */
  listRecentChanges: (): Promise<RecentChange[]> => callApi('/changes', 'get'),

  /** GET /api/users/{id}/changes: who changed the user, what and when, newest first. */
  listUserChanges: (id: number): Promise<UserChange[]> => callApi('/users/{id}/changes', 'get', { id }),

  /** POST /api/users/{id}/release: a super-admin releases an account a user-admin handed over. */
  releaseUser: (id: number): Promise<User> => callApi('/users/{id}/release', 'post', { id }),

  /** GET /api/users/facilities: the facilities a facility admin may be given. */
  listUserFacilities: (): Promise<UserFacilityOption[]> => callApi('/users/facilities', 'get'),

  /** GET /api/admin/statistics: the last snapshot. */
  getStatistics: (): Promise<Statistics> => callApi('/admin/statistics', 'get'),

  /** POST /api/admin/statistics/update: counts everything again. */
  updateStatistics: (): Promise<Statistics> => callApi('/admin/statistics/update', 'post'),

  /** POST /api/user/{username}/update; resolves on {status: 1}; rejects with an HttpError or an UnconfirmedSaveError. */
  async changePassword(username: string, pass: string): Promise<StatusResponse> {
    const path = `/user/${encodeURIComponent(username)}/update`;
    const { json } = await apiFetch(path, { method: 'POST', body: JSON.stringify({ pass }) });
    return confirmedStatus(json, path);
  },

  /** GET /api/eco-asset/available_co2: per facility its signed-off audits and the CO2 left to mint (docs/product.md#available-co2-response). */
  async getAvailableCo2(): Promise<AvailableCo2Response> {
    return callApi('/eco-asset/available_co2', 'get');
  },

  /** GET /api/eco-asset/{id}/provenance: the asset, its retirements, audits, burns and raw logs. */
  getEcoAssetProvenance: (id: number): Promise<EcoAssetProvenance> => callApi('/eco-asset/{id}/provenance', 'get', { id }),

  /** GET /api/eco-asset/buffer_share: the share of a mint withheld in the buffer pool, who set it and when. */
  getBufferShare: (): Promise<BufferShare> => callApi('/eco-asset/buffer_share', 'get'),

  /** PUT /api/eco-asset/buffer_share (a super-admin's). */
  async setBufferShare(payload: BufferSharePayload): Promise<BufferShare> {
    return (await apiFetch('/eco-asset/buffer_share', { method: 'PUT', body: JSON.stringify(payload) })).json as BufferShare;
  },

  /** GET /api/eco-asset/buffer_share/changes: every share set, who set it and when, newest first (a super-admin's). */
  listBufferShareChanges: (): Promise<BufferShareChange[]> => callApi('/eco-asset/buffer_share/changes', 'get'),

  /** POST /api/eco-asset/{id}/retire: retires kg of its issued units for a beneficiary. */
  async retireEcoAsset(id: number, payload: RetirePayload): Promise<RetireResult> {
    return (await apiFetch(`/eco-asset/${id}/retire`, { method: 'POST', body: JSON.stringify(payload) })).json as RetireResult;
  },

  /** GET /api/eco-asset/{id}/certificate: the one-page PDF. */
  async getEcoAssetCertificate(id: number): Promise<DownloadedFile> {
    const { blob, headers } = await apiFetchBlob(`/eco-asset/${id}/certificate`);
    return { blob, fileName: fileNameFromDisposition(headers.get('Content-Disposition')) ?? `eco-asset-${id}-certificate.pdf` };
  },
};
