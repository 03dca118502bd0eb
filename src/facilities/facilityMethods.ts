/** The Facilities page's calls (spec §7), spread into the console's data provider. */
import {
  AUDIT_UPLOAD,
  PHOTO_UPLOAD,
  type FacilityAuditUploadResponse,
  type FacilityDropdownItem,
  type FacilityDropdownResponse,
  type FacilityListResponse,
  type FacilitySavePayload,
  type StatusResponse,
} from '../domain/api/configure';
import { apiFetch } from '../providers/httpClient';
import { confirmedStatus, postForStatus } from '../providers/statusCall';

/** react-query keys; a facility change refetches them all (the kiln registry shows facility names too). */
export const FACILITIES_KEY = ['facilities'] as const;
export const FACILITY_DROPDOWN_KEY = ['facilityDropdown'] as const;

export interface PhotoUpload {
  facilityId: number;
  photo: File;
  thumb: Blob;
  /** the photo-guid header: a UUID the client makes for the photo */
  guid: string;
}

export interface AuditUpload {
  facilityId: number;
  file: File;
  /** png, jpg, jpeg or pdf */
  fileType: string;
}

const postMultipart = async <T extends StatusResponse>(path: string, body: FormData, headers: Record<string, string> = {}) =>
  confirmedStatus<T>((await apiFetch(path, { method: 'POST', body, headers: { Accept: 'application/json', ...headers } })).json, path);

export const facilityMethods = {
  /** GET /api/facilities?uid=: a facility admin sends its user id, everyone else an empty uid (spec §6). */
  async getFacilities(uid: string): Promise<FacilityListResponse> {
    return (await apiFetch(`/facilities?uid=${encodeURIComponent(uid)}`)).json as FacilityListResponse;
  },

  /** POST /api/facility/add (id null) or /edit; resolves on status 1. */
  saveFacility(payload: FacilitySavePayload): Promise<StatusResponse> {
    return postForStatus(payload.id === null ? '/facility/add' : '/facility/edit', payload);
  },

  /** GET /api/dropdowns/facilities: id, mnemonic and name of each facility the user may pick. */
  async getFacilityDropdown(): Promise<FacilityDropdownItem[]> {
    return ((await apiFetch('/dropdowns/facilities')).json as FacilityDropdownResponse).data;
  },

  /** POST /api/photo/upload: multipart photo + thumb, headers Related-Facility and photo-guid (spec §3). */
  uploadFacilityPhoto({ facilityId, photo, thumb, guid }: PhotoUpload): Promise<StatusResponse> {
    const body = new FormData();
    body.append(PHOTO_UPLOAD.photoField, photo, photo.name);
    body.append(PHOTO_UPLOAD.thumbField, thumb, 'thumb.jpg');
    return postMultipart('/photo/upload', body, {
      [PHOTO_UPLOAD.facilityHeader]: String(facilityId),
      [PHOTO_UPLOAD.guidHeader]: guid,
    });
  },

  /** POST /api/facility/{id}/upload_audit: multipart file + file_type (spec §3). */
  uploadFacilityAudit({ facilityId, file, fileType }: AuditUpload): Promise<FacilityAuditUploadResponse> {
    const body = new FormData();
    body.append(AUDIT_UPLOAD.fileField, file, file.name);
    body.append(AUDIT_UPLOAD.fileTypeField, fileType);
    return postMultipart<FacilityAuditUploadResponse>(`/facility/${facilityId}/upload_audit`, body);
  },
};
