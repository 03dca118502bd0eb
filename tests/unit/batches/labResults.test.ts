import { describe, expect, it } from 'vitest';
import {
  cOrgReason,
  contaminantsPass,
  dryBiocharGrams,
  labResultProblems,
  labValue,
  type LabResultInput,
} from '../../../src/domain/batches';
import { labValues } from '../../helpers/labValues';

const result = (o: Partial<LabResultInput> = {}): LabResultInput => ({
  lab_id: 1,
  sample_id: 'S-2026-031',
  ...labValues(),
  moisture_pct: 23.5,
  ro_pct: null,
  contaminants_pass: true,
  certificate_sha256: 'ab'.repeat(32),
  supersedes: null,
  ...o,
});

describe('labResultProblems', () => {
  it('accepts a full result, and one with only some values', () => {
    expect(labResultProblems(result())).toEqual({});
    expect(labResultProblems(result({ c_tot_pct: null, c_inorg_pct: undefined, h_c_org: '', contaminants_pass: null }))).toEqual({});
  });

  it('bounds every share to 0–100 % and the ratios to 0–2.5 and 0–1.5, at the ends included', () => {
    expect(labResultProblems(result({ c_tot_pct: 100, c_inorg_pct: 0, c_org_pct: 100, h_c_org: 2.5, o_c_org: 1.5, ash_pct: 0 }))).toEqual(
      {},
    );
    expect(labResultProblems(result({ moisture_pct: 100.01, ash_pct: -0.1, h_c_org: 2.51, o_c_org: 1.6, ro_pct: 101 }))).toEqual({
      moisture_pct: 'moisture_pct must be a number from 0 to 100.',
      ash_pct: 'ash_pct must be a number from 0 to 100.',
      h_c_org: 'h_c_org must be a number from 0 to 2.5.',
      o_c_org: 'o_c_org must be a number from 0 to 1.5.',
      ro_pct: 'ro_pct must be a number from 0 to 100.',
    });
  });

  it('refuses NaN, Infinity, words and objects, and takes the text of a number as that number', () => {
    for (const messy of [NaN, Infinity, 'twelve', '12 %', {}, [], true]) {
      expect(labResultProblems(result({ volatile_matter_pct: messy })).volatile_matter_pct).toBe(
        'volatile_matter_pct must be a number from 0 to 100.',
      );
    }
    expect(labResultProblems(result({ moisture_pct: ' 23.5 ', h_c_org: '0.45' }))).toEqual({});
    expect(labValue(' 23.5 ')).toBe(23.5);
    expect(labValue('')).toBeNull();
  });

  it('checks C_org = C_tot − C_inorg within 0.5 points when all three are given: 0.5 passes, 0.51 does not', () => {
    expect(labResultProblems(result({ c_tot_pct: 80, c_inorg_pct: 9.5, c_org_pct: 70 }))).toEqual({});
    expect(labResultProblems(result({ c_tot_pct: 80.1, c_inorg_pct: 9.6, c_org_pct: 70 }))).toEqual({});
    expect(labResultProblems(result({ c_tot_pct: 80, c_inorg_pct: 9.49, c_org_pct: 70 }))).toEqual({
      c_org_pct: 'c_org_pct (70) must be c_tot_pct − c_inorg_pct (70.51) within 0.5 points: it is 0.51 points off.',
    });
    expect(labResultProblems(result({ c_tot_pct: 80, c_inorg_pct: 10.51, c_org_pct: 70 })).c_org_pct).toMatch(/0\.51 points off/);
    // two of the three: nothing to check
    expect(cOrgReason(80, null, 10)).toBeUndefined();
    // an out-of-range value is named by itself, not by the identity
    expect(labResultProblems(result({ c_tot_pct: 180 }))).toEqual({ c_tot_pct: 'c_tot_pct must be a number from 0 to 100.' });
  });

  it('needs the lab, sample, dates in order, methods and the certificate hash', () => {
    expect(
      labResultProblems(
        result({
          lab_id: '1',
          sample_id: ' ',
          sampled_date: '2026-02-30',
          reported_date: '20.4.2026',
          methods: [],
          certificate_sha256: 'AB'.repeat(32),
        }),
      ),
    ).toEqual({
      lab_id: 'lab_id must be a laboratory.',
      sample_id: 'sample_id is required.',
      sampled_date: 'sampled_date must be a date as YYYY-MM-DD.',
      reported_date: 'reported_date must be a date as YYYY-MM-DD.',
      methods: 'methods must name at least one method.',
      certificate_sha256: 'certificate_sha256 must be 64 lowercase hex digits.',
    });
    expect(labResultProblems(result({ reported_date: '2026-04-01' })).reported_date).toBe('reported_date cannot be before sampled_date.');
    expect(labResultProblems(result({ methods: ['ISO 16948', ''] })).methods).toBe('methods is required.');
    expect(labResultProblems(result({ methods: 'ISO 16948' })).methods).toBe('methods must name at least one method.');
    expect(labResultProblems(result({ methods: Array.from({ length: 21 }, (_, i) => `M${i}`) })).methods).toMatch(/at most 20/);
    expect(labResultProblems(result({ supersedes: -3 })).supersedes).toBe('supersedes must be a lab result of the batch.');
    expect(labResultProblems(result({ supersedes: 4 }))).toEqual({});
  });

  it('reads contaminants pass or fail from booleans or their text, absent as null', () => {
    expect([true, 'true', false, 'false', null, undefined, ''].map(contaminantsPass)).toEqual([true, true, false, false, null, null, null]);
    expect(labResultProblems(result({ contaminants_pass: 'yes' })).contaminants_pass).toBe(
      'contaminants_pass must be true, false or absent.',
    );
    expect(labResultProblems(result({ contaminants_pass: 1 })).contaminants_pass).toBeDefined();
  });
});

describe('dryBiocharGrams', () => {
  it('is wet × (100 − moisture) / 100 in exact grams, rounded down once', () => {
    expect(dryBiocharGrams(100_000, 23.5)).toBe(76_500);
    // 123,457 × 0.765 = 94,444.605: down to 94,444
    expect(dryBiocharGrams(123_457, 23.5)).toBe(94_444);
    // a float product would give 69,999.99…; the decimal 30.1 is exact here
    expect(dryBiocharGrams(100_000, 30.1)).toBe(69_900);
    expect(dryBiocharGrams(3, 33.333333)).toBe(2);
    expect(dryBiocharGrams(1_000_000_000, 1e-7)).toBe(999_999_999);
  });

  it('keeps all at 0 % and nothing at 100 %; none for a missing or impossible moisture or wet mass', () => {
    expect(dryBiocharGrams(5_000, 0)).toBe(5_000);
    expect(dryBiocharGrams(5_000, 100)).toBe(0);
    for (const moisture of [null, NaN, -1, 100.5, Infinity]) expect(dryBiocharGrams(5_000, moisture)).toBeNull();
    expect(dryBiocharGrams(-1, 20)).toBeNull();
    expect(dryBiocharGrams(1.5, 20)).toBeNull();
  });
});
