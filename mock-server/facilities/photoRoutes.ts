import { PHOTO_UPLOAD } from '../../src/domain/api/configure';
import { fitsThumbnail, THUMBNAIL_MAX_SIDE } from '../../src/domain/thumbnail';
import type { AppContext } from '../context';
import type { Handlers } from '../http/mountOperations';
import { checkedImageSize } from '../files/imageCheck';
import { checkedUpload, readMultipart, uploadedFile } from '../files/multipartUpload';
import { sendStoredFile, storeFile } from '../files/storedFiles';
import { fieldError, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import { commitFiles } from '../store/commit';
import { reachableFacility } from './access';
import { PHOTO_AREA } from '../store/fileAreas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A facility's photo (docs/product.md#photo-upload): the client sends the photo and
 * the thumbnail it made; both must really be PNG or JPEG, the thumbnail within
 * 250 px. A new upload replaces the facility's photo.
 */
export function facilityPhotoHandlers(ctx: AppContext): Handlers {
  const { data, blobs } = ctx;

  return {
    uploadFacilityPhoto: async (req, res) => {
      const auth = req.auth!;
      const facility = await reachableFacility(auth, data, positiveId(req.get(PHOTO_UPLOAD.facilityHeader), PHOTO_UPLOAD.facilityHeader));
      const guid = req.get(PHOTO_UPLOAD.guidHeader) ?? '';
      if (!UUID.test(guid)) throw fieldError(PHOTO_UPLOAD.guidHeader, `${PHOTO_UPLOAD.guidHeader} must be a UUID.`);

      await readMultipart(ctx.uploads, req, res, [PHOTO_UPLOAD.photoField, PHOTO_UPLOAD.thumbField]);
      const photo = await checkedUpload(uploadedFile(req, PHOTO_UPLOAD.photoField), PHOTO_UPLOAD.photoField, PHOTO_UPLOAD.mimeTypes);
      const thumb = await checkedUpload(uploadedFile(req, PHOTO_UPLOAD.thumbField), PHOTO_UPLOAD.thumbField, PHOTO_UPLOAD.mimeTypes);
      await checkedImageSize(photo.bytes, PHOTO_UPLOAD.photoField);
      const thumbSize = await checkedImageSize(thumb.bytes, PHOTO_UPLOAD.thumbField);
      if (!fitsThumbnail(thumbSize)) {
        throw fieldError(
          PHOTO_UPLOAD.thumbField,
          `${PHOTO_UPLOAD.thumbField} must be an image at most ${THUMBNAIL_MAX_SIDE} px on its longest side.`,
        );
      }

      const now = new Date().toISOString();
      const stored = {
        photo: await storeFile(blobs, PHOTO_AREA, photo, auth.userId, now),
        thumb: await storeFile(blobs, PHOTO_AREA, thumb, auth.userId, now),
      };
      await commitFiles(blobs, {
        added: [stored.photo.key, stored.thumb.key],
        write: () => data.facilities.replacePhoto({ facility_id: facility.id, photo_guid: guid.toLowerCase(), ...stored }),
        orphaned: ({ replaced }) => (replaced ? [replaced.photo.key, replaced.thumb.key] : []),
      });
      res.json({ status: 1 });
    },

    getFacilityPhoto: async (req, res) => {
      const facility = await reachableFacility(req.auth!, data, positiveId(req.params.id, 'id'));
      const photo = await data.facilities.photo(facility.id);
      if (!photo) throw notFound('This facility has no photo.');
      const wantThumb = req.query.thumb === '1' || req.query.thumb === 'true';
      await sendStoredFile(res, blobs, wantThumb ? photo.thumb : photo.photo);
    },
  };
}
