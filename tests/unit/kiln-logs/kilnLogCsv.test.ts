import { describe, expect, it } from 'vitest';
import { kilnLogCsvRow } from '../../../src/kiln-logs/kilnLogCsv';
import { makeKilnLog as log } from '../../components/support/kilnLogs';

const key = (k: string) => k;

describe('kilnLogCsvRow', () => {
  it('writes CO2 and biochar as exact kg with 3 decimals, never binary noise', () => {
    const row = kilnLogCsvRow(
      log({ id: 1, analysis_detail: { co2_removed: 932.1499999999999, biochar_produced: 406.34999999999997 } }),
      key,
    );
    expect(row['kilnLogs.columns.co2Removed']).toBe('932.150');
    expect(row['kilnLogs.columns.biocharProduced']).toBe('406.350');
    expect(
      kilnLogCsvRow(log({ id: 2, analysis_detail: { co2_removed: 12, biochar_produced: 0.0004 } }), key)['kilnLogs.columns.co2Removed'],
    ).toBe('12.000');
  });

  it('leaves the figures empty for a log without a result', () => {
    const row = kilnLogCsvRow(log({ id: 3, analysis_detail: null, error_message: 'No burn found', valid: false }), key);
    expect(row['kilnLogs.columns.co2Removed']).toBeNull();
    expect(row['kilnLogs.columns.biocharProduced']).toBeNull();
  });

  it('names the audit of an audited burn by its job id, after the Audited column', () => {
    const audited = kilnLogCsvRow(log({ id: 4, audited: true, audit_id: 7, audit_job_id: 'JOB-2026-07' }), key);
    expect(audited['kilnLogs.export.auditJobId']).toBe('JOB-2026-07');
    const columns = Object.keys(audited);
    expect(columns.indexOf('kilnLogs.export.auditJobId')).toBe(columns.indexOf('kilnLogs.filters.audited') + 1);
    expect(kilnLogCsvRow(log({ id: 5 }), key)['kilnLogs.export.auditJobId']).toBeNull();
  });
});
