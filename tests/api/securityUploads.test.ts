import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { jpegHeader, jpegImage, pngImage, TINY_PDF } from '../helpers/configure';
import { snapshot } from '../helpers/snapshot';
import { protectedPdf } from '../helpers/protectedPdf';
import { useTestServer } from '../helpers/testServer';

/** Points 9 and 10 of the security review (docs/security.md): images that do not decode or are too big, and PDFs that are not PDFs or carry active content. */

const api = useTestServer();
const THUMB = await jpegImage(250, 167);

const GUID = '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd';

function uploadPhoto(photo: Buffer, thumb = THUMB) {
  return api.server.http
    .post('/api/photo/upload')
    .set(api.as('superadmin'))
    .set('Related-Facility', '4')
    .set('photo-guid', GUID)
    .attach('photo', photo, 'yard.png')
    .attach('thumb', thumb, 'thumb.jpg');
}

function uploadStatement(bytes: Buffer, fileType: string) {
  return api.server.http
    .post('/api/facility/4/upload_audit')
    .set(api.as('superadmin'))
    .field('file_type', fileType)
    .attach('file', bytes, `statement.${fileType}`);
}

/** A PNG whose IHDR claims the given size, followed by almost no picture. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  // a few compressed rows, far from the picture the header promises
  const idat = chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    idat,
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function pdfWith(edit: (doc: PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  await edit(doc);
  // object streams (the default) hide the objects inside compressed streams: the check must look there too
  return Buffer.from(await doc.save());
}

describe('facility photos', () => {
  it.each<[string, () => Buffer, RegExp]>([
    [
      'a PNG header claiming 2^31 px a side',
      () => pngHeaderOnly(2 ** 31 - 1, 2 ** 31 - 1),
      /^photo (is not an image that can be opened|has \d+ × \d+ pixels; at most 50 megapixels)/,
    ],
    [
      'a tiny JPEG claiming 60000 × 60000',
      () => jpegHeader(60000, 60000),
      /^photo (is not an image that can be opened|has 60000 × 60000 pixels)/,
    ],
    ['a PNG header claiming 30000 × 30000', () => pngHeaderOnly(30000, 30000), /^photo has 30000 × 30000 pixels; at most 50 megapixels/],
    ['a JPEG header with no picture', () => jpegHeader(800, 600), /^photo is not an image that can be opened/],
    ['a PNG cut off half-way', () => pngImage(600, 400).subarray(0, 300), /^photo is not an image that can be opened/],
  ])('refuses %s with a 400, storing nothing', async (_name, photo, message) => {
    const before = await snapshot(api.server);
    const res = await uploadPhoto(photo());
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('refuses a thumbnail that does not decode', async () => {
    const res = await uploadPhoto(pngImage(600, 400), jpegHeader(250, 167));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^thumb is not an image/);
  });

  it('still stores a real photo', async () => {
    expect((await uploadPhoto(pngImage(600, 400))).status).toBe(200);
  });
});

describe('facility statements', () => {
  it.each<[string, () => Promise<Buffer> | Buffer, string, RegExp]>([
    [
      'HTML behind a %PDF line',
      () => Buffer.from('%PDF-1.7\n<html><script>alert(document.cookie)</script></html>\n'),
      'pdf',
      /file is not a PDF that can be opened/,
    ],
    [
      'a PDF whose /OpenAction runs JavaScript',
      () =>
        pdfWith((doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }))),
      'pdf',
      /active content/,
    ],
    [
      'a PDF with a document-level script in its name tree',
      () =>
        pdfWith((doc) =>
          doc.catalog.set(
            PDFName.of('Names'),
            doc.context.obj({
              JavaScript: doc.context.obj({ Names: [PDFString.of('x'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('1') })] }),
            }),
          ),
        ),
      'pdf',
      /active content/,
    ],
    [
      'a PDF whose page opens with a launch action',
      () =>
        pdfWith((doc) =>
          doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }) })),
        ),
      'pdf',
      /active content \(Launch\)/,
    ],
    [
      'a PDF with an embedded file',
      () => pdfWith(async (doc) => doc.attach(Buffer.from('MZ'), 'tool.exe', { mimeType: 'application/octet-stream' })),
      'pdf',
      /active content/,
    ],
    [
      'a PDF hiding /JS as /J#53',
      () =>
        Buffer.from(
          TINY_PDF.toString('latin1').replace('/Type/Catalog', '/Type/Catalog/OpenAction<</S/JavaScript/J#53(app.alert(1))>>'),
          'latin1',
        ),
      'pdf',
      /active content/,
    ],
    // L1 of 2026-11-25: pdf-lib decodes only uppercase hex escapes in names
    [
      'a PDF hiding /S /JavaScript and /JS in lowercase hex',
      () =>
        Buffer.from(
          TINY_PDF.toString('latin1').replace('/Type/Catalog', '/Type/Catalog/OpenAction<</S/#4aavaScript/#4aS(app.alert(1))>>'),
          'latin1',
        ),
      'pdf',
      /active content \(JS\)/,
    ],
    [
      'a PDF hiding a launch action in lowercase hex',
      () =>
        Buffer.from(TINY_PDF.toString('latin1').replace('/Type/Catalog', '/Type/Catalog/OpenAction<</S/#4caunch/F(calc.exe)>>'), 'latin1'),
      'pdf',
      /active content \(Launch\)/,
    ],
    ['a JPEG that does not decode', () => jpegHeader(800, 600), 'jpg', /file is not an image that can be opened/],
    ['a PNG claiming 30000 × 30000', () => pngHeaderOnly(30000, 30000), 'png', /at most 50 megapixels/],
  ])('refuses %s with a 400, storing nothing', async (_name, make, fileType, message) => {
    const bytes = await make();
    const before = await snapshot(api.server);
    const res = await uploadStatement(bytes, fileType);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it.each<[string, () => Promise<Buffer> | Buffer]>([
    ['a minimal PDF', () => TINY_PDF],
    [
      'a PDF with a link and a go-to open action',
      () => pdfWith((doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(0).ref, PDFName.of('Fit')]))),
    ],
    ['a password-protected PDF', () => protectedPdf('s3cret')],
  ])('still stores %s', async (_name, make) => {
    const res = await uploadStatement(await make(), 'pdf');
    expect(res.status).toBe(200);
  });
});
