import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, neutraliseCell } from '../../../src/domain/csv';
import { csvText } from '../../../src/layout/csvExporter';

describe('CSV cells a spreadsheet cannot run', () => {
  it.each(['=1+1', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\r=1', '=HYPERLINK("http://x")'])('neutralises %j', (text) => {
    expect(neutraliseCell(text)).toBe(`'${text}`);
  });

  it.each(['Nairobi', ' =1', '1-2', 'a=b', ''])('keeps %j as it is', (text) => {
    expect(neutraliseCell(text)).toBe(text);
  });

  it('keeps numbers, booleans and null (a negative longitude is a number, not a formula)', () => {
    expect([-1.28, false, null].map(csvCell)).toEqual(['-1.28', 'false', '']);
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

  // L2 of the 2026-11-25 review: a CR inside a name started a row of its own whose first cell was a formula
  it.each([
    ['Nakuru\r=1+1+cmd', '"Nakuru\r=1+1+cmd"'],
    ['line\nbreak', '"line\nbreak"'],
    ['say "hi"', '"say ""hi"""'],
    ['a,b', '"a,b"'],
    ['\r=1', `"'\r=1"`],
    ['=1,2', `"'=1,2"`],
    ['plain', 'plain'],
  ])('quotes %j as %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('keeps a name with a CR inside one cell of one row', () => {
    const csv = csvDocument([{ Mnemonic: 'NKR', Name: "Nakuru Biochar Co-operative\r=1+1+cmd|' /C calc'!A0", Owner: 'owner' }]);
    expect(csv).toBe(`Mnemonic,Name,Owner\nNKR,"Nakuru Biochar Co-operative\r=1+1+cmd|' /C calc'!A0",owner`);
  });

  it('writes every column any row has, empty where a row lacks it, and nothing for no rows', () => {
    expect(csvDocument([{ a: 1 }, { a: 2, b: 'x' }])).toBe('a,b\n1,\n2,x');
    expect(csvDocument([])).toBe('');
  });
});
