import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../src/domain/dates';

describe('formatDate (spec §9: DD-MMM-YYYY)', () => {
  it('pads the day and names the month', () => {
    expect(formatDate(new Date(2026, 2, 7, 15, 30))).toBe('07-Mar-2026');
    expect(formatDate(new Date(2025, 11, 31))).toBe('31-Dec-2025');
  });

  it('returns an unparsable value unchanged', () => {
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('formatDateTime (DD-MMM-YYYY HH:mm)', () => {
  it("keeps a kiln's zoneless wall clock", () => {
    expect(formatDateTime('2026-03-01T06:05:09')).toBe('01-Mar-2026 06:05');
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59))).toBe('31-Dec-2025 23:59');
  });
});
