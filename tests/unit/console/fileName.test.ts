import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../../src/providers/fileName';

describe('fileNameFromDisposition', () => {
  it("reads the server's attachment name", () => {
    expect(fileNameFromDisposition('attachment; filename="CG1-0007_2026-03-01T0600.csv"')).toBe('CG1-0007_2026-03-01T0600.csv');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
  });

  it('prefers the UTF-8 name', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''br%C3%BBl%C3%A9.csv`)).toBe('brûlé.csv');
  });

  it('drops path parts and answers null without a name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
