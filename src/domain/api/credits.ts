/** Payload of GET /api/batches/{id}/credits (issue 44): one credit result per rulebook. Shapes from mock-server/openapi.yaml through generated.ts. */
import type { components } from './generated';

export type BatchCredits = components['schemas']['BatchCredits'];
export type CreditResultPayload = components['schemas']['CreditResult'];
