import type { DataProvider } from 'react-admin';
import type { AuditLogRow } from '../../../src/domain/audits/types';

/** A burn as the audit calls list it; every field the spec names, overridable. */
export function makeAuditLog(overrides: Partial<AuditLogRow> & { analysis_id: number }): AuditLogRow {
  return {
    facility_id: 1,
    facility_name: 'Nairobi Char Works',
    kiln_id: 'CG1-0007',
    logts: '2026-03-01T06:05:00',
    type: 0,
    gps_in_range: true,
    data_sample: [
      { d: '2026-03-01', t: '06:00:00', t1: 24.5, t2: 23.9, w: 10234 },
      { d: '2026-03-01', t: '06:00:10', t1: 25.1, t2: 24.2, w: 10236 },
    ],
    analysis_detail: { co2_removed: 1507.67, biochar_produced: 618.06 },
    algorithm_version: '2.0.0',
    ...overrides,
  };
}

/** Fake data provider methods (react-admin's generic signatures do not take plain mocks). */
export const fakeProvider = (methods: Record<string, unknown>): Partial<DataProvider> => methods as Partial<DataProvider>;

type ListAnswer = { data: unknown[]; total?: number; meta?: Record<string, unknown> };

/** A getList answering per resource, recording every call; a function answers from the call's params, an Error rejects. */
export function listsBy(
  answers: Record<string, ListAnswer | Error | ((params: { filter: Record<string, unknown> }) => ListAnswer | Error)>,
) {
  const calls: { resource: string; filter: Record<string, unknown> }[] = [];
  const getList = async (resource: string, params: { filter: Record<string, unknown> }) => {
    calls.push({ resource, filter: params.filter });
    const entry = answers[resource];
    const answer = typeof entry === 'function' ? entry(params) : entry;
    if (!answer) return { data: [], total: 0 };
    if (answer instanceof Error) throw answer;
    return { total: answer.data.length, ...answer };
  };
  return { getList, calls };
}
