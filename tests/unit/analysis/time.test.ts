import { DAY_MS, formatDate, formatLocalIso, formatTime, parseDateMs, parseTimeOfDayMs } from '../../../mock-server/analysis/time';

describe('parseDateMs: YYYY-MM-DD, a real date, read as UTC midnight', () => {
  it('reads a date, spaces around it allowed', () => {
    expect(parseDateMs('2026-03-01')).toBe(Date.UTC(2026, 2, 1));
    expect(parseDateMs(' 2026-12-31 ')).toBe(Date.UTC(2026, 11, 31));
    expect(parseDateMs('1969-12-31')).toBe(-DAY_MS);
  });

  it('refuses anything around or inside the pattern', () => {
    for (const text of ['x2026-03-01', '2026-03-01x', '2026-3-01', '2026-03-1', '26-03-01', '2026/03/01', '20260-03-01', '']) {
      expect(parseDateMs(text)).toBeNaN();
    }
  });

  it('refuses dates that do not exist rather than rolling them over', () => {
    for (const text of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-12-32', '0099-01-01']) {
      expect(parseDateMs(text)).toBeNaN();
    }
    expect(parseDateMs('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
  });
});

describe('parseTimeOfDayMs: HH:mm:ss or H:mm:ss', () => {
  it('reads hours, minutes and seconds, the last second of the day included', () => {
    expect(parseTimeOfDayMs('00:00:00')).toBe(0);
    expect(parseTimeOfDayMs('23:59:59')).toBe(DAY_MS - 1000);
    expect(parseTimeOfDayMs('12:34:56')).toBe(((12 * 60 + 34) * 60 + 56) * 1000);
  });

  it('reads a one-digit hour and spaces on either side', () => {
    expect(parseTimeOfDayMs('6:05:09')).toBe(((6 * 60 + 5) * 60 + 9) * 1000);
    expect(parseTimeOfDayMs(' 6:05:09')).toBe(parseTimeOfDayMs('06:05:09'));
    expect(parseTimeOfDayMs('6:05:09 ')).toBe(parseTimeOfDayMs('06:05:09'));
    expect(parseTimeOfDayMs(' 06:05:09 ')).toBe(parseTimeOfDayMs('06:05:09'));
  });

  it('refuses hours, minutes or seconds out of range', () => {
    expect(parseTimeOfDayMs('24:00:00')).toBeNaN();
    expect(parseTimeOfDayMs('00:60:00')).toBeNaN();
    expect(parseTimeOfDayMs('00:00:60')).toBeNaN();
  });

  it('refuses wrong separators, lengths and characters next to the digits', () => {
    for (const text of [
      '12:34:567',
      '123:4:56',
      '06.00:00',
      '06:00.00',
      '06:00:0',
      '006:00:00',
      '0/:00:00',
      '0::00:00',
      '00:0/:00',
      '00:00:0:',
      '0a:00:00',
      '',
    ]) {
      expect(parseTimeOfDayMs(text)).toBeNaN();
    }
  });
});

describe('formatting a ts back', () => {
  it('writes two-digit months, days, hours, minutes and seconds', () => {
    const ts = Date.UTC(2026, 9, 10, 10, 10, 10);
    expect(formatDate(ts)).toBe('2026-10-10');
    expect(formatTime(ts)).toBe('10:10:10');
    expect(formatLocalIso(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02T03:04:05');
    expect(formatLocalIso(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31T23:59:59');
  });

  it('writes the time of day of a ts before 1970 too', () => {
    expect(formatTime(-2000)).toBe('23:59:58');
    expect(formatLocalIso(parseDateMs('1969-12-31') + parseTimeOfDayMs('01:02:03'))).toBe('1969-12-31T01:02:03');
  });
});
