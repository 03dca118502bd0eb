import { useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Facility } from '../domain/api/configure';
import { FileInput } from '../forms/FileChooser';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import type { FormFieldErrors } from '../forms/formErrors';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import type { StatementUpload } from '../providers/apiMethods';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { AUDIT_ACCEPT, auditFileType, isTooLarge, MAX_UPLOAD_MB } from './uploadFiles';

// docs/product.md#error-catalogue gives this failure a title only
const UPLOAD_FAILURE: FailureTexts = { title: 'facilities.statement.errorTitle', serverReason: 'badRequest' };

const NO_FILE = { file: null };

const chosenFile = (values: FieldValues): File | null => (values.file instanceof File ? values.file : null);

/** Exactly one png, jpg, jpeg or pdf file of at most 20 MB. */
function validateStatement(values: FieldValues): FormFieldErrors {
  const file = chosenFile(values);
  if (!file) return { file: 'required' };
  if (!auditFileType(file.name)) return { file: 'facilities.statement.wrongType' };
  return isTooLarge(file) ? { file: 'facilities.upload.tooLarge' } : {};
}

/** Upload a facility's signed statement (docs/product.md#audit-upload, docs/product.md#upload-validation): exactly one png, jpg, jpeg or pdf file; it becomes the latest audit. */
export function StatementUploadDialog({ facility, onClose }: { facility: Facility; onClose: () => void }) {
  const translate = useTranslate();
  const save = useFormDialogSave({
    write: (dataProvider, upload: StatementUpload) => dataProvider.uploadFacilityStatement(upload),
    mutationKey: writeKey('uploadFacilityStatement'),
    success: 'facilities.statement.recorded',
    failure: UPLOAD_FAILURE,
    onClose,
    refresh: [queryKeys.resource(RESOURCES.facilities)],
    payload: (values): StatementUpload | undefined => {
      const file = chosenFile(values);
      const fileType = file && auditFileType(file.name);
      return file && fileType ? { facilityId: facility.id, file, fileType } : undefined;
    },
  });

  return (
    <FormDialog
      title={translate('facilities.statement.title', { mnemonic: facility.mnemonic })}
      defaultValues={NO_FILE}
      validate={validateStatement}
      save={save}
      onClose={onClose}
    >
      <FileInput
        source="file"
        label="facilities.statement.choose"
        accept={AUDIT_ACCEPT}
        hint="facilities.statement.hint"
        hintArgs={{ mb: MAX_UPLOAD_MB }}
        errorArgs={{ mb: MAX_UPLOAD_MB }}
        disabled={save.saving}
      />
    </FormDialog>
  );
}
