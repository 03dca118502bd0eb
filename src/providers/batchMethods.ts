/**
 * The batch calls that are not react-admin's list and record of a batch
 * (mock-server/openapi.yaml, /batches/... and /labs): its lab results and end
 * uses with their files, closing it, its emissions, what each methodology
 * credits for it, the laboratories and the methodologies' rulebooks, as
 * custom methods of the console's data provider.
 */
import {
  END_USE_EVIDENCE_UPLOAD,
  LAB_CERTIFICATE_UPLOAD,
  type Batch,
  type BatchEmissionsRequest,
  type EndUse,
  type Lab,
  type LabResult,
} from '../domain/api/batches';
import type { BatchCredits } from '../domain/api/credits';
import type { Methodology } from '../domain/api/methodologies';
import { api, data, formData } from './apiClient';

/** A lab result's form: its text fields as typed (methods one per item), and the certificate. */
export interface LabResultUpload {
  batchId: number;
  fields: Record<string, string | string[]>;
  certificate: File;
}

/** An end use's form: its text fields as typed, and the evidence. */
export interface EndUseUpload {
  batchId: number;
  fields: Record<string, string>;
  evidence: File;
}

const withoutBlanks = <T extends string | string[]>(fields: Record<string, T>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value.trim() !== '')));

export const batchMethods = {
  /** GET /api/batches/{id}/lab-results: every result of the batch, superseded ones too. */
  listLabResults: (batchId: number): Promise<LabResult[]> =>
    api.GET('/batches/{id}/lab-results', { params: { path: { id: batchId } } }).then(data),

  /** GET /api/batches/{id}/end-uses. */
  listEndUses: (batchId: number): Promise<EndUse[]> => api.GET('/batches/{id}/end-uses', { params: { path: { id: batchId } } }).then(data),

  /** POST /api/batches/{id}/close: the batch, closed for good. */
  closeBatch: (batchId: number): Promise<Batch> => api.POST('/batches/{id}/close', { params: { path: { id: batchId } } }).then(data),

  /** PUT /api/batches/{id}/emissions: the batch with its project emissions. */
  setBatchEmissions: ({ batchId, emissions }: { batchId: number; emissions: BatchEmissionsRequest }): Promise<Batch> =>
    api.PUT('/batches/{id}/emissions', { params: { path: { id: batchId } }, body: emissions }).then(data),

  /** POST /api/batches/{id}/lab-results: multipart, the values as text and the certificate PDF; a 400 names the field. */
  addLabResult: ({ batchId, fields, certificate }: LabResultUpload): Promise<LabResult> =>
    api
      .POST('/batches/{id}/lab-results', {
        params: { path: { id: batchId } },
        body: { ...withoutBlanks(fields), [LAB_CERTIFICATE_UPLOAD.fileField]: certificate } as never,
        bodySerializer: formData,
      })
      .then(data),

  /** POST /api/batches/{id}/end-uses: multipart, the fields as text and the evidence (PDF or image); a 400 names the field. */
  addEndUse: ({ batchId, fields, evidence }: EndUseUpload): Promise<EndUse> =>
    api
      .POST('/batches/{id}/end-uses', {
        params: { path: { id: batchId } },
        body: { ...withoutBlanks(fields), [END_USE_EVIDENCE_UPLOAD.fileField]: evidence },
        bodySerializer: formData,
      })
      .then(data),

  /** GET /api/labs: the laboratories with their keys. */
  listLabs: (): Promise<Lab[]> => api.GET('/labs').then(data),

  /** GET /api/batches/{id}/credits: what each methodology credits for the batch, from its own evidence. */
  getBatchCredits: (batchId: number): Promise<BatchCredits> =>
    api.GET('/batches/{id}/credits', { params: { path: { id: batchId } } }).then(data),

  /** GET /api/methodologies: the rulebooks the server checked at start. */
  listMethodologies: (): Promise<Methodology[]> => api.GET('/methodologies').then(data),
};
