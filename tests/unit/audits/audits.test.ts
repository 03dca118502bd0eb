import { describe, expect, it } from 'vitest';
import { makeKilnLog } from '../../components/support/kilnLogs';
import {
  ANY_KILN_TYPE,
  auditedLogRows,
  auditLogRow,
  formatAuditTimestamp,
  isSelectableWith,
  PROPOSE_KILN_TYPE_CHOICES,
  proposeProblems,
  proposeRequest,
  sampleRows,
  selectWithinOneFacility,
  signoffFields,
  statementFileType,
} from '../../../src/domain/audits/audits';
import type { AuditLogRow } from '../../../src/domain/audits/types';
import { auditHistoryCsvRows } from '../../../src/domain/audits/historyCsv';
import { auditIdentity } from '../../../src/domain/audits/identity';
import { formatSignoffTime } from '../../../src/domain/dates';

const log = (analysis_id: number, facility_id: number | null): AuditLogRow => ({ analysis_id, facility_id });
const ROWS = [log(1, 7), log(2, 8), log(3, 7), log(4, null), log(5, 8)];

describe('Propose Audit kiln types (spec §2)', () => {
  it("offers the three types and 'Any/Unknown' as -1", () => {
    expect(PROPOSE_KILN_TYPE_CHOICES.map((c) => c.value)).toEqual([0, 1, 2, -1]);
    expect(ANY_KILN_TYPE).toBe(-1);
  });
});

describe('proposal validation and payload (spec §5, §7)', () => {
  it('asks for a job identifier that is not blank and at least one log', () => {
    expect(proposeProblems({ jobId: '  ', kilnType: 0, analysisIds: [] })).toEqual(['audits.propose.noJobId', 'audits.propose.noLogs']);
    expect(proposeProblems({ jobId: 'AUD-1', kilnType: 0, analysisIds: [] })).toEqual(['audits.propose.noLogs']);
    expect(proposeProblems({ jobId: 'AUD-1', kilnType: null, analysisIds: [3] })).toEqual(['audits.propose.noKilnType']);
    expect(proposeProblems({ jobId: 'AUD-1', kilnType: -1, analysisIds: [3] })).toEqual([]);
  });

  it('sends the job id trimmed and each burn once, in order', () => {
    expect(proposeRequest({ jobId: ' AUD-7 ', kilnType: 2, analysisIds: [9, 3, 9] })).toEqual({
      job_id: 'AUD-7',
      kiln_type: 2,
      analysis_ids: [3, 9],
    });
    expect(() => proposeRequest({ jobId: 'A', kilnType: null, analysisIds: [1] })).toThrow();
  });
});

describe('one facility per audit (spec §1)', () => {
  it('keeps the facility of the burns already chosen', () => {
    expect(selectWithinOneFacility(ROWS, [1], [1, 2, 3])).toEqual({ ids: [1, 3], refused: true });
    expect(selectWithinOneFacility(ROWS, [1], [1, 3])).toEqual({ ids: [1, 3], refused: false });
  });

  it('takes the facility of the first burn in table order when none is chosen (select all)', () => {
    expect(selectWithinOneFacility(ROWS, [], [5, 2, 1])).toEqual({ ids: [1], refused: true });
    expect(selectWithinOneFacility(ROWS, [], [2, 5])).toEqual({ ids: [2, 5], refused: false });
  });

  it('never selects a burn of no facility', () => {
    expect(selectWithinOneFacility(ROWS, [], [4])).toEqual({ ids: [], refused: true });
    expect(isSelectableWith(ROWS, [], log(4, null))).toBe(false);
  });

  it('lets a burn join only a selection of its own facility', () => {
    expect(isSelectableWith(ROWS, [], ROWS[1])).toBe(true);
    expect(isSelectableWith(ROWS, [1], ROWS[1])).toBe(false);
    expect(isSelectableWith(ROWS, [1], ROWS[2])).toBe(true);
  });

  it('clears to nothing', () => {
    expect(selectWithinOneFacility(ROWS, [1, 3], [])).toEqual({ ids: [], refused: false });
  });
});

describe('signoff (spec §5, §7)', () => {
  it('takes png, jpg, jpeg and pdf by extension, whatever the case', () => {
    expect(statementFileType('Statement.PDF')).toBe('pdf');
    expect(statementFileType('scan.jpeg')).toBe('jpeg');
    expect(statementFileType('scan.jpg')).toBe('jpg');
    expect(statementFileType('scan.png')).toBe('png');
    expect(statementFileType('scan.gif')).toBeNull();
    expect(statementFileType('pdf')).toBeNull();
  });

  it('sends proposed_audit_id, file_type and one analysis_ids per burn', () => {
    expect(signoffFields(12, 'pdf', [3, 4, 3])).toEqual({ proposed_audit_id: '12', file_type: 'pdf', analysis_ids: ['3', '4'] });
  });
});

describe('audit texts', () => {
  it('writes the signoff time DD-MMM-YYYY HH-mm-ss (spec §2 Audit History)', () => {
    expect(formatAuditTimestamp('2026-03-07T15:04:09')).toBe('07-Mar-2026 15-04-09');
    expect(formatAuditTimestamp(new Date(2025, 11, 31, 1, 2, 3).toISOString())).toBe('31-Dec-2025 01-02-03');
    expect(formatAuditTimestamp('soon')).toBe('soon');
  });

  it('reads a data sample given as rows or as JSON text, and nothing from anything else', () => {
    const row = { d: '2026-03-01', t: '06:00:00', t1: 24.5, t2: 23.9, w: 10234 };
    expect(sampleRows([row])).toEqual([row]);
    expect(sampleRows(JSON.stringify([row]))).toEqual([row]);
    expect(sampleRows('not json')).toEqual([]);
    expect(sampleRows('{"d":1}')).toEqual([]);
    expect(sampleRows(null)).toEqual([]);
    expect(sampleRows(undefined)).toEqual([]);
  });
});

describe('Audit History CSV (one row per audited burn)', () => {
  const audit = {
    id: 4,
    signoff_ts: '2026-03-07T15:04:09.000Z',
    job_id: 'AUD-2026-03-04',
    kiln_type: 2,
    audited_co2: 2000.125,
    audited_biochar: 800.5,
    docKey: 'k',
    facility_id: 1,
    facility_name: 'Nairobi Char Works',
    evidence_mime_type: 'application/pdf' as const,
    algorithm_versions: ['2.0.0'],
    log_count: 2,
    proposed_by_name: 'kilnadmin',
    signed_off_by_name: 'superadmin',
    package_sha256: null,
  };
  const title = (key: string) => key.split('.').pop()!;

  it('carries the analysis version and frozen numbers of every burn beside its audit', () => {
    const rows = auditHistoryCsvRows(
      audit,
      [
        {
          analysis_id: 11,
          kiln_id: 'TX-1',
          logts: '2026-03-01T06:00:00',
          analysis_detail: { co2_removed: 1000.1, biochar_produced: 400.2 },
          algorithm_version: '2.0.0',
        },
        { analysis_id: 12, kiln_id: 'TX-1', logts: null, analysis_detail: null, algorithm_version: null },
      ],
      title,
    );
    const name = `AUD-2026-03-04 · ${formatSignoffTime('2026-03-07T15:04:09.000Z')} · Proposal 4`;
    // every row repeats its audit's columns
    const auditColumns = {
      audit: name,
      auditId: 4,
      facility: 'Nairobi Char Works',
      jobId: 'AUD-2026-03-04',
      signoffTs: '2026-03-07T15:04:09.000Z',
      kilnType: 'Terrafix',
      auditedCo2: '2000.125',
      auditedBiochar: '800.500',
    };
    expect(rows).toEqual([
      {
        ...auditColumns,
        analysisId: 11,
        kilnId: 'TX-1',
        logTime: '2026-03-01T06:00:00',
        co2Removed: '1000.100',
        biocharProduced: '400.200',
        algorithmVersion: '2.0.0',
      },
      {
        ...auditColumns,
        analysisId: 12,
        kilnId: 'TX-1',
        logTime: null,
        co2Removed: null,
        biocharProduced: null,
        algorithmVersion: null,
      },
    ]);
  });

  it('writes kg exact to the gram with 3 decimals, never binary noise', () => {
    const noisy = { ...audit, audited_co2: 932.1499999999999, audited_biochar: 406.34999999999997 };
    const [row] = auditHistoryCsvRows(
      noisy,
      [
        {
          analysis_id: 1,
          kiln_id: 'K',
          logts: null,
          analysis_detail: { co2_removed: 0.1 + 0.2, biochar_produced: 0 },
          algorithm_version: '2.1.0',
        },
      ],
      title,
    );
    expect(row).toMatchObject({ auditedCo2: '932.150', auditedBiochar: '406.350', co2Removed: '0.300', biocharProduced: '0.000' });
  });

  it('keeps an audit whose burns are not listed as one row', () => {
    const rows = auditHistoryCsvRows(audit, [], title);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ auditId: 4, analysisId: null, algorithmVersion: null });
  });
});

describe('audit log rows from the audit calls', () => {
  const burn = (id: number, co2: number, version = '2.0.0') => ({
    ...makeKilnLog({
      id,
      kiln_id: `CG1-${id}`,
      analysis: JSON.stringify({ valid: 'true', algorithm_version: '2.1.0', co2_removed: 9 }),
      analysis_detail: { co2_removed: 9, biochar_produced: 3 },
    }),
    data_sample: [],
    frozen: { analysis_id: id, co2_removed: co2, biochar_produced: co2 / 2, algorithm_version: version },
  });

  it('shows a burn that is not audited with its current analysis and the version that made it', () => {
    const { frozen: _unused, ...log } = burn(5, 100);
    expect(auditLogRow(log)).toMatchObject({
      id: 5,
      analysis_id: 5,
      kiln_id: 'CG1-5',
      analysis_detail: { co2_removed: 9, biochar_produced: 3 },
      algorithm_version: '2.1.0',
    });
  });

  it("shows an audited burn's frozen numbers and version, matched by analysis id, never its current analysis", () => {
    const a = burn(5, 100, '1.0.0');
    const b = burn(6, 50);
    const rows = auditedLogRows([a, b], [b.frozen, a.frozen]);
    expect(rows.map((r) => [r.analysis_id, r.analysis_detail, r.algorithm_version])).toEqual([
      [5, { co2_removed: 100, biochar_produced: 50 }, '1.0.0'],
      [6, { co2_removed: 50, biochar_produced: 25 }, '2.0.0'],
    ]);
  });

  it('reads N/A rather than the current analysis when an audited burn has no frozen numbers', () => {
    const [row] = auditedLogRows([burn(7, 1)], []);
    expect(row.analysis_detail).toBeNull();
    expect(row.algorithm_version).toBeNull();
  });
});

describe('the audit identity', () => {
  const audit = { id: 6, job_id: 'UX-2026-11-25', signoff_ts: '2026-11-25T16:51:18.000Z' };

  it('names an audit by job id, signoff time (YYYY-MM-DD HH:mm:ss) and proposal number', () => {
    expect(auditIdentity(audit)).toBe(`UX-2026-11-25 · ${formatSignoffTime(audit.signoff_ts)} · Proposal 6`);
    expect(formatSignoffTime(audit.signoff_ts)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('leaves the proposal number out where there is little room, and says when an audit is not signed off', () => {
    expect(auditIdentity(audit, { proposal: false })).toBe(`UX-2026-11-25 · ${formatSignoffTime(audit.signoff_ts)}`);
    expect(auditIdentity({ ...audit, signoff_ts: null })).toBe('UX-2026-11-25 · not signed off · Proposal 6');
  });
});
