import { DialogContentText, MenuItem } from '@mui/material';
import { useGetMany, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useWatch, type FieldValues } from 'react-hook-form';
import type { Batch, BatchCreateRequest } from '../domain/api/batches';
import type { KilnLog } from '../domain/api/kilnLogs';
import { FEEDSTOCK_WITH_NOTE, FEEDSTOCKS } from '../domain/batches';
import { KNOWN_KILN_TYPES } from '../domain/kilnTypes';
import { RESOURCES } from '../domain/operations';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import type { FormFieldErrors } from '../forms/formErrors';
import { FormInput } from '../forms/FormInput';
import type { FailureTexts } from '../layout/failures';
import { Loading } from '../layout/Loading';
import { queryKeys, writeKey } from '../providers/queryKeys';
import { BurnChooser } from './BurnChooser';
import { useFacilities } from './useFacilities';

const CREATE_FAILURE: FailureTexts = { title: 'batches.create.failed', serverReason: 'refusal' };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : String(value));

/** The create form's own checks; the server checks every rule again (one facility, kiln type and period, burns free). */
export function validateBatch(values: FieldValues): FormFieldErrors {
  const errors: FormFieldErrors = {};
  for (const field of ['facility_id', 'kiln_type', 'feedstock', 'label'] as const) if (!text(values[field])) errors[field] = 'required';
  if (values.feedstock === FEEDSTOCK_WITH_NOTE && !text(values.feedstock_note)) errors.feedstock_note = 'required';
  if (!Array.isArray(values.analysis_ids) || values.analysis_ids.length === 0) errors.analysis_ids = 'required';
  return errors;
}

export function batchPayload(values: FieldValues): BatchCreateRequest {
  return {
    label: text(values.label),
    facility_id: Number(values.facility_id),
    kiln_type: Number(values.kiln_type),
    feedstock: text(values.feedstock),
    feedstock_note: values.feedstock === FEEDSTOCK_WITH_NOTE ? text(values.feedstock_note) : null,
    analysis_ids: (values.analysis_ids as number[]).map(Number),
  };
}

/** One value shared by every burn, as the form's text; '' when they differ. */
const sharedOf = (logs: readonly KilnLog[], pick: (log: KilnLog) => number | null) => {
  const values = new Set(logs.map(pick));
  const [only] = [...values];
  return values.size === 1 && only !== null && only !== undefined ? String(only) : '';
};

function BatchFields({ fixedBurns, saving }: { fixedBurns: boolean; saving: boolean }) {
  const translate = useTranslate();
  const { facilities } = useFacilities();
  const [facility, kilnType, feedstock] = useWatch({ name: ['facility_id', 'kiln_type', 'feedstock'] }) as string[];
  return (
    <>
      <FormInput source="facility_id" select label="batches.create.facility" disabled={fixedBurns || saving}>
        {(facilities ?? []).map((f) => (
          <MenuItem key={f.id} value={String(f.id)}>
            {`${f.mnemonic} · ${f.name}`}
          </MenuItem>
        ))}
      </FormInput>
      <FormInput source="kiln_type" select label="batches.create.kilnType" disabled={fixedBurns || saving}>
        {KNOWN_KILN_TYPES.map((t) => (
          <MenuItem key={t.code} value={String(t.code)}>
            {t.label}
          </MenuItem>
        ))}
      </FormInput>
      <FormInput source="feedstock" select label="batches.create.feedstock" disabled={saving}>
        {FEEDSTOCKS.map((f) => (
          <MenuItem key={f} value={f}>
            {translate(`batches.feedstocks.${f}`)}
          </MenuItem>
        ))}
      </FormInput>
      {feedstock === FEEDSTOCK_WITH_NOTE && <FormInput source="feedstock_note" label="batches.create.feedstockNote" disabled={saving} />}
      <FormInput source="label" label="batches.create.label" disabled={saving} />
      {!fixedBurns && (
        <BurnChooser
          facilityId={facility ? Number(facility) : null}
          kilnType={kilnType === '' || kilnType === undefined ? null : Number(kilnType)}
          disabled={saving}
        />
      )}
    </>
  );
}

/**
 * A new batch (issue 43): facility, kiln type, feedstock (with what an other
 * one was), label and its burns, chosen here or handed over from Kiln Logs'
 * selection (their facility and kiln type then fixed). Once created, its page opens.
 */
export function CreateBatchDialog({ analysisIds, onClose }: { analysisIds?: readonly number[]; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const fixed = analysisIds !== undefined;
  const { data: logs, isPending } = useGetMany<KilnLog>(RESOURCES.kilnLogs, { ids: [...(analysisIds ?? [])] }, { enabled: fixed });
  const save = useFormDialogSave({
    write: (dataProvider, batch: BatchCreateRequest) =>
      dataProvider.create<Batch>(RESOURCES.batches, { data: batch }).then(({ data }) => data),
    mutationKey: writeKey('createBatch'),
    success: 'batches.create.created',
    failure: CREATE_FAILURE,
    onClose,
    onSaved: (batch: Batch) => navigate(`/batches/${batch.id}`),
    refresh: [queryKeys.resource(RESOURCES.batches), queryKeys.resource(RESOURCES.kilnLogs)],
    payload: batchPayload,
  });
  if (fixed && isPending) return <Loading />;
  const chosen = logs ?? [];
  const defaults = {
    facility_id: sharedOf(chosen, (l) => l.facility_id),
    kiln_type: sharedOf(chosen, (l) => l.type),
    feedstock: '',
    feedstock_note: '',
    label: '',
    analysis_ids: [...(analysisIds ?? [])],
  };
  const mixed = fixed && (defaults.facility_id === '' || defaults.kiln_type === '');
  return (
    <FormDialog
      title={translate('batches.create.title')}
      defaultValues={defaults}
      validate={validateBatch}
      save={save}
      onClose={onClose}
      submitLabel="batches.create.button"
    >
      {fixed && (
        <DialogContentText>
          {mixed ? translate('batches.create.mixed') : translate('batches.create.chosen', { smart_count: defaults.analysis_ids.length })}
        </DialogContentText>
      )}
      <BatchFields fixedBurns={fixed && !mixed} saving={save.saving} />
    </FormDialog>
  );
}
