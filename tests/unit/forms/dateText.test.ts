import { describe, expect, it } from 'vitest';
import { parseDateText, toDateText } from '../../../src/forms/dateText';

describe('install date text', () => {
  it('shows an API date as YYYY/MM/DD', () => {
    expect(toDateText('2024-03-07')).toBe('2024/03/07');
  });

  it('reads YYYY/MM/DD back as the API date', () => {
    expect(parseDateText('2024/03/07')).toBe('2024-03-07');
    expect(parseDateText(' 2024/03/07 ')).toBe('2024-03-07');
  });

  it('accepts other separators, one-digit parts and eight digits', () => {
    expect(parseDateText('2024-3-7')).toBe('2024-03-07');
    expect(parseDateText('2024.12.31')).toBe('2024-12-31');
    expect(parseDateText('20240229')).toBe('2024-02-29');
  });

  it('refuses what is not a calendar date', () => {
    expect(parseDateText('')).toBeNull();
    expect(parseDateText('2023/02/29')).toBeNull();
    expect(parseDateText('2024/13/01')).toBeNull();
    expect(parseDateText('07/03/2024')).toBeNull();
    expect(parseDateText('2024/03')).toBeNull();
  });
});
