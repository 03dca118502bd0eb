/** Payload of GET /api/batches/{id}/credits (issue 44): one credit result per rulebook. Shapes from mock-server/openapi.yaml through generated.ts. */
import type { components } from './generated';

export type BatchCredits = components['schemas']['BatchCredits'];
export type CreditResultPayload = components['schemas']['CreditResult'];
/** Payload of GET /api/audit/{id}/credits: its batches' results (each naming its batch), its burns in no batch, what its signoff froze. */
export type AuditCredits = components['schemas']['AuditCredits'];
export type FrozenCreditPayload = components['schemas']['FrozenCredit'];
