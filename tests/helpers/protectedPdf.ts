/**
 * A two-page PDF encrypted with the standard security handler (RC4 40-bit,
 * revision 2), for the viewer's password prompts: no PDF library needed.
 */
import { createHash } from 'node:crypto';

const PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
const PERMISSIONS = -44;

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);

// node's OpenSSL 3 has no RC4 without the legacy provider: it is ten lines
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) % 256;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) % 256;
    j = (j + s[i]) % 256;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) % 256];
  }
  return out;
}

/** A PDF whose pages read `pageTexts`, opened only with `userPassword`. */
export function protectedPdf(
  userPassword: string,
  pageTexts: readonly string[] = ['Protected statement, page one', 'Protected statement, page two'],
): Buffer {
  const id = md5(Buffer.from('kiln-console-test'));
  const owner = rc4(md5(padded(`${userPassword}-owner`)).subarray(0, 5), padded(userPassword));
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(PERMISSIONS);
  const key = md5(padded(userPassword), owner, permissions, id).subarray(0, 5);
  const user = rc4(key, PADDING);
  const objectKey = (n: number) => md5(key, Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, 0, 0])).subarray(0, 10);

  const objects = new Map<number, Buffer>();
  const pageIds = pageTexts.map((_, i) => 4 + i * 2);
  const encryptId = 4 + pageTexts.length * 2;
  objects.set(1, Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.set(2, Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((p) => `${p} 0 R`).join(' ')}] /Count ${pageIds.length} >>`));
  objects.set(3, Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'));
  pageTexts.forEach((text, i) => {
    const [pageId, contentId] = [pageIds[i], pageIds[i] + 1];
    objects.set(
      pageId,
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
    const stream = rc4(objectKey(contentId), Buffer.from(`BT /F1 28 Tf 72 700 Td (${text}) Tj ET`, 'latin1'));
    objects.set(contentId, Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`), stream, Buffer.from('\nendstream')]));
  });
  objects.set(
    encryptId,
    Buffer.from(`<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${PERMISSIONS} >>`),
  );

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0].length;
  for (let n = 1; n <= encryptId; n++) {
    offsets[n] = length;
    const obj = Buffer.concat([Buffer.from(`${n} 0 obj\n`), objects.get(n)!, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    length += obj.length;
  }
  const xref = [
    `xref\n0 ${encryptId + 1}\n0000000000 65535 f \n`,
    ...offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  const hexId = id.toString('hex');
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${encryptId + 1} /Root 1 0 R /Encrypt ${encryptId} 0 R /ID [<${hexId}> <${hexId}>] >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
