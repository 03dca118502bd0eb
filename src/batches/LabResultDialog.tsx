import { MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Lab, LabResult } from '../domain/api/batches';
import { LAB_VALUE_FIELDS } from '../domain/batches';
import { isCalendarDate } from '../domain/validation';
import { FileInput } from '../forms/FileChooser';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import type { FormFieldErrors } from '../forms/formErrors';
import { FormInput } from '../forms/FormInput';
import type { FailureTexts } from '../layout/failures';
import type { LabResultUpload } from '../providers/batchMethods';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { RESOURCES } from '../domain/operations';

const LAB_FAILURE: FailureTexts = { title: 'batches.labResults.failed', serverReason: 'refusal' };
const TEXT_FIELDS = [
  'lab_id',
  'sample_id',
  'sampled_date',
  'reported_date',
  'contaminants_pass',
  'supersedes',
  ...LAB_VALUE_FIELDS,
] as const;
const PDF = 'application/pdf';

const chosen = (values: FieldValues): File | null => (values.certificate instanceof File ? values.certificate : null);
const textOf = (value: unknown) => (value == null ? '' : String(value).trim());

/** The form's own checks (required fields, dates, a PDF); every range and the C_org identity are the server's 400s, shown on their fields. */
export function validateLabResult(values: FieldValues): FormFieldErrors {
  const errors: FormFieldErrors = {};
  for (const field of ['lab_id', 'sample_id', 'methods'] as const) if (!textOf(values[field])) errors[field] = 'required';
  for (const field of ['sampled_date', 'reported_date'] as const) {
    if (!textOf(values[field])) errors[field] = 'required';
    else if (!isCalendarDate(textOf(values[field]))) errors[field] = 'batches.labResults.dateFormat';
  }
  const file = chosen(values);
  if (!file) errors.certificate = 'required';
  else if (file.type !== PDF && !file.name.toLowerCase().endsWith('.pdf')) errors.certificate = 'batches.labResults.notPdf';
  return errors;
}

export function labResultUpload(batchId: number, values: FieldValues): LabResultUpload | undefined {
  const certificate = chosen(values);
  if (!certificate) return undefined;
  const fields: Record<string, string | string[]> = Object.fromEntries(TEXT_FIELDS.map((f) => [f, textOf(values[f])]));
  fields.methods = textOf(values.methods)
    .split('\n')
    .map((m) => m.trim())
    .filter(Boolean);
  return { batchId, fields, certificate };
}

const EMPTY = {
  ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])),
  methods: '',
  certificate: null,
};

/** A lab result of a batch with its certificate (a kiln file admin's or a super-admin's); a correction names the result it supersedes. */
export function LabResultDialog({
  batchId,
  labs,
  results,
  onClose,
}: {
  batchId: number;
  labs: readonly Lab[];
  results: readonly LabResult[];
  onClose: () => void;
}) {
  const translate = useTranslate();
  const save = useFormDialogSave({
    write: (dataProvider, upload: LabResultUpload) => dataProvider.addLabResult(upload),
    mutationKey: writeKey('addLabResult'),
    success: 'batches.labResults.recorded',
    failure: LAB_FAILURE,
    onClose,
    refresh: [queryKeys.resource(RESOURCES.batches)],
    payload: (values) => labResultUpload(batchId, values),
  });
  const disabled = save.saving;
  return (
    <FormDialog
      title={translate('batches.labResults.title')}
      defaultValues={EMPTY}
      validate={validateLabResult}
      save={save}
      onClose={onClose}
    >
      <FormInput source="lab_id" select label="batches.labResults.labId" disabled={disabled}>
        {labs.map((lab) => (
          <MenuItem key={lab.id} value={String(lab.id)}>
            {`${lab.name} · ${lab.accreditation}`}
          </MenuItem>
        ))}
      </FormInput>
      <FormInput source="sample_id" label="batches.labResults.sampleId" disabled={disabled} />
      <FormInput source="sampled_date" label="batches.labResults.sampledDate" disabled={disabled} />
      <FormInput source="reported_date" label="batches.labResults.reportedDate" disabled={disabled} />
      <FormInput source="methods" label="batches.labResults.methods" multiline minRows={2} disabled={disabled} />
      {LAB_VALUE_FIELDS.map((field) => (
        <FormInput
          key={field}
          source={field}
          label={`batches.labResults.values.${field}`}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          disabled={disabled}
        />
      ))}
      <FormInput source="contaminants_pass" select label="batches.labResults.contaminants" disabled={disabled}>
        <MenuItem value="">{translate('batches.labResults.contaminantsNone')}</MenuItem>
        <MenuItem value="true">{translate('batches.labResults.contaminantsPass')}</MenuItem>
        <MenuItem value="false">{translate('batches.labResults.contaminantsFail')}</MenuItem>
      </FormInput>
      {results.length > 0 && (
        <FormInput source="supersedes" select label="batches.labResults.supersedesField" disabled={disabled}>
          <MenuItem value="">{translate('batches.labResults.supersedesNone')}</MenuItem>
          {results.map((r) => (
            <MenuItem key={r.id} value={String(r.id)}>
              {`${r.id} · ${r.sample_id}`}
            </MenuItem>
          ))}
        </FormInput>
      )}
      <FileInput
        source="certificate"
        label="batches.labResults.chooseCertificate"
        accept={PDF}
        hint="batches.labResults.certificateHint"
        disabled={disabled}
      />
    </FormDialog>
  );
}
