import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/apiDataProvider';
import { json, mockFetch } from '../support/renderApp';
import { makeKilnLog } from '../support/kilnLogs';

afterEach(() => vi.unstubAllGlobals());

const EVERY = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };
const auditLog = (id: number) => ({ ...makeKilnLog({ id, kiln_id: `CG1-${id}` }), data_sample: [] });

describe('the audit resources in the data provider (spec §7)', () => {
  it('proposes with job_id and kiln_type in the query and the analysis ids in the body', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/audit/propose')
        ? json({ id: 12, create_ts: '2026-03-01T00:00:00Z', kiln_type: -1, job_id: 'AUD 1&2', facility_id: 1, analysis_ids: [3, 9] }, 201)
        : json({ message: 'Not found.' }, 404),
    );
    const { data } = await dataProvider.create('audit_proposals', {
      data: { job_id: ' AUD 1&2 ', kiln_type: -1, analysis_ids: [9, 3, 9] },
    });
    expect(data.id).toBe(12);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/audit/propose?job_id=AUD+1%262&kiln_type=-1');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ analysis_ids: [3, 9] });
  });

  it('finds the new proposal in the dropdown when the answer carries none', async () => {
    mockFetch((url) =>
      url.startsWith('/api/audit/propose')
        ? json({})
        : json({
            data: [
              { id: 5, create_ts: 'x', kiln_type: 0, job_id: 'AUD-1' },
              { id: 8, create_ts: 'y', kiln_type: 0, job_id: 'AUD-2' },
            ],
          }),
    );
    const { data } = await dataProvider.create('audit_proposals', { data: { job_id: 'AUD-2', kiln_type: 0, analysis_ids: [1] } });
    expect(data.id).toBe(8);
  });

  it('lists potential logs by kiln type, and makes no call before a type is chosen', async () => {
    const fetchMock = mockFetch(() => json({ data: [auditLog(4)], needs_reanalysis: [auditLog(5)], algorithm_version: '2.0.0' }));
    expect(await dataProvider.getList('potential_audit_logs', { ...EVERY, filter: {} })).toEqual({ data: [], total: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
    const result = await dataProvider.getList('potential_audit_logs', { ...EVERY, filter: { kiln_type: 2 } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/audit/potential_logs?kiln_type=2');
    expect(result.data.map((r) => r.id)).toEqual([4]);
    expect(result.meta).toMatchObject({ algorithm_version: '2.0.0', needs_reanalysis: [expect.objectContaining({ analysis_id: 5 })] });
  });

  it("reads an audit's burns with the numbers frozen at signoff", async () => {
    const fetchMock = mockFetch(() =>
      json({ data: [auditLog(4)], burns: [{ analysis_id: 4, co2_removed: 12.5, biochar_produced: 5, algorithm_version: '1.9.0' }] }),
    );
    const { data } = await dataProvider.getList('audited_logs', { ...EVERY, filter: { audit_id: 7 } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/audit/audited_logs?audit_id=7');
    expect(data[0]).toMatchObject({ id: 4, analysis_detail: { co2_removed: 12.5, biochar_produced: 5 }, algorithm_version: '1.9.0' });
  });

  it("reads a proposal's burns and its summary per facility", async () => {
    const summary = [{ name: 'Nairobi Char Works', count: 1, co2: 9, biochar: 3 }];
    const fetchMock = mockFetch(() => json({ data: { logs: [auditLog(4)], co2_summary: summary } }));
    const result = await dataProvider.getList('auditable_logs', { ...EVERY, filter: { audit: 3 } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/audit/auditable_logs?audit=3');
    expect(result.meta).toEqual({ co2_summary: summary });
  });

  it('reads the history of a facility, from and to only when given, ten a page', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, signoff_ts: `2026-03-${String(i + 1).padStart(2, '0')}T00:00:00Z` }));
    const fetchMock = mockFetch(() => json({ data: rows }));
    const result = await dataProvider.getList('audits', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'signoff_ts', order: 'DESC' },
      filter: { facility_id: 3, from: '2026-01-01', to: '' },
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/audit/history?facility_id=3&from=2026-01-01');
    expect(result.total).toBe(12);
    expect(result.data.map((r) => r.id)).toEqual([2, 1]);
  });

  it('signs off with proposed_audit_id, the file, file_type and one analysis_ids per burn', async () => {
    const fetchMock = mockFetch(() => json({ id: 4 }));
    const file = new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' });
    await dataProvider.signOffAudit({ proposalId: 4, file, fileType: 'pdf', analysisIds: [7, 8] });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/audit/signoff');
    const body = init?.body as FormData;
    expect(body.get('proposed_audit_id')).toBe('4');
    expect((body.get('file') as File).name).toBe('statement.pdf');
    expect(body.get('file_type')).toBe('pdf');
    expect(body.getAll('analysis_ids')).toEqual(['7', '8']);
  });

  it('asks for evidence by its key, never a path', async () => {
    const fetchMock = mockFetch(() => new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' })));
    await dataProvider.getDocument({ kind: 'evidence', docKey: '../../etc/passwd' });
    await dataProvider.getDocument({ kind: 'evidence', docKey: 'a1b2.pdf' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/audit/evidence/..%2F..%2Fetc%2Fpasswd',
      '/api/audit/evidence/a1b2.pdf',
    ]);
  });
});
