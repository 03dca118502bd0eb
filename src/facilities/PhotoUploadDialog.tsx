import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import type { Facility } from '../domain/api/configure';
import { FileInput } from '../forms/FileChooser';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import type { FormFieldErrors } from '../forms/formErrors';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import type { PhotoUpload } from '../providers/apiMethods';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { makeThumbnail } from './makeThumbnail';
import { isPhotoFile, isTooLarge, MAX_UPLOAD_MB, PHOTO_ACCEPT } from './uploadFiles';

const UPLOAD_FAILURE: FailureTexts = {
  title: 'facilities.photo.errorTitle',
  badRequest: 'facilities.photo.badRequest',
  other: 'facilities.photo.serverError',
};

/** The thumbnail made of a chosen photo; null: the browser could not decode it. */
interface Thumbnail {
  of: File;
  blob: Blob | null;
}

const NO_PHOTO = { photo: null, thumbnail: null };

const chosenPhoto = (values: FieldValues): File | null => (values.photo instanceof File ? values.photo : null);
const thumbnailOf = (values: FieldValues, photo: File): Thumbnail | null => {
  const thumbnail = values.thumbnail as Thumbnail | null;
  return thumbnail?.of === photo ? thumbnail : null;
};

/** One PNG or JPEG of at most 20 MB that the browser can decode; OK waits for its thumbnail. */
function validatePhoto(values: FieldValues): FormFieldErrors {
  const photo = chosenPhoto(values);
  if (!photo) return { photo: 'required' };
  if (!isPhotoFile(photo)) return { photo: 'facilities.photo.notAnImage' };
  if (isTooLarge(photo)) return { photo: 'facilities.upload.tooLarge' };
  const thumbnail = thumbnailOf(values, photo);
  if (!thumbnail) return { photo: 'pending' };
  return thumbnail.blob ? {} : { photo: 'facilities.photo.unreadable' };
}

/** Makes the thumbnail as soon as a photo is chosen, so an unreadable image is said at once. */
function ThumbnailMaker() {
  const { setValue } = useFormContext();
  const photo = useWatch({ name: 'photo' }) as unknown;
  useEffect(() => {
    if (!(photo instanceof File) || !isPhotoFile(photo) || isTooLarge(photo)) return;
    let current = true;
    void makeThumbnail(photo).then(
      (blob) => current && setValue('thumbnail', { of: photo, blob } satisfies Thumbnail),
      () => current && setValue('thumbnail', { of: photo, blob: null } satisfies Thumbnail),
    );
    // a later choice wins over this one's slower thumbnail
    return () => {
      current = false;
    };
  }, [photo, setValue]);
  return null;
}

/**
 * Upload a facility's photo (docs/product.md#photo-upload, docs/product.md#upload-validation): exactly one PNG or JPEG image; the
 * thumbnail is made as soon as it is chosen, so an unreadable image is said
 * at once and OK waits for a thumbnail.
 */
export function PhotoUploadDialog({ facility, onClose }: { facility: Facility; onClose: () => void }) {
  const translate = useTranslate();
  const save = useFormDialogSave({
    write: (dataProvider, upload: PhotoUpload) => dataProvider.uploadFacilityPhoto(upload),
    mutationKey: writeKey('uploadFacilityPhoto'),
    success: 'facilities.photo.uploaded',
    failure: UPLOAD_FAILURE,
    onClose,
    refresh: [queryKeys.resource(RESOURCES.facilities)],
    payload: (values): PhotoUpload | undefined => {
      const photo = chosenPhoto(values);
      const thumb = photo && thumbnailOf(values, photo)?.blob;
      return photo && thumb ? { facilityId: facility.id, photo, thumb, guid: crypto.randomUUID() } : undefined;
    },
  });

  return (
    <FormDialog
      title={translate('facilities.photo.title', { mnemonic: facility.mnemonic })}
      defaultValues={NO_PHOTO}
      validate={validatePhoto}
      save={save}
      onClose={onClose}
    >
      <FileInput
        source="photo"
        label="facilities.photo.choose"
        accept={PHOTO_ACCEPT}
        hint="facilities.photo.hint"
        hintArgs={{ mb: MAX_UPLOAD_MB }}
        errorArgs={{ mb: MAX_UPLOAD_MB }}
        disabled={save.saving}
      />
      <ThumbnailMaker />
    </FormDialog>
  );
}
