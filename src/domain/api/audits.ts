/**
 * Payloads of the audit calls (docs/product.md#proposed-audit-dropdown-item,
 * docs/product.md#auditable-logs-response, docs/product.md#audit-history-item, docs/product.md#carbon-summary; docs/product.md#calls),
 * for the console and the server alike. Shapes from mock-server/openapi.yaml
 * through generated.ts.
 */
import type { components, paths } from './generated';

type Schemas = components['schemas'];

/** A burn as the audit calls answer it: the kiln log row with its data sample. */
export type AuditLog = Schemas['AuditLog'];

/** A burn's numbers and algorithm version as its audit certified them, frozen at signoff. */
export type AuditedBurn = Schemas['AuditedBurn'];

/** GET /api/audit/potential_logs: the burns that can be proposed, and those needing re-analysis first. */
export type PotentialLogsResponse = Schemas['PotentialLogsResponse'];
/** A burn with open fleet anomalies, held back from the potential logs until a second person checks it. */
export type HeldBackLog = Schemas['HeldBackLog'];

/** POST /api/audit/propose?job_id&kiln_type with JSON {analysis_ids} (docs/product.md#calls): the body, the query, and the answer. */
export type ProposeRequest = Schemas['ProposeRequest'];
export type ProposeQuery = paths['/audit/propose']['post']['parameters']['query'];
export type ProposeResult = Schemas['ProposeResult'];

/** GET /api/dropdowns/audits: a proposal not yet signed off (kiln_type -1: burns of more than one type). */
export type ProposedAuditItem = Schemas['ProposedAudit'];
export type ProposedAuditsResponse = Schemas['ProposedAuditsResponse'];

/** One facility's line of an auditable proposal's summary. */
export type AuditCo2Summary = Schemas['AuditFacilitySummary'];

/** GET /api/audit/auditable_logs?audit={id}. */
export type AuditableLogsResponse = Schemas['AuditableLogsResponse'];

/** GET /api/audit/audited_logs?audit_id={id}: the burns and, in the same order, their frozen numbers. */
export type AuditedLogsResponse = Schemas['AuditedLogsResponse'];

/** GET /api/audit/history: one signed-off audit. */
export type AuditHistoryItem = Schemas['AuditHistoryItem'];

/** GET /api/audit/history. */
export type AuditHistoryResponse = Schemas['AuditHistoryResponse'];

/** GET /api/co2/summary. */
export type CarbonSummaryResponse = Schemas['Co2SummaryResponse'];

/** The carbon of all facilities (docs/product.md#carbon-summary). */
export type CarbonSummaryData = CarbonSummaryResponse['data'];

export type CarbonFacility = CarbonSummaryData['facilities'][number];

/** A month of one facility's carbon: year, month 1-12, kg. */
export type CarbonMonth = Schemas['Co2SummaryMonth'];
