import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatAuditTimestamp, formatDate, formatDateTime, formatSignoffTime, localIsoDate } from '../../../src/domain/dates';

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

describe('one formatter for screens and documents', () => {
  const moment = '2026-12-01T23:39:53.234Z';

  it("writes a document's moment in UTC and says so, never as a raw ISO string", () => {
    expect(formatDateTime(moment, 'utc')).toBe('01-Dec-2026 23:39 UTC');
    expect(formatSignoffTime(moment, 'utc')).toBe('2026-12-01 23:39:53 UTC');
    expect(formatDate(moment, 'utc')).toBe('01-Dec-2026');
  });

  it("keeps a kiln's wall clock in UTC too, without naming a zone it does not have", () => {
    expect(formatDateTime('2026-11-26T10:20:00', 'utc')).toBe('26-Nov-2026 10:20');
    expect(formatSignoffTime('2026-11-26T10:20:05')).toBe('2026-11-26 10:20:05');
  });

  it('reads a date without a time as that calendar day in any zone', () => {
    expect(formatDate('2026-03-07')).toBe('07-Mar-2026');
  });

  it("writes Audit History's column as the spec names it, DD-MMM-YYYY HH-mm-ss", () => {
    expect(formatAuditTimestamp('2026-03-07T15:04:09')).toBe('07-Mar-2026 15-04-09');
  });

  it('gives the local calendar date a date field holds', () => {
    expect(localIsoDate(new Date(2026, 0, 2, 0, 30))).toBe('2026-01-02');
  });
});

/** The files whose text reaches a screen or a document. */
function shownSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !full.endsWith(path.join('domain', 'api', 'generated.ts'))) files.push(full);
    }
  };
  walk(path.join(ROOT, 'src'));
  return [...files, ...DOCUMENTS.map((f) => path.join(ROOT, f))];
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOCUMENTS = ['mock-server/auditPackage/report.ts', 'mock-server/eco-assets/certificate.ts'];

describe('no date is written past the formatter', () => {
  it("no screen or document uses the browser's locale", () => {
    const offenders = shownSources().filter((f) => /\.toLocale(Date|Time)?String\(|Intl\.DateTimeFormat/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('no screen or document turns a date into an ISO or engine string', () => {
    const shown = shownSources().filter((f) => f.endsWith('.tsx') || DOCUMENTS.some((d) => f.endsWith(d)));
    const offenders = shown.filter((f) => /\.to(ISO|UTC|GMT|Date|Time)String\(/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('no screen or document prints a stored timestamp field as it is', () => {
    const raw = /\$\{[\w.?]*(_ts|logts)\}|\{[\w.?]*\.(\w+_ts|logts)\}/;
    const shown = shownSources().filter((f) => f.endsWith('.tsx') || DOCUMENTS.some((d) => f.endsWith(d)));
    const offenders = shown.filter((f) => raw.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
