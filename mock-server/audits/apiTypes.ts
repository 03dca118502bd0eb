import type { components } from '../../src/domain/api/generated';

/** The answers of the audit calls, as mock-server/openapi.yaml gives them (through generated.ts). */
type Schemas = components['schemas'];

export type AuditLog = Schemas['AuditLog'];
export type PotentialLogsResponse = Schemas['PotentialLogsResponse'];
export type ProposeRequest = Schemas['ProposeRequest'];
export type ProposedAudit = Schemas['ProposedAudit'];
export type ProposeResult = Schemas['ProposeResult'];
export type ProposedAuditsResponse = Schemas['ProposedAuditsResponse'];
export type AuditFacilitySummary = Schemas['AuditFacilitySummary'];
export type AuditableLogsResponse = Schemas['AuditableLogsResponse'];
export type AuditHistoryItem = Schemas['AuditHistoryItem'];
export type AuditHistoryResponse = Schemas['AuditHistoryResponse'];
export type AuditedBurn = Schemas['AuditedBurn'];
export type AuditedLogsResponse = Schemas['AuditedLogsResponse'];
export type Co2SummaryResponse = Schemas['Co2SummaryResponse'];
