import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import { FileChooser } from '../forms/FileChooser';
import { FormDialog } from '../forms/FormDialog';
import { useSaveAction } from '../forms/useSaveAction';
import type { FailureTexts } from '../layout/failures';
import type { KilnDataProvider } from '../providers/dataProvider';
import { FACILITIES_KEY } from './facilityMethods';
import { AUDIT_ACCEPT, auditFileType } from './uploadFiles';

// spec §8 gives this failure a title only
const UPLOAD_FAILURE: FailureTexts = { title: 'facilities.audit.errorTitle' };

/** Upload a facility audit statement (spec §3, §5): exactly one png, jpg, jpeg or pdf file; it becomes the latest audit. */
export function AuditUploadDialog({ facility, onClose }: { facility: Facility; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<KilnDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const fileType = file ? auditFileType(file.name) : null;
  const { submit, saving } = useSaveAction({
    save: dataProvider.uploadFacilityAudit,
    success: 'facilities.audit.recorded',
    failure: UPLOAD_FAILURE,
    refetch: [FACILITIES_KEY],
    onClose,
  });

  return (
    <FormDialog
      title={translate('facilities.audit.title', { mnemonic: facility.mnemonic })}
      canSubmit={!!file && !!fileType}
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
        error={file && !fileType ? translate('facilities.audit.wrongType') : undefined}
        disabled={saving}
      />
    </FormDialog>
  );
}
