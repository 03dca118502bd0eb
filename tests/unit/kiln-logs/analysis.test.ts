import { describe, expect, it } from 'vitest';
import {
  analysisDisplayState,
  analysisFields,
  gpsWidgetState,
  parseAnalysis,
  validationWidgetState,
  type AnalysisResult,
} from '../../../src/domain/analysis';
import { KILN_TYPES } from '../../../src/domain/kilnTypes';
import { CGO1_ANALYSIS, TERRAFIX_ANALYSIS } from '../../helpers/analysisResults';

const row = (analysis: unknown, overrides: { error_message?: string | null; type?: number | null } = {}) => ({
  error_message: null,
  type: KILN_TYPES.CGO1,
  analysis: typeof analysis === 'string' || analysis === null ? analysis : JSON.stringify(analysis),
  ...overrides,
});

describe('parseAnalysis', () => {
  it('reads the algorithm version and the skipped lines, ignoring values of the wrong kind', () => {
    expect(parseAnalysis(JSON.stringify({ valid: 'true', algorithm_version: '2.0.0', skipped_lines: 4 }))).toMatchObject({
      algorithmVersion: '2.0.0',
      skippedLines: 4,
    });
    expect(parseAnalysis(JSON.stringify({ valid: 'true', algorithm_version: 2, skipped_lines: -1 }))).toMatchObject({
      algorithmVersion: null,
      skippedLines: null,
    });
    expect(parseAnalysis(JSON.stringify({ valid: 'true', skipped_lines: 1.5 }))).toMatchObject({ skippedLines: null });
    expect(parseAnalysis(JSON.stringify({ valid: 'true', skipped_lines: 0 }))).toMatchObject({ skippedLines: 0 });
  });

  it('reads valid only from the string "true"', () => {
    expect((parseAnalysis(JSON.stringify(CGO1_ANALYSIS)) as AnalysisResult).valid).toBe(true);
    expect((parseAnalysis(JSON.stringify({ ...CGO1_ANALYSIS, valid: true })) as AnalysisResult).valid).toBe(false);
    expect((parseAnalysis(JSON.stringify({ ...CGO1_ANALYSIS, valid: 'false' })) as AnalysisResult).valid).toBe(false);
  });

  it('counts a text of 3 characters or fewer as no result', () => {
    expect(parseAnalysis(null)).toBeNull();
    expect(parseAnalysis('{}')).toBeNull();
    expect(parseAnalysis('N/A')).toBeNull();
    expect(parseAnalysis('  {}  ')).toBeNull();
  });

  it('calls a longer text that is not a JSON object unreadable instead of throwing', () => {
    expect(parseAnalysis('not json at all')).toBe('unreadable');
    expect(parseAnalysis('[1, 2, 3]')).toBe('unreadable');
  });

  it('keeps numbers, turns other values into null and drops malformed reasons', () => {
    const parsed = parseAnalysis(
      JSON.stringify({
        valid: 'false',
        co2_removed: '12',
        biochar_produced: 3.5,
        reasons: [{ code: 'DURATION', message: 'Too short.' }, { code: 7 }, 'x'],
      }),
    ) as AnalysisResult;
    expect(parsed.values).toEqual({ co2_removed: null, biochar_produced: 3.5 });
    expect(parsed).toMatchObject({ algorithmVersion: null, skippedLines: null });
    expect(parsed.reasons).toEqual([{ code: 'DURATION', message: 'Too short.' }]);
  });
});

describe('analysisDisplayState (spec §2)', () => {
  it('shows the error when there is one, whatever the result', () => {
    expect(analysisDisplayState(row(CGO1_ANALYSIS, { error_message: "Unknown kiln 'X-9'." }))).toEqual({
      kind: 'error',
      message: "Unknown kiln 'X-9'.",
    });
  });

  it('shows a tick for a valid result and a cross for an invalid one', () => {
    const valid = analysisDisplayState(row(CGO1_ANALYSIS));
    expect(valid).toMatchObject({ kind: 'result', valid: true, kilnType: KILN_TYPES.CGO1 });
    const invalid = analysisDisplayState(row({ ...CGO1_ANALYSIS, valid: 'false' }));
    expect(invalid).toMatchObject({ kind: 'result', valid: false });
  });

  it('shows nothing without an error or a result longer than 3 characters', () => {
    expect(analysisDisplayState(row(null))).toEqual({ kind: 'none' });
    expect(analysisDisplayState(row('{}'))).toEqual({ kind: 'none' });
    expect(analysisDisplayState(row(null, { error_message: '  ' }))).toEqual({ kind: 'none' });
  });

  it('marks a result of an unknown kiln type, keeping its verdict', () => {
    expect(analysisDisplayState(row(CGO1_ANALYSIS, { type: 7 }))).toEqual({ kind: 'unknownKilnType', valid: true });
    expect(analysisDisplayState(row(CGO1_ANALYSIS, { type: null }))).toEqual({ kind: 'unknownKilnType', valid: true });
  });

  it('marks a result that cannot be read', () => {
    expect(analysisDisplayState(row('{"valid": "tr'))).toEqual({ kind: 'unreadable' });
  });
});

describe('analysisFields (spec §3, §9)', () => {
  it('lists the common fields in order with their units', () => {
    const fields = analysisFields(parseAnalysis(JSON.stringify(CGO1_ANALYSIS)) as AnalysisResult, KILN_TYPES.CGO1);
    expect(fields.map((f) => [f.name, f.value])).toEqual([
      ['zero_weight', '10,234.50 counts'],
      ['per_unit_weight', '21.3456 counts/g'],
      ['burn_duration', '3h 25m 7s'],
      ['charing_rate', '0.53 kg/m'],
      ['loading_rate', '4.21 kg/m'],
      ['biomass_loaded', '1,234.57 kg'],
      ['biochar_prior_to_quench', '320.10 kg'],
      ['unpyrolized_biomass', '112.04 kg'],
      ['biochar_produced', '208.06 kg'],
      ['co2_removed', '507.67 kg'],
    ]);
    expect(fields[2].label).toBe('kilnLogs.analysis.fields.burn_duration');
  });

  it('adds the Terrafix temperatures with 2 decimals and both biochar estimates, only for a Terrafix', () => {
    const result = parseAnalysis(JSON.stringify(TERRAFIX_ANALYSIS)) as AnalysisResult;
    const terrafix = Object.fromEntries(analysisFields(result, KILN_TYPES.TERRAFIX).map((f) => [f.name, f.value]));
    expect(terrafix).toMatchObject({
      min_temp_1: '20.50 °C',
      max_temp_1: '812.35 °C',
      min_temp_2: '19.00 °C',
      max_temp_2: '790.10 °C',
      BIOCHAR_FROM_CHANGEOVER: '250.00 kg',
      BIOCHAR_LESS_CHANGE: '212.50 kg',
    });
    expect(analysisFields(result, KILN_TYPES.CGO1).map((f) => f.name)).not.toContain('max_temp_1');
  });

  it('gives null for a field the result carries as null (a Retort has no calibration) and skips absent ones', () => {
    const result = parseAnalysis(JSON.stringify({ valid: 'true', zero_weight: null, co2_removed: 1 })) as AnalysisResult;
    expect(analysisFields(result, KILN_TYPES.RETORT)).toEqual([
      { name: 'zero_weight', label: 'kilnLogs.analysis.fields.zero_weight', value: null },
      { name: 'co2_removed', label: 'kilnLogs.analysis.fields.co2_removed', value: '1.00 kg' },
    ]);
  });
});

describe('validationWidgetState (spec §2 kiln validation widget)', () => {
  it('is grey when the check does not apply, whatever the value', () => {
    expect(validationWidgetState(true, false)).toBe('notApplicable');
    expect(validationWidgetState(null, false)).toBe('notApplicable');
  });

  it('passes a non-zero, non-null value', () => {
    expect(validationWidgetState(true, true)).toBe('pass');
    expect(validationWidgetState(1, true)).toBe('pass');
    expect(validationWidgetState(-2.5, true)).toBe('pass');
  });

  it('fails zero, false and null', () => {
    expect(validationWidgetState(0, true)).toBe('fail');
    expect(validationWidgetState(false, true)).toBe('fail');
    expect(validationWidgetState(null, true)).toBe('fail');
    expect(validationWidgetState(undefined, true)).toBe('fail');
  });

  it('applies the GPS check only to an analysed log', () => {
    expect(gpsWidgetState({ ...row(CGO1_ANALYSIS), gps_in_range: true })).toBe('pass');
    expect(gpsWidgetState({ ...row(CGO1_ANALYSIS), gps_in_range: false })).toBe('fail');
    expect(gpsWidgetState({ ...row(null, { error_message: 'The file is empty.' }), gps_in_range: null })).toBe('notApplicable');
  });
});
