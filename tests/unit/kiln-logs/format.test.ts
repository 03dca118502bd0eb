import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, formatKg, formatNumber, formatRate, formatTemperature } from '../../../src/domain/format';

describe('formatNumber (spec §9: thousands separators)', () => {
  it('groups thousands and fixes the decimals', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(999.995, 2)).toBe('1,000.00');
    expect(formatNumber(-12345.5, 1)).toBe('-12,345.5');
  });

  it('never writes a negative zero', () => {
    expect(formatNumber(-0.001, 2)).toBe('0.00');
    expect(formatNumber(-0.4)).toBe('0');
  });
});

describe('weights, rates and temperatures', () => {
  it('writes kg with 2 decimals by default and the given decimals otherwise', () => {
    expect(formatKg(1234.5)).toBe('1,234.50 kg');
    expect(formatKg(0)).toBe('0.00 kg');
    expect(formatKg(1234.56, 1)).toBe('1,234.6 kg');
  });

  it('writes rates in kg/m', () => {
    expect(formatRate(3.256)).toBe('3.26 kg/m');
    expect(formatRate(1500)).toBe('1,500.00 kg/m');
  });

  it('writes temperatures with 2 decimals', () => {
    expect(formatTemperature(812.345)).toBe('812.35 °C');
    expect(formatTemperature(1050)).toBe('1,050.00 °C');
  });
});

describe('formatDuration (spec §9: Xh Ym Zs)', () => {
  it('splits milliseconds into hours, minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0h 0m 0s');
    expect(formatDuration(59_000)).toBe('0h 0m 59s');
    expect(formatDuration(3 * 3_600_000 + 25 * 60_000 + 7_000)).toBe('3h 25m 7s');
  });

  it('rounds to the nearest second and does not wrap hours at a day', () => {
    expect(formatDuration(61_499)).toBe('0h 1m 1s');
    expect(formatDuration(61_500)).toBe('0h 1m 2s');
    expect(formatDuration(25 * 3_600_000)).toBe('25h 0m 0s');
    expect(formatDuration(1_000 * 3_600_000)).toBe('1,000h 0m 0s');
  });

  it('treats a negative duration as none', () => {
    expect(formatDuration(-5_000)).toBe('0h 0m 0s');
  });
});

describe('formatFileSize (spec §9: TBD for 0, B to PB base 1024)', () => {
  it.each([
    ["shows 'TBD' for 0", 0, 'TBD'],
    ['keeps bytes whole below 1024', 1, '1 B'],
    ['keeps bytes whole below 1024', 1023, '1,023 B'],
    ['steps through KB, MB, GB, TB and PB at powers of 1024', 1024, '1.00 KB'],
    ['steps through KB, MB, GB, TB and PB at powers of 1024', 1536, '1.50 KB'],
    ['steps through KB, MB, GB, TB and PB at powers of 1024', 1024 ** 2, '1.00 MB'],
    ['steps through KB, MB, GB, TB and PB at powers of 1024', 5.25 * 1024 ** 3, '5.25 GB'],
    ['steps through KB, MB, GB, TB and PB at powers of 1024', 1024 ** 4, '1.00 TB'],
    ['steps through KB, MB, GB, TB and PB at powers of 1024', 2 * 1024 ** 5, '2.00 PB'],
    ['stays in PB beyond it', 2048 * 1024 ** 5, '2,048.00 PB'],
  ])('%s: %d bytes as %s', (_rule, bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
