/**
 * Where the audit resources live in the API (docs/product.md#calls), for the one table of
 * resourceEndpoints.ts: proposals (GET /dropdowns/audits, POST /audit/propose),
 * the burns a proposal may take, holds or an audit certified, and the audit
 * history. Each answer is whole, so rows are paged and sorted in the browser.
 */
import { SPEC_FACTOR } from '../domain/audits/methodology';
import type { GetListParams, RaRecord } from 'react-admin';
import { auditedLogRows, auditLogRow, proposeRequest } from '../domain/audits/audits';
import { RESOURCES } from '../domain/operations';
import { api, data } from './apiClient';
import { listedInBrowser } from './listedInBrowser';
import type { ResourceEndpoint } from './resourceEndpoints';

type Filter = Record<string, unknown>;

/** Rows of the audit log table carry their analysis id as react-admin's id. */
const asRecords = <R extends { id?: number }>(rows: R[]): (R & RaRecord)[] => rows.map((row) => ({ ...row, id: row.id ?? 0 }));

/**
 * A read-only list answered whole by one GET built from the filter; a filter
 * the call needs but lacks (`call` answers null) is an empty list, not a call.
 */
function queriedList<R extends RaRecord, J>(
  call: (filter: Filter) => Promise<J> | null,
  read: (answer: J) => { rows: R[]; meta?: Record<string, unknown> },
): ResourceEndpoint {
  return {
    getList: async (_resource, params: GetListParams) => {
      const { filter = {}, ...rest } = params;
      const answer = call(filter);
      if (answer === null) return { data: [], total: 0 };
      const { rows, meta } = read(await answer);
      // the filter went into the call; only paging and sorting are left to do here
      return { ...listedInBrowser(rows, rest), ...(meta ? { meta } : {}) };
    },
  } as ResourceEndpoint;
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';
/** A filter's value as the query sends it; an unset one is left out. */
const numberOf = (value: unknown): number | undefined => (isSet(value) ? Number(value) : undefined);
const textOf = (value: unknown): string | undefined => (isSet(value) ? String(value) : undefined);

const proposals = () => api.GET('/dropdowns/audits').then(data);

export const AUDIT_ENDPOINTS = {
  [RESOURCES.auditProposals]: {
    ...queriedList(proposals, (answer) => ({ rows: answer.data })),
    // docs/product.md#calls does not read the propose answer: a backend answering no proposal has it found in the dropdown by job id and type
    create: async (
      _resource: string,
      { data: proposal }: { data: { job_id: string; kiln_type: number | null; analysis_ids: number[]; methodology?: string } },
    ) => {
      const request = proposeRequest({ jobId: proposal.job_id, kilnType: proposal.kiln_type, analysisIds: proposal.analysis_ids });
      // spec-factor is the spec's call as it stands: the parameter goes only with another methodology
      const methodology = proposal.methodology && proposal.methodology !== SPEC_FACTOR ? { methodology: proposal.methodology } : {};
      const answered = await api
        .POST('/audit/propose', {
          params: { query: { job_id: request.job_id, kiln_type: request.kiln_type, ...methodology } },
          body: { analysis_ids: request.analysis_ids },
        })
        .then(data);
      if (typeof answered?.id === 'number') return { data: answered };
      const created = (await proposals()).data
        .filter((p) => p.job_id === request.job_id && p.kiln_type === request.kiln_type)
        .sort((a, b) => b.id - a.id)[0];
      return { data: created ?? { id: request.job_id, ...request } };
    },
  } as ResourceEndpoint,
  [RESOURCES.potentialAuditLogs]: queriedList(
    ({ kiln_type, facility_id }) =>
      isSet(kiln_type)
        ? api
            .GET('/audit/potential_logs', { params: { query: { kiln_type: Number(kiln_type), facility_id: numberOf(facility_id) } } })
            .then(data)
        : null,
    // the burns an older algorithm analysed come apart: the page says they need analysing again
    (answer) => ({
      rows: asRecords(answer.data.map((log) => auditLogRow(log))),
      meta: {
        needs_reanalysis: answer.needs_reanalysis.map((log) => auditLogRow(log)),
        algorithm_version: answer.algorithm_version,
        held_back: answer.held_back,
      },
    }),
  ),
  [RESOURCES.auditableLogs]: queriedList(
    ({ audit }) => (isSet(audit) ? api.GET('/audit/auditable_logs', { params: { query: { audit: Number(audit) } } }).then(data) : null),
    ({ data: { logs, co2_summary } }) => ({
      rows: asRecords(logs.map((log) => auditLogRow(log))),
      meta: { co2_summary },
    }),
  ),
  [RESOURCES.auditedLogs]: queriedList(
    ({ audit_id }) =>
      isSet(audit_id) ? api.GET('/audit/audited_logs', { params: { query: { audit_id: Number(audit_id) } } }).then(data) : null,
    // the numbers the audit certified, never the burns' current analysis
    (answer) => ({ rows: asRecords(auditedLogRows(answer.data, answer.burns)) }),
  ),
  // the signed-off audits of one facility, from and to optional (docs/product.md#calls)
  [RESOURCES.audits]: queriedList(
    ({ facility_id, from, to }) =>
      isSet(facility_id)
        ? api
            .GET('/audit/history', { params: { query: { facility_id: Number(facility_id), from: textOf(from), to: textOf(to) } } })
            .then(data)
        : null,
    (answer) => ({ rows: answer.data }),
  ),
} satisfies Record<string, ResourceEndpoint>;
