import express from 'express';
import { PHOTO_UPLOAD } from '../../src/domain/api/configure';
import { fitsThumbnail, THUMBNAIL_MAX_SIDE } from '../../src/domain/thumbnail';
import { requireOperation } from '../auth/middleware';
import type { AppContext } from '../context';
import { BlobStore } from '../files/blobStore';
import { checkedImageSize } from '../files/imageCheck';
import { checkedUpload, readMultipart, uploadedFile } from '../files/multipartUpload';
import { commitWithFiles, sendStoredFile, storeFile } from '../files/storedFiles';
import { fieldError, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { reachableFacility } from './access';
import { PHOTO_AREA } from './fileAreas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A facility's photo (spec, "Entities and their fields": Photo upload): the client sends the photo and
 * the thumbnail it made; both must really be PNG or JPEG, the thumbnail within
 * 250 px. A new upload replaces the facility's photo.
 */
export function facilityPhotoRoutes(ctx: AppContext): express.Router {
  const router = express.Router();
  const { store } = ctx;
  const blobs = new BlobStore(store.filesDir);

  router.post('/photo/upload', requireOperation('photos', 'upload'), async (req, res) => {
    const auth = req.auth!;
    const facility = reachableFacility(auth, store.data.facilities, positiveId(req.get(PHOTO_UPLOAD.facilityHeader), PHOTO_UPLOAD.facilityHeader));
    const guid = req.get(PHOTO_UPLOAD.guidHeader) ?? '';
    if (!UUID.test(guid)) throw fieldError(PHOTO_UPLOAD.guidHeader, `${PHOTO_UPLOAD.guidHeader} must be a UUID.`);

    await readMultipart(req, res, [PHOTO_UPLOAD.photoField, PHOTO_UPLOAD.thumbField]);
    const photo = await checkedUpload(uploadedFile(req, PHOTO_UPLOAD.photoField), PHOTO_UPLOAD.photoField, PHOTO_UPLOAD.mimeTypes);
    const thumb = await checkedUpload(uploadedFile(req, PHOTO_UPLOAD.thumbField), PHOTO_UPLOAD.thumbField, PHOTO_UPLOAD.mimeTypes);
    await checkedImageSize(photo.bytes, PHOTO_UPLOAD.photoField);
    const thumbSize = await checkedImageSize(thumb.bytes, PHOTO_UPLOAD.thumbField);
    if (!fitsThumbnail(thumbSize)) {
      throw fieldError(PHOTO_UPLOAD.thumbField, `${PHOTO_UPLOAD.thumbField} must be an image at most ${THUMBNAIL_MAX_SIDE} px on its longest side.`);
    }

    const now = new Date().toISOString();
    const record = {
      id: store.nextId('facility_photos'),
      facility_id: facility.id,
      photo_guid: guid.toLowerCase(),
      photo: storeFile(blobs, PHOTO_AREA, photo, auth.userId, now),
      thumb: storeFile(blobs, PHOTO_AREA, thumb, auth.userId, now),
    };
    const photos = store.data.facility_photos;
    const at = photos.findIndex((p) => p.facility_id === facility.id);
    const previous = at >= 0 ? photos.splice(at, 1)[0] : undefined;
    photos.push(record);
    commitWithFiles(store, blobs, {
      added: [record.photo, record.thumb],
      replaced: previous ? [previous.photo, previous.thumb] : [],
      undoRecords() {
        photos.splice(photos.indexOf(record), 1);
        if (previous) photos.splice(at, 0, previous);
      },
    });
    res.json({ status: 1 });
  });

  router.get('/facility/:id/photo', requireOperation('photos', 'show'), async (req, res) => {
    const facility = reachableFacility(req.auth!, store.data.facilities, positiveId(req.params.id, 'id'));
    const photo = store.data.facility_photos.find((p) => p.facility_id === facility.id);
    if (!photo) throw notFound('This facility has no photo.');
    const wantThumb = req.query.thumb === '1' || req.query.thumb === 'true';
    await sendStoredFile(res, blobs, wantThumb ? photo.thumb : photo.photo);
  });

  return router;
}
