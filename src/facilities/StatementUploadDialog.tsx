import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import { FileChooser } from '../forms/FileChooser';
import { FormDialog } from '../forms/FormDialog';
import { useMutation } from '@tanstack/react-query';
import { useDialogOutcome } from '../forms/useDialogOutcome';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import type { ApiDataProvider } from '../providers/dataProvider';
import { AUDIT_ACCEPT, auditFileType, isTooLarge, MAX_UPLOAD_MB } from './uploadFiles';

// spec §8 gives this failure a title only
const UPLOAD_FAILURE: FailureTexts = { title: 'facilities.audit.errorTitle' };

/** Upload a facility's signed statement (spec §3, §5): exactly one png, jpg, jpeg or pdf file; it becomes the latest audit. */
export function StatementUploadDialog({ facility, onClose }: { facility: Facility; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const fileType = file ? auditFileType(file.name) : null;
  const tooLarge = file !== null && isTooLarge(file);
  const outcome = useDialogOutcome({
    success: 'facilities.audit.recorded',
    failure: UPLOAD_FAILURE,
    refresh: [RESOURCES.facilities],
    onClose,
  });
  const { mutate: submit, isPending: saving } = useMutation({ mutationFn: dataProvider.uploadFacilityStatement, ...outcome });

  return (
    <FormDialog
      title={translate('facilities.audit.title', { mnemonic: facility.mnemonic })}
      canSubmit={!!file && !!fileType && !tooLarge}
      dirty={file !== null}
      saving={saving}
      onSubmit={() => file && fileType && submit({ facilityId: facility.id, file, fileType })}
      onClose={onClose}
    >
      <FileChooser
        label="facilities.audit.choose"
        accept={AUDIT_ACCEPT}
        file={file}
        onChange={setFile}
        hint="facilities.audit.hint"
        hintArgs={{ mb: MAX_UPLOAD_MB }}
        error={
          file && !fileType
            ? translate('facilities.audit.wrongType')
            : tooLarge
              ? translate('facilities.upload.tooLarge', { mb: MAX_UPLOAD_MB })
              : undefined
        }
        disabled={saving}
      />
    </FormDialog>
  );
}
