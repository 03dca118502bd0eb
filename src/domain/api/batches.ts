/**
 * Payloads of the batch calls (issue 43): production batches, their lab
 * results, end uses and emissions, and the laboratories, named for the console
 * and the API server. The shapes come from mock-server/openapi.yaml through
 * generated.ts; masses are exact whole grams.
 */

import type { components } from './generated';

type Schemas = components['schemas'];

/** GET /api/batches and /api/batches/{id}. */
export type Batch = Schemas['Batch'];
/** POST /api/batches. */
export type BatchCreateRequest = Schemas['BatchCreateRequest'];
export type BatchEmissions = Schemas['BatchEmissions'];
/** PUT /api/batches/{id}/emissions. */
export type BatchEmissionsRequest = Schemas['BatchEmissionsRequest'];
/** GET /api/batches/{id}/lab-results (the certificate_key stays inside). */
export type LabResult = Schemas['LabResult'];
/** GET /api/batches/{id}/end-uses (the evidence_key stays inside). */
export type EndUse = Schemas['EndUse'];
/** GET /api/labs: each laboratory with its keys. */
export type Lab = Schemas['Lab'];
export type LabKey = Schemas['LabKey'];
/** POST /api/labs. */
export type LabCreateRequest = Schemas['LabCreateRequest'];
/** POST /api/labs/{id}/keys. */
export type LabKeyAddRequest = Schemas['LabKeyAddRequest'];

/** The multipart parts of a lab result's certificate and an end use's evidence. */
export const LAB_CERTIFICATE_UPLOAD = {
  fileField: 'certificate',
  signatureField: 'certificate_signature',
  mimeTypes: ['application/pdf'],
} as const;
export const END_USE_EVIDENCE_UPLOAD = { fileField: 'evidence', mimeTypes: ['application/pdf', 'image/png', 'image/jpeg'] } as const;
