/** One line of a seed PDF page. */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** extra space above the line, in points */
  gapBefore?: number;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;

/** PDF strings are Latin-1 text in parentheses; keep plain ASCII and escape what must be. */
const pdfString = (text: string) =>
  `(${text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (c) => `\\${c}`)})`;

function pageContent(lines: readonly PdfLine[], pageNumber: number, pageCount: number): string {
  let y = PAGE_HEIGHT - MARGIN;
  const ops = [`0.2 0.4 0.3 rg ${MARGIN} ${PAGE_HEIGHT - 40} ${PAGE_WIDTH - 2 * MARGIN} 4 re f 0 0 0 rg`];
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= (line.gapBefore ?? 0) + size * 1.45;
    ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`);
  }
  ops.push(`BT /F1 9 Tf ${PAGE_WIDTH - MARGIN - 60} 36 Td ${pdfString(`Page ${pageNumber} of ${pageCount}`)} Tj ET`);
  return ops.join('\n');
}

/**
 * A small, valid PDF 1.4 of text pages in Helvetica (seed audit statements):
 * objects are laid out in order and the cross-reference table points at each.
 */
export function buildPdf(title: string, pages: readonly (readonly PdfLine[])[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const firstPage = 6;
  const pageIds = pages.map((_, i) => firstPage + i * 2);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${pdfString(title)} /Producer (Kiln Console demo seed) >>`);
  pages.forEach((lines, i) => {
    const content = pageContent(lines, i + 1, pages.length);
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`,
    );
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
