import { describe, expect, it } from 'vitest';
import { isDuplicateKilnPair, validateKiln, type KilnInput, type KilnPair } from '../../../src/domain/kilnValidation';

const EXISTING: KilnPair[] = [
  { id: 1, kiln_id: 'CG1-0007', facility_id: 1 },
  { id: 2, kiln_id: 'RTR-0003', facility_id: 2 },
];

const valid = (overrides: Partial<KilnInput> = {}): KilnInput => ({
  id: null,
  kiln_id: 'CG1-0100',
  facility_id: 1,
  type: 0,
  install_date: '2025-03-01',
  config: { cgo1: { per_g_weight: 10.2345, zero_weight: 8123.45 }, terrafix: { per_g_weight: 4.8712 } },
  ...overrides,
});

describe('validateKiln', () => {
  it('accepts a complete kiln, and one without any config', () => {
    expect(validateKiln(valid(), EXISTING)).toEqual({});
    expect(validateKiln(valid({ config: null }), EXISTING)).toEqual({});
    expect(validateKiln(valid({ config: { cgo1: { per_g_weight: '', zero_weight: null } } }), EXISTING)).toEqual({});
  });

  it.each([
    ['kiln_id', { kiln_id: '' }],
    ['kiln_id', { kiln_id: '   ' }],
    ['kiln_id', { kiln_id: null }],
    ['facility_id', { facility_id: null }],
    ['type', { type: null }],
    ['install_date', { install_date: '' }],
  ] as const)('requires %s', (field, overrides) => {
    expect(validateKiln(valid(overrides), EXISTING)).toEqual({ [field]: 'required' });
  });

  it('accepts the three kiln types and refuses any other', () => {
    for (const type of [0, 1, 2]) expect(validateKiln(valid({ type }), EXISTING)).toEqual({});
    expect(validateKiln(valid({ type: 3 }), EXISTING)).toEqual({ type: 'not_allowed' });
    expect(validateKiln(valid({ type: -1 }), EXISTING)).toEqual({ type: 'not_allowed' });
  });

  it('wants a real calendar date written YYYY-MM-DD', () => {
    expect(validateKiln(valid({ install_date: '2024-02-29' }), EXISTING)).toEqual({});
    for (const date of ['2025-02-29', '2025/03/01', '01-03-2025', '2025-13-01', '2025-03-01T00:00:00Z']) {
      expect(validateKiln(valid({ install_date: date }), EXISTING)).toEqual({ install_date: 'invalid_date' });
    }
  });

  it('wants a kiln id of one printable token of at most 64 characters', () => {
    expect(validateKiln(valid({ kiln_id: 'A'.repeat(64) }), EXISTING)).toEqual({});
    expect(validateKiln(valid({ kiln_id: 'A'.repeat(65) }), EXISTING)).toEqual({ kiln_id: 'too_long' });
    expect(validateKiln(valid({ kiln_id: 'CG1 0007' }), EXISTING)).toEqual({ kiln_id: 'invalid_format' });
    expect(validateKiln(valid({ kiln_id: 'CG1=7' }), EXISTING)).toEqual({ kiln_id: 'invalid_format' });
  });

  it('wants a facility id that is a positive integer', () => {
    expect(validateKiln(valid({ facility_id: 0 }), EXISTING)).toEqual({ facility_id: 'invalid_format' });
    expect(validateKiln(valid({ facility_id: 1.5 }), EXISTING)).toEqual({ facility_id: 'invalid_format' });
  });

  describe('the kiln id + facility pair', () => {
    it('marks both fields when the pair exists (kiln id compared without case or spaces)', () => {
      const duplicate = { kiln_id: 'duplicate', facility_id: 'duplicate' };
      expect(validateKiln(valid({ kiln_id: 'CG1-0007' }), EXISTING)).toEqual(duplicate);
      expect(validateKiln(valid({ kiln_id: ' cg1-0007 ' }), EXISTING)).toEqual(duplicate);
    });

    it('allows the same kiln id at another facility', () => {
      expect(validateKiln(valid({ kiln_id: 'CG1-0007', facility_id: 2 }), EXISTING)).toEqual({});
    });

    it('does not count the kiln being edited', () => {
      expect(validateKiln(valid({ id: 1, kiln_id: 'CG1-0007' }), EXISTING)).toEqual({});
    });

    it('treats an empty kiln id as no duplicate', () => {
      expect(isDuplicateKilnPair(valid({ kiln_id: '' }), [...EXISTING, { id: 9, kiln_id: '', facility_id: 1 }])).toBe(false);
      expect(validateKiln(valid({ kiln_id: '' }), EXISTING).facility_id).toBeUndefined();
    });
  });

  describe.each([
    ['config.cgo1.per_g_weight', (v: number | string) => ({ cgo1: { per_g_weight: v } }), 0, 100000, 4],
    ['config.cgo1.zero_weight', (v: number | string) => ({ cgo1: { zero_weight: v } }), -100000, 5000000, 2],
    ['config.terrafix.per_g_weight', (v: number | string) => ({ terrafix: { per_g_weight: v } }), 0, 100000, 4],
  ] as const)('%s', (field, config, min, max, decimals) => {
    const errorOf = (v: number | string) => validateKiln(valid({ config: config(v) }), EXISTING)[field];

    it(`accepts ${min} to ${max}`, () => {
      expect(errorOf(min)).toBeUndefined();
      expect(errorOf(max)).toBeUndefined();
    });

    it('refuses a value out of range', () => {
      expect(errorOf(min - 0.01)).toBe('out_of_range');
      expect(errorOf(max + 0.01)).toBe('out_of_range');
    });

    it(`allows ${decimals} decimals, not more`, () => {
      expect(errorOf(Number(`1.${'1'.repeat(decimals)}`))).toBeUndefined();
      expect(errorOf(Number(`1.${'1'.repeat(decimals + 1)}`))).toBe('too_many_decimals');
    });

    it('takes numeric text from an input and refuses other text', () => {
      expect(errorOf('12.5')).toBeUndefined();
      expect(errorOf('12,5')).toBe('not_a_number');
    });
  });
});
