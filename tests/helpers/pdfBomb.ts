import zlib from 'node:zlib';

/**
 * A small PDF whose object stream (/Type /ObjStm /FlateDecode) inflates to
 * `inflatedMb` megabytes of spaces after one annotation dictionary, with a
 * correct cross-reference table: the decompression bomb of M3 of the
 * 2026-11-25 review, scaled down (a 1 MB file inflating to 1 GB held the
 * server 29 s).
 */
export function pdfBomb(inflatedMb: number): Buffer {
  const head = Buffer.from('6 0 << /Type /Annot >>', 'latin1');
  const stream = zlib.deflateSync(Buffer.concat([head, Buffer.alloc(inflatedMb * 1024 * 1024, 0x20)]), { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>'),
    Buffer.from('<< /Length 0 >>\nstream\n\nendstream'),
    Buffer.concat([
      Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n')];
  const offsets: number[] = [];
  let at = parts[0].length;
  objects.forEach((body, i) => {
    offsets.push(at);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(part);
    at += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}
