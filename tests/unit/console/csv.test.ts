import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseRow } from '../../../src/domain/csv';
import { csvText } from '../../../src/layout/csvExporter';

describe('CSV cells a spreadsheet cannot run', () => {
  it.each(['=1+1', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\r=1', '=HYPERLINK("http://x")'])('neutralises %j', (text) => {
    expect(neutraliseCell(text)).toBe(`'${text}`);
  });

  it.each(['Nairobi', ' =1', '1-2', 'a=b', ''])('keeps %j as it is', (text) => {
    expect(neutraliseCell(text)).toBe(text);
  });

  it('keeps numbers, booleans and null (a negative longitude is a number, not a formula)', () => {
    expect(neutraliseRow({ lon: -1.28, valid: false, note: null })).toEqual({ lon: -1.28, valid: false, note: null });
  });

  it('writes the neutralised cells, quoted where the text needs it', async () => {
    const csv = await csvText([
      { 'File Name': '=cmd|" /C calc"!A0', Facility: 'Char, Works', 'CO2 Removed (kg)': -0.5 },
      { 'File Name': 'CG1_2025.csv', Facility: '@home', 'CO2 Removed (kg)': 12.5 },
    ]);
    const [header, first, second] = csv.split('\n');
    expect(header).toBe('File Name,Facility,CO2 Removed (kg)');
    expect(first).toBe(`"'=cmd|"" /C calc""!A0","Char, Works",-0.5`);
    expect(second).toBe("CG1_2025.csv,'@home,12.5");
  });
});
