import { describe, expect, it } from 'vitest';
import {
  FACILITY_DEFAULTS,
  isAllowedOwnerRole,
  validateFacility,
  type FacilityInput,
  type FacilityRulesContext,
} from '../../../src/domain/facilityValidation';

const CONTEXT: FacilityRulesContext = { existingMnemonics: ['NRB', 'NKR'], allowedOwnerIds: [1, 5] };

const valid = (overrides: Partial<FacilityInput> = {}): FacilityInput => ({
  mnemonic: 'MZU',
  name: 'Mzuzu Char',
  owner_id: 5,
  latMin: -11.5,
  latMax: -11.25,
  lonMin: 33.9,
  lonMax: 34.1,
  config: { cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } },
  ...overrides,
});

describe('validateFacility', () => {
  it('accepts a complete facility, and the spec defaults', () => {
    expect(validateFacility(valid(), CONTEXT)).toEqual({});
    const { wicf, carbonRemovalFactor, ...box } = FACILITY_DEFAULTS;
    expect(
      validateFacility(valid({ ...box, config: { cgo1: { wicf, carbonRemovalFactor } } }), { ...CONTEXT, allowedOwnerIds: [1] }),
    ).toEqual({});
  });

  describe('mnemonic', () => {
    it('is required', () => {
      expect(validateFacility(valid({ mnemonic: '' }), CONTEXT)).toEqual({ mnemonic: 'required' });
      expect(validateFacility(valid({ mnemonic: null }), CONTEXT)).toEqual({ mnemonic: 'required' });
    });

    it('must not be in the existing list (without case or spaces)', () => {
      expect(validateFacility(valid({ mnemonic: 'NRB' }), CONTEXT)).toEqual({ mnemonic: 'duplicate' });
      expect(validateFacility(valid({ mnemonic: ' nkr ' }), CONTEXT)).toEqual({ mnemonic: 'duplicate' });
    });

    it('is no duplicate of itself in edit mode', () => {
      expect(validateFacility(valid({ mnemonic: 'NRB' }), { ...CONTEXT, originalMnemonic: 'NRB' })).toEqual({});
      expect(validateFacility(valid({ mnemonic: 'NKR' }), { ...CONTEXT, originalMnemonic: 'NRB' })).toEqual({ mnemonic: 'duplicate' });
    });

    it('is at most 16 characters', () => {
      expect(validateFacility(valid({ mnemonic: 'M'.repeat(17) }), CONTEXT)).toEqual({ mnemonic: 'too_long' });
    });
  });

  it('lets the name be empty but not longer than 200 characters', () => {
    expect(validateFacility(valid({ name: '' }), CONTEXT)).toEqual({});
    expect(validateFacility(valid({ name: 'N'.repeat(201) }), CONTEXT)).toEqual({ name: 'too_long' });
  });

  it('requires an owner among the allowed owners', () => {
    expect(validateFacility(valid({ owner_id: null }), CONTEXT)).toEqual({ owner_id: 'required' });
    expect(validateFacility(valid({ owner_id: 4 }), CONTEXT)).toEqual({ owner_id: 'not_allowed' });
  });

  describe.each([
    ['latMin', -90, 90, 2],
    ['latMax', -90, 90, 2],
    ['lonMin', -180, 180, 2],
    ['lonMax', -180, 180, 2],
  ] as const)('%s', (field, min, max, decimals) => {
    // the other end of the pair is put out of the way so only this field's own rules apply
    const isMin = field.endsWith('Min');
    const pairField = isMin ? field.replace('Min', 'Max') : field.replace('Max', 'Min');
    const errorsOf = (v: number | string | null) => validateFacility(valid({ [field]: v, [pairField]: isMin ? max : min }), CONTEXT);

    it('is required', () => expect(errorsOf(null)).toEqual({ [field]: 'required' }));
    it(`ranges from ${min} to ${max}`, () => {
      expect(errorsOf(isMin ? min : max)).toEqual({});
      expect(errorsOf(isMin ? min - 0.01 : max + 0.01)).toEqual({ [field]: 'out_of_range' });
    });
    it(`has at most ${decimals} decimals`, () => {
      expect(errorsOf(isMin ? -10.25 : 10.25)).toEqual({});
      expect(errorsOf(isMin ? -10.255 : 10.255)).toEqual({ [field]: 'too_many_decimals' });
    });
  });

  it.each([
    ['latitude', 'latMin', 'latMax'],
    ['longitude', 'lonMin', 'lonMax'],
  ] as const)('flags both %s fields when min is not below max, and neither once it is', (_name, minField, maxField) => {
    const both = { [minField]: 'not_ordered', [maxField]: 'not_ordered' };
    expect(validateFacility(valid({ [minField]: 10, [maxField]: 10 }), CONTEXT)).toEqual(both);
    expect(validateFacility(valid({ [minField]: 11, [maxField]: 10 }), CONTEXT)).toEqual(both);
    expect(validateFacility(valid({ [minField]: 9.99, [maxField]: 10 }), CONTEXT)).toEqual({});
  });

  it('reports a range error rather than the order when one end is out of range', () => {
    expect(validateFacility(valid({ latMin: 95, latMax: 10 }), CONTEXT)).toEqual({ latMin: 'out_of_range' });
  });

  describe.each([['wicf'], ['carbonRemovalFactor']] as const)('config.cgo1.%s', (key) => {
    const field = `config.cgo1.${key}`;
    const errorsOf = (v: number | string | null) =>
      validateFacility(valid({ config: { cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44, [key]: v } } }), CONTEXT);

    it('is required', () => expect(errorsOf(null)).toEqual({ [field]: 'required' }));
    it('ranges from 0 to 100', () => {
      expect(errorsOf(0)).toEqual({});
      expect(errorsOf(100)).toEqual({});
      expect(errorsOf(-0.0001)).toEqual({ [field]: 'out_of_range' });
      expect(errorsOf(100.0001)).toEqual({ [field]: 'out_of_range' });
    });
    it('has at most 4 decimals', () => {
      expect(errorsOf(2.4401)).toEqual({});
      expect(errorsOf(2.44001)).toEqual({ [field]: 'too_many_decimals' });
    });
  });

  it('reports a missing config as both factors required', () => {
    expect(validateFacility(valid({ config: null }), CONTEXT)).toEqual({
      'config.cgo1.wicf': 'required',
      'config.cgo1.carbonRemovalFactor': 'required',
    });
  });
});

describe('isAllowedOwnerRole', () => {
  it('allows only super-admins (0) and facility admins (4)', () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter(isAllowedOwnerRole)).toEqual([0, 4]);
  });
});
