/**
 * Where the audit resources live in the API (spec §7), for the one table of
 * resourceEndpoints.ts: proposals (GET /dropdowns/audits, POST /audit/propose),
 * the burns a proposal may take, holds or an audit certified, and the audit
 * history. Each answer is whole, so rows are paged and sorted in the browser.
 */
import type { GetListParams, RaRecord } from 'react-admin';
import type { AuditableLogs, AuditHistoryItem, AuditLogRow, ProposedAuditItem } from '../domain/audits/types';
import { auditLogId, proposeRequest } from '../domain/audits/audits';
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

const getJson = async <T>(path: string): Promise<T> => (await apiFetch(path)).json as T;

/** Log rows carry their analysis id as react-admin's id. */
const withIds = (rows: readonly AuditLogRow[]): (AuditLogRow & RaRecord)[] => rows.map((row) => ({ ...row, id: auditLogId(row) }));

/**
 * A read-only list answered whole by one GET built from the filter; a filter
 * the call needs but lacks (`path` answers null) is an empty list, not a call.
 */
function queriedList<R extends RaRecord>(
  path: (filter: Filter) => string | null,
  read: (json: unknown) => { rows: R[]; meta?: Record<string, unknown> },
): ResourceEndpoint {
  return {
    getList: async (_resource, params: GetListParams) => {
      const { filter = {}, ...rest } = params;
      const target = path(filter);
      if (target === null) return { data: [], total: 0 };
      const { rows, meta } = read(await getJson<unknown>(target));
      // the filter went into the call; only paging and sorting are left to do here
      return { ...listedInBrowser(rows, rest), ...(meta ? { meta } : {}) };
    },
  } as ResourceEndpoint;
}

const dataOf = <T>(json: unknown): T => (json as { data: T }).data;

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

export const AUDIT_ENDPOINTS = {
  [RESOURCES.auditProposals]: {
    ...queriedList(() => '/dropdowns/audits', (json) => ({ rows: dataOf<ProposedAuditItem[]>(json) })),
    // the propose answer's body is not read (spec §7): the new proposal is found in the dropdown by its job id and type
    create: async (_resource: string, { data }: { data: { job_id: string; kiln_type: number | null; analysis_ids: number[] } }) => {
      const request = proposeRequest({ jobId: data.job_id, kilnType: data.kiln_type, analysisIds: data.analysis_ids });
      await apiFetch(`/audit/propose?${query({ job_id: request.job_id, kiln_type: request.kiln_type })}`, {
        method: 'POST',
        body: JSON.stringify({ analysis_ids: request.analysis_ids }),
      });
      const proposals = dataOf<ProposedAuditItem[]>(await getJson('/dropdowns/audits'));
      const created = proposals
        .filter((p) => p.job_id === request.job_id && p.kiln_type === request.kiln_type)
        .sort((a, b) => b.id - a.id)[0];
      return { data: created ?? { id: request.job_id, ...request } };
    },
  } as ResourceEndpoint,
  [RESOURCES.potentialAuditLogs]: queriedList(
    (filter) => (isSet(filter.kiln_type) ? `/audit/potential_logs?${query({ kiln_type: filter.kiln_type })}` : null),
    (json) => ({ rows: withIds(dataOf<AuditLogRow[]>(json)) }),
  ),
  [RESOURCES.auditableLogs]: queriedList(
    (filter) => (isSet(filter.audit) ? `/audit/auditable_logs?${query({ audit: filter.audit })}` : null),
    (json) => {
      const { logs, co2_summary } = dataOf<AuditableLogs>(json);
      return { rows: withIds(logs), meta: { co2_summary } };
    },
  ),
  [RESOURCES.auditedLogs]: queriedList(
    (filter) => (isSet(filter.audit_id) ? `/audit/audited_logs?${query({ audit_id: filter.audit_id })}` : null),
    (json) => ({ rows: withIds(dataOf<AuditLogRow[]>(json)) }),
  ),
  // the signed-off audits of one facility, from and to optional (spec §7)
  [RESOURCES.audits]: queriedList(
    (filter) => (isSet(filter.facility_id) ? `/audit/history?${query({ facility_id: filter.facility_id, from: filter.from, to: filter.to })}` : null),
    (json) => ({ rows: dataOf<AuditHistoryItem[]>(json) }),
  ),
} satisfies Record<string, ResourceEndpoint>;
