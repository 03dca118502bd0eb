import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../src/domain/api/configure';
import { jpegImage, pngImage, TINY_PDF, usersWithout, type DemoUsername } from '../helpers/configure';
import { snapshot, storedRows } from '../helpers/snapshot';
import { bearer, useTestServer } from '../helpers/testServer';
import { facility as facilityRecord, fileExists as storedFile } from '../helpers/storeAccess';

const api = useTestServer();

const GUID = '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd';
const PHOTO = pngImage(600, 400);
const THUMB = await jpegImage(250, 167);
const JPEG = await jpegImage(800, 600);
const TEXT = Buffer.from('just some text, not an image\n');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const OVERSIZED = Buffer.concat([pngImage(1, 1), Buffer.alloc(MAX_UPLOAD_BYTES + 1 - pngImage(1, 1).length)]);

interface Part {
  field: string;
  bytes: Buffer;
  name: string;
}

function uploadPhoto(who: DemoUsername | null, facility: string | null, parts: Part[], guid: string | null = GUID) {
  let req = api.server.http.post('/api/photo/upload');
  if (who) req = req.set(bearer(api.tokens[who]));
  if (facility !== null) req = req.set('Related-Facility', facility);
  if (guid !== null) req = req.set('photo-guid', guid);
  for (const p of parts) req = req.attach(p.field, p.bytes, p.name);
  return req;
}

const photoParts = (photo = PHOTO, thumb = THUMB): Part[] => [
  { field: 'photo', bytes: photo, name: 'yard.png' },
  { field: 'thumb', bytes: thumb, name: 'yard-thumb.jpg' },
];

function uploadAudit(who: DemoUsername | null, facilityId: number, file: { bytes: Buffer; name: string } | null, fileType: string | null) {
  let req = api.server.http.post(`/api/facility/${facilityId}/upload_audit`);
  if (who) req = req.set(bearer(api.tokens[who]));
  if (fileType !== null) req = req.field('file_type', fileType);
  if (file) req = req.attach('file', file.bytes, file.name);
  return req;
}

const getBlob = (url: string, who: DemoUsername | null = 'superadmin') => {
  const req = api.server.http.get(url).responseType('blob');
  return who ? req.set(bearer(api.tokens[who])) : req;
};

const photoRecord = (facilityId: number) => api.server.ctx.data.facilities.photo(facilityId);
const fileExists = (key: string) => storedFile(api.server, key);

describe('POST /api/photo/upload and GET /api/facility/{id}/photo', () => {
  it('serves the seeded photo and thumbnail of every facility as PNG', async () => {
    for (const id of [1, 2, 3, 4]) {
      const photo = await getBlob(`/api/facility/${id}/photo`);
      const thumb = await getBlob(`/api/facility/${id}/photo?thumb=1`);
      expect(photo.status).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(thumb.headers['content-type']).toBe('image/png');
      expect(thumb.body.length).toBeLessThan(photo.body.length);
    }
  });

  it('stores the photo and thumbnail, replacing the earlier ones, and serves them back byte for byte with their types', async () => {
    const previous = (await photoRecord(3))!;
    const res = await uploadPhoto('superadmin', '3', [
      { field: 'photo', bytes: PHOTO, name: '../../etc/<b>yard</b> photo.png' },
      { field: 'thumb', bytes: THUMB, name: 'thumb.jpg' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1 });

    const record = (await photoRecord(3))!;
    expect(record.photo_guid).toBe(GUID);
    expect(record.photo).toMatchObject({ mime_type: 'image/png', size: PHOTO.length, uploader_id: 1 });
    expect(record.thumb).toMatchObject({ mime_type: 'image/jpeg', size: THUMB.length, original_name: 'thumb.jpg' });
    expect(record.photo.original_name).not.toMatch(/[/\\<>]/);
    expect(record.photo.key).toMatch(/^facility-photos\/[0-9a-f-]{36}\.png$/);
    expect(await fileExists(record.photo.key)).toBe(true);
    expect((await fileExists(previous.photo.key)) || (await fileExists(previous.thumb.key))).toBe(false);
    expect((await storedRows(api.server, 'facility_photos')).filter((p) => p.facility_id === 3)).toHaveLength(1);

    const photo = await getBlob('/api/facility/3/photo?thumb=0');
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.body, PHOTO)).toBe(0);
    const thumb = await getBlob('/api/facility/3/photo?thumb=true');
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(thumb.body, THUMB)).toBe(0);
  });

  it('lets a facility admin upload the photo of its own facility', async () => {
    expect((await uploadPhoto('facilityadmin', '1', photoParts())).status).toBe(200);
    expect((await photoRecord(1))!.photo.uploader_id).toBe(5);
  });

  it.each<[string, () => ReturnType<typeof uploadPhoto>, RegExp]>([
    ['no Related-Facility header', () => uploadPhoto('superadmin', null, photoParts()), /Related-Facility/i],
    ['a Related-Facility that is not a number', () => uploadPhoto('superadmin', 'NRB', photoParts()), /Related-Facility/i],
    ['no photo-guid header', () => uploadPhoto('superadmin', '4', photoParts(), null), /photo-guid/],
    ['a photo-guid that is not a UUID', () => uploadPhoto('superadmin', '4', photoParts(), '../../x'), /photo-guid/],
    ['no photo', () => uploadPhoto('superadmin', '4', [photoParts()[1]]), /photo is required/],
    ['no thumbnail', () => uploadPhoto('superadmin', '4', [photoParts()[0]]), /thumb is required/],
    ['an empty photo', () => uploadPhoto('superadmin', '4', photoParts(Buffer.alloc(0))), /photo is required/],
    [
      'text named .png (checked by content, not name)',
      () => uploadPhoto('superadmin', '4', photoParts(TEXT)),
      /photo must be one of image\/png, image\/jpeg/,
    ],
    ['a PDF as photo', () => uploadPhoto('superadmin', '4', photoParts(TINY_PDF)), /photo must be one of/],
    ['a GIF as thumbnail', () => uploadPhoto('superadmin', '4', photoParts(PHOTO, GIF)), /thumb must be one of/],
    [
      'a thumbnail over 250 px',
      () => uploadPhoto('superadmin', '4', photoParts(PHOTO, pngImage(300, 200))),
      /thumb must be an image at most 250 px/,
    ],
    ['two files in photo', () => uploadPhoto('superadmin', '4', [photoParts()[0], photoParts()[0]]), /exactly one file/],
    [
      'a file in an unknown field',
      () => uploadPhoto('superadmin', '4', [photoParts()[0], { field: 'other', bytes: THUMB, name: 'x.jpg' }]),
      /exactly one file/,
    ],
  ])('answers 400 for %s, storing nothing', async (_name, send, message) => {
    const before = await snapshot(api.server);
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('answers 413 for a photo over 20 MB and for more than two files, storing nothing', async () => {
    const before = await snapshot(api.server);
    const oversized = await uploadPhoto('superadmin', '4', photoParts(OVERSIZED));
    expect(oversized.status).toBe(413);
    expect(oversized.body.message).toBe('photo is larger than 20 MB; each file of an upload may be at most 20 MB.');
    const threeFiles = [...photoParts(), { field: 'photo', bytes: PHOTO, name: 'again.png' }];
    const three = await uploadPhoto('superadmin', '4', threeFiles);
    expect(three.status).toBe(413);
    expect(three.body.message).toBe('An upload may carry at most 2 files.');
    expect(await snapshot(api.server)).toEqual(before);
  });

  // Info 10 of the 2026-11-25 review: too many fields were answered "at most 2 files of 20 MB each"
  it('answers 413 naming the text-field limit for too many fields', async () => {
    let req = api.server.http
      .post('/api/photo/upload')
      .set(bearer(api.tokens.superadmin))
      .set('Related-Facility', '4')
      .set('photo-guid', GUID);
    for (let i = 0; i < 11; i++) req = req.field(`note${i}`, 'x');
    const res = await req.attach('photo', PHOTO, 'yard.png');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('An upload may carry at most 10 text fields.');
  });

  it('answers 415 for a body that is not multipart', async () => {
    const res = await api.server.http
      .post('/api/photo/upload')
      .set(bearer(api.tokens.superadmin))
      .set('Related-Facility', '4')
      .set('photo-guid', GUID)
      .send({ photo: 'x' });
    expect(res.status).toBe(415);
  });

  it("answers 404 to a facility admin for another's facility as for an unknown facility, storing nothing", async () => {
    const before = await snapshot(api.server);
    expect((await uploadPhoto('facilityadmin', '3', photoParts())).status).toBe(404);
    expect((await uploadPhoto('superadmin', '999', photoParts())).status).toBe(404);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it.each(usersWithout(['superadmin', 'facilityadmin']))('answers 403 to %s (no upload photo)', async (who) => {
    expect((await uploadPhoto(who, '4', photoParts())).status).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await uploadPhoto(null, '4', photoParts())).status).toBe(401);
    expect((await getBlob('/api/facility/1/photo', null)).status).toBe(401);
  });

  it("reads: 404 to a facility admin for another's facility, 403 without read facility, 404 for a facility without a photo", async () => {
    expect((await getBlob('/api/facility/4/photo', 'facilityadmin')).status).toBe(404);
    expect((await getBlob('/api/facility/1/photo', 'useradmin')).status).toBe(403);
    expect((await getBlob('/api/facility/1/photo', 'broker')).status).toBe(200);
    expect((await getBlob('/api/facility/999/photo')).status).toBe(404);
    const { id: _id, ...fields } = await facilityRecord(api.server, 4);
    const bare = await api.server.ctx.data.facilities.create({ ...fields, mnemonic: 'NOPHOTO', latest_facility_audit_id: null });
    expect(await photoRecord(bare.id)).toBeNull();
    expect((await getBlob(`/api/facility/${bare.id}/photo`)).status).toBe(404);
  });
});

describe('POST /api/facility/{id}/upload_audit and GET /api/facility/{id}/audit', () => {
  it('serves the seeded statements: a PDF as NRB latest, a scanned image before it', async () => {
    const latest = await getBlob('/api/facility/1/audit');
    expect(latest.status).toBe(200);
    expect(latest.headers['content-type']).toBe('application/pdf');
    expect(latest.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const latestId = (await facilityRecord(api.server, 1)).latest_facility_audit_id;
    const older = (await storedRows(api.server, 'facility_audits')).find((a) => a.facility_id === 1 && a.id !== latestId)!;
    const scan = await getBlob(`/api/facility/1/audit?id=${String(older.id)}`);
    expect(scan.headers['content-type']).toBe('image/png');
    expect(scan.headers['content-disposition']).toMatch(/^inline; filename="/);
  });

  it('answers 404 when the facility has no audit statement', async () => {
    expect((await facilityRecord(api.server, 3)).latest_facility_audit_id).toBeNull();
    const res = await api.server.http.get('/api/facility/3/audit').set(bearer(api.tokens.superadmin));
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/no such audit statement/);
  });

  it("answers 404 for ?id= of another facility's statement", async () => {
    const rivAudit = (await facilityRecord(api.server, 4)).latest_facility_audit_id!;
    expect((await getBlob(`/api/facility/4/audit?id=${rivAudit}`)).status).toBe(200);
    expect((await getBlob(`/api/facility/1/audit?id=${rivAudit}`)).status).toBe(404);
    expect((await getBlob('/api/facility/1/audit?id=999')).status).toBe(404);
  });

  it('stores a PDF statement, makes it the latest and serves it back byte for byte', async () => {
    const res = await uploadAudit('superadmin', 3, { bytes: TINY_PDF, name: 'TAS statement.pdf' }, 'pdf');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, id: expect.any(Number) });
    expect((await facilityRecord(api.server, 3)).latest_facility_audit_id).toBe(res.body.id);
    const record = (await api.server.ctx.data.facilities.statement(3, res.body.id))!;
    expect(record).toMatchObject({ facility_id: 3, file_type: 'pdf' });
    expect(record.file).toMatchObject({
      mime_type: 'application/pdf',
      size: TINY_PDF.length,
      original_name: 'TAS statement.pdf',
      uploader_id: 1,
    });
    expect(record.file.key).toMatch(/^facility-audits\/[0-9a-f-]{36}\.pdf$/);

    const blob = await getBlob('/api/facility/3/audit');
    expect(blob.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(blob.body, TINY_PDF)).toBe(0);
  });

  it.each([
    ['a PNG with file_type png', pngImage(40, 30), 'png', 'image/png'],
    ['a PNG with file_type image/png', pngImage(40, 30), 'image/png', 'image/png'],
    ['a JPEG with file_type jpg', JPEG, 'jpg', 'image/jpeg'],
    ['a JPEG with file_type .JPEG', JPEG, '.JPEG', 'image/jpeg'],
  ])('stores %s and serves it with its content type', async (_name, bytes, fileType, mime) => {
    const res = await uploadAudit('superadmin', 4, { bytes, name: 'statement' }, fileType);
    expect(res.status).toBe(200);
    const blob = await getBlob(`/api/facility/4/audit?id=${res.body.id}`);
    expect(blob.headers['content-type']).toBe(mime);
    expect(Buffer.compare(blob.body, bytes)).toBe(0);
  });

  it('lets a facility admin upload and read statements of its own facility', async () => {
    const res = await uploadAudit('facilityadmin', 2, { bytes: TINY_PDF, name: 'nkr.pdf' }, 'application/pdf');
    expect(res.status).toBe(200);
    expect((await facilityRecord(api.server, 2)).latest_facility_audit_id).toBe(res.body.id);
    expect((await getBlob('/api/facility/2/audit', 'facilityadmin')).status).toBe(200);
  });

  it.each<[string, { bytes: Buffer; name: string } | null, string | null, RegExp]>([
    ['no file', null, 'pdf', /file is required/],
    [
      'text named .pdf (checked by content, not name)',
      { bytes: TEXT, name: 'statement.pdf' },
      'pdf',
      /file must be one of image\/png, image\/jpeg, application\/pdf/,
    ],
    ['a GIF', { bytes: GIF, name: 'statement.gif' }, 'png', /file must be one of/],
    ['no file_type', { bytes: TINY_PDF, name: 'statement.pdf' }, null, /file_type must be one of png, jpg, jpeg, pdf/],
    ['a file_type that is not allowed', { bytes: TINY_PDF, name: 'statement.pdf' }, 'docx', /file_type must be one of/],
    ['a file_type that does not match the content', { bytes: TINY_PDF, name: 'statement.png' }, 'png', /file_type png does not match/],
  ])('answers 400 for %s, storing nothing', async (_name, file, fileType, message) => {
    const before = await snapshot(api.server);
    const res = await uploadAudit('superadmin', 4, file, fileType);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('answers 413 for a statement over 20 MB, storing nothing', async () => {
    const before = await snapshot(api.server);
    const res = await uploadAudit('superadmin', 4, { bytes: OVERSIZED, name: 'huge.png' }, 'png');
    expect(res.status).toBe(413);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it("answers 404 to a facility admin for another's facility as for an unknown one, storing nothing", async () => {
    const before = await snapshot(api.server);
    expect((await uploadAudit('facilityadmin', 4, { bytes: TINY_PDF, name: 'x.pdf' }, 'pdf')).status).toBe(404);
    expect((await uploadAudit('superadmin', 999, { bytes: TINY_PDF, name: 'x.pdf' }, 'pdf')).status).toBe(404);
    expect(await snapshot(api.server)).toEqual(before);
    expect((await getBlob('/api/facility/4/audit', 'facilityadmin')).status).toBe(404);
    expect((await getBlob('/api/facility/999/audit')).status).toBe(404);
  });

  it.each(usersWithout(['superadmin', 'facilityadmin']))('answers 403 to %s for an upload (no update facility)', async (who) => {
    expect((await uploadAudit(who, 4, { bytes: TINY_PDF, name: 'x.pdf' }, 'pdf')).status).toBe(403);
  });

  it.each(usersWithout(['superadmin', 'kilnadmin', 'facilityadmin', 'broker']))(
    'answers 403 to %s for a read (no read facility)',
    async (who) => {
      expect((await getBlob('/api/facility/1/audit', who)).status).toBe(403);
    },
  );

  it('answers 401 without a token', async () => {
    expect((await uploadAudit(null, 4, { bytes: TINY_PDF, name: 'x.pdf' }, 'pdf')).status).toBe(401);
    expect((await getBlob('/api/facility/1/audit', null)).status).toBe(401);
  });
});
