import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../mock-server/http/errors';
import { contentRange, MAX_PAGE_SIZE, parseListParams } from '../../../mock-server/http/simpleRest';
import { DEFAULT_KILNLOG_SORT, parseKilnLogFilter } from '../../../mock-server/kilnlogs/query';
import { queryKilnLogs, type KilnLogScope } from '../../../mock-server/store/kilnLogQuery';
import { KILNLOG_SORT_FIELDS } from '../../../src/domain/api/kilnLogs';
import { makeKilnLogRow, makeKilnLogRows } from '../../helpers/kilnLogRows';

const ALL: KilnLogScope = { archived: false, facilityIds: null };
const parse = (query: Record<string, string>) => parseListParams(query, KILNLOG_SORT_FIELDS, DEFAULT_KILNLOG_SORT);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

function expect400(fn: () => unknown, message: RegExp) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    expect((err as HttpError).message).toMatch(message);
    return;
  }
  throw new Error('expected a 400');
}

describe('simple REST parameters', () => {
  it('reads sort, range and filter as JSON', () => {
    const p = parse({ sort: '["file_size","ASC"]', range: '[25,49]', filter: '{"facility_id":2}' });
    expect(p).toEqual({ sort: { field: 'file_size', order: 'ASC' }, range: [25, 49], filter: { facility_id: 2 } });
  });

  it('defaults to newest logs first and the first page of at most 1000', () => {
    expect(parse({})).toEqual({ sort: DEFAULT_KILNLOG_SORT, range: [0, MAX_PAGE_SIZE - 1], filter: {} });
  });

  it('answers 400 for bad JSON, unknown sort fields, bad orders and bad ranges', () => {
    expect400(() => parse({ sort: '["logts"' }), /sort is not valid JSON/);
    expect400(() => parse({ sort: '["password","ASC"]' }), /sort field must be one of/);
    expect400(() => parse({ sort: '["logts","UP"]' }), /ASC or DESC/);
    expect400(() => parse({ range: '[10,5]' }), /range/);
    expect400(() => parse({ range: '[-1,5]' }), /range/);
    expect400(() => parse({ range: '[0,5000]' }), /at most 1000/);
    expect400(() => parse({ filter: '[1]' }), /filter must be a JSON object/);
  });

  it('writes Content-Range as items first-last/total, or */total for an empty page', () => {
    expect(contentRange('items', { rows: [1, 2, 3], start: 0, total: 319 })).toBe('items 0-2/319');
    expect(contentRange('items', { rows: [], start: 400, total: 319 })).toBe('items */319');
  });
});

describe('kiln log filter', () => {
  it('accepts every documented key', () => {
    const f = parseKilnLogFilter({
      id: [1, 2],
      facility_id: 3,
      kiln: 4,
      kiln_id: 'CG1-0007',
      type: 0,
      from: '2026-01-01',
      to: '2026-01-31',
      status: 'invalid',
      audited: 'false',
      q: '  Nairobi ',
    });
    expect(f).toEqual({
      ids: new Set([1, 2]),
      facilityIds: new Set([3]),
      kiln: 4,
      kilnId: 'CG1-0007',
      type: 0,
      from: '2026-01-01T00:00:00',
      to: '2026-01-31T23:59:59',
      status: 'invalid',
      audited: false,
      q: 'nairobi',
    });
  });

  it('answers 400 naming an unknown key or a bad value', () => {
    expect400(() => parseKilnLogFilter({ owner_id: 5 }), /Unknown filter owner_id/);
    expect400(() => parseKilnLogFilter({ status: 'ok' }), /valid, invalid or error/);
    expect400(() => parseKilnLogFilter({ from: 'yesterday' }), /filter.from/);
    expect400(() => parseKilnLogFilter({ facility_id: 'one' }), /filter.facility_id/);
    expect400(() => parseKilnLogFilter({ audited: 'maybe' }), /true or false/);
  });
});

describe('queryKilnLogs', () => {
  const rows = [
    makeKilnLogRow({ id: 1, logts: '2026-01-10T08:00:00', facility_id: 1, file_size: 300, file_name: 'burn-b.csv' }),
    makeKilnLogRow({
      id: 2,
      logts: '2026-01-31T23:30:00',
      facility_id: 2,
      file_size: 100,
      file_name: 'burn-c.csv',
      valid: false,
      analysis_detail: { co2_removed: 5, biochar_produced: 2 },
    }),
    makeKilnLogRow({
      id: 3,
      logts: '2026-02-01T00:00:00',
      facility_id: 1,
      file_size: 200,
      file_name: 'burn-a.csv',
      audited: true,
      audit_id: 1,
    }),
    makeKilnLogRow({
      id: 4,
      logts: null,
      kiln_id: 'GHOST-1',
      kiln: null,
      facility_id: null,
      facility_name: null,
      analysis: null,
      analysis_detail: null,
      valid: false,
      error_message: "Unknown kiln 'GHOST-1'.",
    }),
    makeKilnLogRow({
      id: 5,
      logts: '2026-01-20T09:00:00',
      archived_ts: '2026-02-01T00:00:00.000Z',
      delete_after: '2026-05-02T00:00:00.000Z',
    }),
  ];
  const run = (query: Record<string, string>, scope: KilnLogScope = ALL) => {
    const p = parse(query);
    return queryKilnLogs(rows, scope, parseKilnLogFilter(p.filter), p);
  };

  it('leaves archived logs out of the live list and keeps only them in the archived one', () => {
    expect(ids(run({ sort: '["id","ASC"]' }).rows)).toEqual([1, 2, 3, 4]);
    expect(ids(run({}, { archived: true, facilityIds: null }).rows)).toEqual([5]);
  });

  it('sorts either way with missing values last', () => {
    expect(ids(run({ sort: '["logts","ASC"]' }).rows)).toEqual([1, 2, 3, 4]);
    expect(ids(run({ sort: '["logts","DESC"]' }).rows)).toEqual([3, 2, 1, 4]);
    expect(ids(run({ sort: '["co2_removed","ASC"]' }).rows)).toEqual([2, 1, 3, 4]);
    // the analysis display's order: error (4), invalid (2), valid (1, 3)
    expect(ids(run({ sort: '["analysis","ASC"]' }).rows)).toEqual([4, 2, 1, 3]);
    // row 4 keeps the builder's default size, 1004 bytes
    expect(ids(run({ sort: '["file_size","DESC"]' }).rows)).toEqual([4, 1, 3, 2]);
    // row 4 keeps the builder's name, log-4.csv
    expect(ids(run({ sort: '["file_name","ASC"]' }).rows)).toEqual([3, 1, 2, 4]);
    expect(ids(run({ sort: '["file_name","DESC"]' }).rows)).toEqual([4, 2, 1, 3]);
  });

  it('filters by log time on the kiln clock, a date-only `to` taking the whole day', () => {
    expect(ids(run({ filter: '{"from":"2026-01-15","to":"2026-01-31"}' }).rows)).toEqual([2]);
    expect(ids(run({ filter: '{"from":"2026-01-31T23:30"}', sort: '["id","ASC"]' }).rows)).toEqual([2, 3]);
  });

  it('filters by status, audited, facility, kiln id and text', () => {
    const one = (filter: object) => ids(run({ filter: JSON.stringify(filter), sort: '["id","ASC"]' }).rows);
    expect(one({ status: 'valid' })).toEqual([1, 3]);
    expect(one({ status: 'invalid' })).toEqual([2]);
    expect(one({ status: 'error' })).toEqual([4]);
    expect(one({ audited: true })).toEqual([3]);
    expect(one({ facility_id: [2, 9] })).toEqual([2]);
    expect(one({ kiln_id: 'GHOST-1' })).toEqual([4]);
    expect(one({ q: 'ghost' })).toEqual([4]);
    expect(one({ id: [3, 4, 5] })).toEqual([3, 4]);
  });

  it("limits a facility admin to their facilities' logs (an unknown kiln's log has none)", () => {
    expect(ids(run({ sort: '["id","ASC"]' }, { archived: false, facilityIds: new Set([1]) }).rows)).toEqual([1, 3]);
  });

  it('pages with the total of all matching rows', () => {
    const many = makeKilnLogRows(100);
    const p = parse({ sort: '["id","ASC"]', range: '[20,29]', filter: '{"facility_id":1}' });
    const page = queryKilnLogs(many, ALL, parseKilnLogFilter(p.filter), p);
    expect(page.total).toBe(25);
    expect(page.start).toBe(20);
    expect(ids(page.rows)).toEqual([81, 85, 89, 93, 97]);
  });

  it('keeps pages disjoint when many rows share the sort value', () => {
    const same = Array.from({ length: 30 }, (_, i) => makeKilnLogRow({ id: i + 1, logts: '2026-01-01T00:00:00' }));
    const page = (range: string) => {
      const p = parse({ sort: '["logts","DESC"]', range });
      return ids(queryKilnLogs(same, ALL, {}, p).rows);
    };
    const seen = [...page('[0,9]'), ...page('[10,19]'), ...page('[20,29]')];
    expect(new Set(seen).size).toBe(30);
  });
});
