import { useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import { FileChooser } from '../forms/FileChooser';
import { FormDialog } from '../forms/FormDialog';
import { useMutation } from '@tanstack/react-query';
import { useDialogOutcome } from '../forms/useDialogOutcome';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import type { ApiDataProvider } from '../providers/dataProvider';
import { makeThumbnail } from './makeThumbnail';
import { isPhotoFile, isTooLarge, MAX_UPLOAD_MB, PHOTO_ACCEPT } from './uploadFiles';

const UPLOAD_FAILURE: FailureTexts = {
  title: 'facilities.photo.errorTitle',
  badRequest: 'facilities.photo.badRequest',
  other: 'facilities.photo.serverError',
};

interface ChosenPhoto {
  file: File | null;
  thumb: Blob | null;
  /** message key of why the file cannot be uploaded */
  problem?: string;
}

/**
 * Upload a facility's photo (spec §3, §5): exactly one PNG or JPEG image; the
 * thumbnail is made as soon as it is chosen, so an unreadable image is said
 * at once and OK waits for a thumbnail.
 */
export function PhotoUploadDialog({ facility, onClose }: { facility: Facility; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const [chosen, setChosen] = useState<ChosenPhoto>({ file: null, thumb: null });
  const latestChoice = useRef<File | null>(null);
  const saveOutcome = useDialogOutcome({
    success: 'facilities.photo.uploaded',
    failure: UPLOAD_FAILURE,
    refresh: [RESOURCES.facilities],
    onClose,
  });
  const { mutate: submit, isPending: saving } = useMutation({ mutationFn: dataProvider.uploadFacilityPhoto, ...saveOutcome });

  const choose = async (file: File | null) => {
    latestChoice.current = file;
    if (!file) return setChosen({ file: null, thumb: null });
    if (!isPhotoFile(file)) return setChosen({ file, thumb: null, problem: 'facilities.photo.notAnImage' });
    if (isTooLarge(file)) return setChosen({ file, thumb: null, problem: 'facilities.upload.tooLarge' });
    setChosen({ file, thumb: null });
    const outcome = await makeThumbnail(file).then(
      (thumb): ChosenPhoto => ({ file, thumb }),
      (): ChosenPhoto => ({ file, thumb: null, problem: 'facilities.photo.unreadable' }),
    );
    // a later choice wins over this one's slower thumbnail
    if (latestChoice.current === file) setChosen(outcome);
  };

  const { file, thumb, problem } = chosen;
  return (
    <FormDialog
      title={translate('facilities.photo.title', { mnemonic: facility.mnemonic })}
      canSubmit={!!file && !!thumb}
      saving={saving}
      dirty={file !== null}
      onSubmit={() => file && thumb && submit({ facilityId: facility.id, photo: file, thumb, guid: crypto.randomUUID() })}
      onClose={onClose}
    >
      <FileChooser
        label="facilities.photo.choose"
        accept={PHOTO_ACCEPT}
        file={file}
        onChange={choose}
        hint="facilities.photo.hint"
        hintArgs={{ mb: MAX_UPLOAD_MB }}
        error={problem && translate(problem, { mb: MAX_UPLOAD_MB })}
        disabled={saving}
      />
    </FormDialog>
  );
}
