/**
 * Where the audit resources live in the API (docs/product.md#calls), for the one table of
 * resourceEndpoints.ts: proposals (GET /dropdowns/audits, POST /audit/propose),
 * the burns a proposal may take, holds or an audit certified, and the audit
 * history. Each answer is whole, so rows are paged and sorted in the browser.
 */
import type { GetListParams, RaRecord } from 'react-admin';
import type {
  AuditableLogsResponse,
  AuditedLogsResponse,
  AuditHistoryResponse,
  PotentialLogsResponse,
  ProposedAuditItem,
} from '../domain/api/audits';
import { auditedLogRows, auditLogRow, proposeRequest } from '../domain/audits/audits';
import { RESOURCES } from '../domain/operations';
import { apiFetch } from './httpClient';
import { listedInBrowser } from './listedInBrowser';
import type { ResourceEndpoint } from './resourceEndpoints';

type Filter = Record<string, unknown>;

const query = (params: Record<string, unknown>): string =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();

// the answer's type is the one mock-server/openapi.yaml gives the call (these paths carry a query, which callApi does not build)
const getJson = async <T>(path: string): Promise<T> => (await apiFetch(path)).json as T;

/** Rows of the audit log table carry their analysis id as react-admin's id. */
const asRecords = <R extends { id?: number }>(rows: R[]): (R & RaRecord)[] => rows.map((row) => ({ ...row, id: row.id ?? 0 }));

/**
 * A read-only list answered whole by one GET built from the filter; a filter
 * the call needs but lacks (`path` answers null) is an empty list, not a call.
 */
function queriedList<R extends RaRecord>(
  path: (filter: Filter) => string | null,
  read: (json: never) => { rows: R[]; meta?: Record<string, unknown> },
): ResourceEndpoint {
  return {
    getList: async (_resource, params: GetListParams) => {
      const { filter = {}, ...rest } = params;
      const target = path(filter);
      if (target === null) return { data: [], total: 0 };
      const { rows, meta } = read(await getJson<never>(target));
      // the filter went into the call; only paging and sorting are left to do here
      return { ...listedInBrowser(rows, rest), ...(meta ? { meta } : {}) };
    },
  } as ResourceEndpoint;
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

export const AUDIT_ENDPOINTS = {
  [RESOURCES.auditProposals]: {
    ...queriedList(
      () => '/dropdowns/audits',
      (json: { data: ProposedAuditItem[] }) => ({ rows: json.data }),
    ),
    // docs/product.md#calls does not read the propose answer: a backend answering no proposal has it found in the dropdown by job id and type
    create: async (_resource: string, { data }: { data: { job_id: string; kiln_type: number | null; analysis_ids: number[] } }) => {
      const request = proposeRequest({ jobId: data.job_id, kilnType: data.kiln_type, analysisIds: data.analysis_ids });
      const { json } = await apiFetch(`/audit/propose?${query({ job_id: request.job_id, kiln_type: request.kiln_type })}`, {
        method: 'POST',
        body: JSON.stringify({ analysis_ids: request.analysis_ids }),
      });
      const answered = json as Partial<ProposedAuditItem> | null;
      if (typeof answered?.id === 'number') return { data: answered };
      const proposals = (await getJson<{ data: ProposedAuditItem[] }>('/dropdowns/audits')).data;
      const created = proposals
        .filter((p) => p.job_id === request.job_id && p.kiln_type === request.kiln_type)
        .sort((a, b) => b.id - a.id)[0];
      return { data: created ?? { id: request.job_id, ...request } };
    },
  } as ResourceEndpoint,
  [RESOURCES.potentialAuditLogs]: queriedList(
    (filter) =>
      isSet(filter.kiln_type) ? `/audit/potential_logs?${query({ kiln_type: filter.kiln_type, facility_id: filter.facility_id })}` : null,
    // the burns an older algorithm analysed come apart: the page says they need analysing again
    (json: PotentialLogsResponse) => ({
      rows: asRecords(json.data.map((log) => auditLogRow(log))),
      meta: {
        needs_reanalysis: json.needs_reanalysis.map((log) => auditLogRow(log)),
        algorithm_version: json.algorithm_version,
        held_back: json.held_back,
      },
    }),
  ),
  [RESOURCES.auditableLogs]: queriedList(
    (filter) => (isSet(filter.audit) ? `/audit/auditable_logs?${query({ audit: filter.audit })}` : null),
    ({ data: { logs, co2_summary } }: AuditableLogsResponse) => ({
      rows: asRecords(logs.map((log) => auditLogRow(log))),
      meta: { co2_summary },
    }),
  ),
  [RESOURCES.auditedLogs]: queriedList(
    (filter) => (isSet(filter.audit_id) ? `/audit/audited_logs?${query({ audit_id: filter.audit_id })}` : null),
    // the numbers the audit certified, never the burns' current analysis
    (json: AuditedLogsResponse) => ({ rows: asRecords(auditedLogRows(json.data, json.burns)) }),
  ),
  // the signed-off audits of one facility, from and to optional (docs/product.md#calls)
  [RESOURCES.audits]: queriedList(
    (filter) =>
      isSet(filter.facility_id) ? `/audit/history?${query({ facility_id: filter.facility_id, from: filter.from, to: filter.to })}` : null,
    (json: AuditHistoryResponse) => ({ rows: json.data }),
  ),
} satisfies Record<string, ResourceEndpoint>;
