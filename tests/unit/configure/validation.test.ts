import { describe, expect, it } from 'vitest';
import { decimalPlaces, describeFieldError, hasErrors, isCalendarDate, numberError, toNumber } from '../../../src/domain/validation';

describe('decimalPlaces', () => {
  it.each([
    [10, 0],
    [10.5, 1],
    [10.2345, 4],
    [-8123.45, 2],
    [1e-7, 7],
    [1.5e-7, 8],
    [1e21, 0],
  ])('%s has %i decimals', (n, places) => expect(decimalPlaces(n)).toBe(places));
});

describe('toNumber', () => {
  it('reads numbers and numeric text, nothing else', () => {
    expect(toNumber(3.5)).toBe(3.5);
    expect(toNumber(' 3.5 ')).toBe(3.5);
    expect(toNumber('')).toBeUndefined();
    expect(toNumber('abc')).toBeUndefined();
    expect(toNumber(NaN)).toBeUndefined();
    expect(toNumber(Infinity)).toBeUndefined();
    expect(toNumber(null)).toBeUndefined();
  });
});

describe('numberError', () => {
  const rule = { min: 0, max: 10, decimals: 2 };
  it('lets a blank optional value pass and flags a blank required one', () => {
    expect(numberError('', rule)).toBeUndefined();
    expect(numberError(undefined, rule, true)).toBe('required');
  });
  it('checks number, range and decimals in that order', () => {
    expect(numberError('x', rule)).toBe('not_a_number');
    expect(numberError(10.001, rule)).toBe('out_of_range');
    expect(numberError(9.999, rule)).toBe('too_many_decimals');
    expect(numberError(9.99, rule)).toBeUndefined();
  });
});

describe('isCalendarDate', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-9')).toBe(false);
    expect(isCalendarDate(20240229)).toBe(false);
  });
});

describe('describeFieldError', () => {
  it('names the field, with the range where there is one', () => {
    expect(describeFieldError('latMin', 'out_of_range', { min: -90, max: 90, decimals: 2 })).toBe('latMin must be between -90 and 90.');
    expect(describeFieldError('config.cgo1.wicf', 'too_many_decimals', { min: 0, max: 100, decimals: 4 })).toBe(
      'config.cgo1.wicf may have at most 4 decimals.',
    );
    expect(describeFieldError('mnemonic', 'duplicate')).toBe('mnemonic is already in use.');
  });
});

describe('hasErrors', () => {
  it('is true only when a field carries an error', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ a: undefined })).toBe(false);
    expect(hasErrors({ a: 'required' })).toBe(true);
  });
});
