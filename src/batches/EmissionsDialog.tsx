import { useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Batch, BatchEmissionsRequest } from '../domain/api/batches';
import { toGrams, toKg } from '../domain/carbon';
import { RESOURCES } from '../domain/operations';
import { toNumber } from '../domain/validation';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import type { FormFieldErrors } from '../forms/formErrors';
import { FormInput } from '../forms/FormInput';
import type { FailureTexts } from '../layout/failures';
import { queryKeys, writeKey } from '../providers/queryKeys';

const EMISSIONS_FAILURE: FailureTexts = { title: 'batches.emissions.failed', serverReason: 'refusal' };
const textOf = (value: unknown) => (value == null ? '' : String(value).trim());
const numberOrNull = (value: unknown) => (textOf(value) === '' ? null : (toNumber(textOf(value)) ?? null));
const formPath = (path: string) => (path === 'other_co2e_g' ? 'other_co2e_kg' : path);

function validateEmissions(values: FieldValues): FormFieldErrors {
  const errors: FormFieldErrors = {};
  for (const field of ['methane_g_per_kg', 'other_co2e_kg'] as const) {
    const n = toNumber(textOf(values[field]));
    if (textOf(values[field]) && (n === undefined || n < 0)) errors[field] = 'not_a_number';
  }
  return errors;
}

/** A batch's project emissions, each optional: production methane with how it was measured, other emissions with what they were. */
export function EmissionsDialog({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const translate = useTranslate();
  const e = batch.emissions;
  const save = useFormDialogSave({
    write: (dataProvider, emissions: BatchEmissionsRequest) => dataProvider.setBatchEmissions({ batchId: batch.id, emissions }),
    mutationKey: writeKey('setBatchEmissions'),
    success: 'batches.emissions.saved',
    failure: EMISSIONS_FAILURE,
    onClose,
    refresh: [queryKeys.resource(RESOURCES.batches)],
    fieldPath: formPath,
    payload: (values): BatchEmissionsRequest => {
      const otherKg = numberOrNull(values.other_co2e_kg);
      return {
        methane_g_per_kg: numberOrNull(values.methane_g_per_kg),
        methane_method: textOf(values.methane_method) || null,
        other_co2e_g: otherKg === null ? null : toGrams(otherKg),
        other_note: textOf(values.other_note) || null,
      };
    },
  });
  const defaults = {
    methane_g_per_kg: e?.methane_g_per_kg == null ? '' : String(e.methane_g_per_kg),
    methane_method: e?.methane_method ?? '',
    other_co2e_kg: e?.other_co2e_g == null ? '' : String(toKg(e.other_co2e_g)),
    other_note: e?.other_note ?? '',
  };
  return (
    <FormDialog
      title={translate('batches.emissions.title')}
      defaultValues={defaults}
      validate={validateEmissions}
      save={save}
      onClose={onClose}
    >
      <FormInput source="methane_g_per_kg" label="batches.emissions.methaneField" disabled={save.saving} />
      <FormInput source="methane_method" label="batches.emissions.methaneMethod" disabled={save.saving} />
      <FormInput source="other_co2e_kg" label="batches.emissions.otherKg" disabled={save.saving} />
      <FormInput source="other_note" label="batches.emissions.otherNote" disabled={save.saving} />
    </FormDialog>
  );
}
