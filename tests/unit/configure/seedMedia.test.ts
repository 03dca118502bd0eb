import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { drawKilnYard, LANDSCAPES } from '../../../mock-server/seed/media/kilnYard';
import { buildPdf } from '../../../mock-server/seed/media/pdf';
import { encodePng } from '../../../mock-server/seed/media/png';
import { DEMO_KILNS } from '../../../mock-server/seed/kilns';
import { validateKiln } from '../../../src/domain/kilnValidation';

describe('encodePng', () => {
  it('writes a PNG whose pixels decode back', async () => {
    const rgb = Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]);
    const png = encodePng(2, 2, rgb);
    expect(await fileTypeFromBuffer(png)).toMatchObject({ mime: 'image/png' });
    const idatStart = png.indexOf('IDAT') + 4;
    const idatLength = png.readUInt32BE(idatStart - 8);
    const scanlines = inflateSync(png.subarray(idatStart, idatStart + idatLength));
    expect([...scanlines]).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 9, 9, 9]);
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(RangeError);
  });
});

describe('buildPdf', () => {
  const pdf = buildPdf('Test (1)', [[{ text: 'Page one' }], [{ text: 'Page two \\ (done)', bold: true }]]);
  const text = pdf.toString('latin1');

  it('is detected as a PDF', async () => {
    expect(await fileTypeFromBuffer(pdf)).toMatchObject({ mime: 'application/pdf' });
  });

  it('has a cross-reference table pointing at every object', () => {
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const entries = text
      .slice(xref)
      .split('\n')
      .slice(3)
      .filter((l) => / 00000 n $/.test(l));
    entries.forEach((entry, i) => expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj`)).toBe(true));
    expect(entries.length).toBe(9);
  });

  it('counts its pages and escapes text', () => {
    expect(text).toContain('/Count 2');
    expect(text).toContain('(Page two \\\\ \\(done\\)) Tj');
    expect(text).toContain('(Page 2 of 2) Tj');
  });
});

describe('drawKilnYard', () => {
  it('draws the same picture at any size', () => {
    const small = drawKilnYard(48, 32, LANDSCAPES.savanna);
    expect(small.pixels).toHaveLength(48 * 32 * 3);
    expect(drawKilnYard(48, 32, LANDSCAPES.savanna).pixels).toEqual(small.pixels);
  });
});

describe('DEMO_KILNS', () => {
  it('are twelve valid kilns of all three types, no pair twice', () => {
    expect(DEMO_KILNS).toHaveLength(12);
    expect(new Set(DEMO_KILNS.map((k) => k.type))).toEqual(new Set([0, 1, 2]));
    for (const kiln of DEMO_KILNS) expect(validateKiln(kiln, DEMO_KILNS)).toEqual({});
  });
});
