import { useCallback, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { EcoAsset, RetirePayload } from '../domain/api/ecoAssets';
import { leftToRetire, RETIRE_LIMITS } from '../domain/ledger';
import { formatBound } from '../domain/minting';
import { RESOURCES } from '../domain/operations';
import { compactErrors, numberError, textError, toNumber, type NumberRule } from '../domain/validation';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import { FormInput, numberInputSlots } from '../forms/FormInput';
import type { FormFieldErrors } from '../forms/formErrors';
import type { FailureTexts } from '../layout/failures';
import { queryKeys, writeKey } from '../providers/queryKeys';

// a refusal (more than is left, retired meanwhile) says the server's sentence
const RETIRE_FAILURE: FailureTexts = {
  title: 'ecoAssets.retire.errorTitle',
  other: 'ecoAssets.minting.serverError',
  serverReason: 'refusal',
};

export interface RetireDialogProps {
  asset: EcoAsset;
  onClose: () => void;
}

/**
 * Retires part or all of an eco asset's issued units for a named beneficiary:
 * at least a gram, at most what is left, in whole grams. The
 * server checks again in its transaction; a 400 keeps the dialog open with
 * its reasons, any other refusal closes it and reloads the list.
 */
export function RetireDialog({ asset, onClose }: RetireDialogProps) {
  const translate = useTranslate();
  const save = useFormDialogSave({
    write: (dataProvider, payload: RetirePayload) => dataProvider.retireEcoAsset(asset.id, payload),
    mutationKey: writeKey('retireEcoAsset'),
    success: 'ecoAssets.retire.retired',
    failure: RETIRE_FAILURE,
    onClose,
    refresh: [queryKeys.resource(RESOURCES.ecoAssets)],
    payload: (values): RetirePayload => ({
      kg: toNumber(values.kg) ?? 0,
      beneficiary: String(values.beneficiary).trim(),
      purpose: String(values.purpose ?? '').trim(),
    }),
  });
  const left = leftToRetire(asset);
  const rule = useMemo((): NumberRule => ({ min: 0.001, max: left, decimals: 3 }), [left]);

  const validate = useCallback(
    (values: FieldValues): FormFieldErrors =>
      compactErrors({
        kg: numberError(values.kg, rule, true),
        beneficiary: textError(values.beneficiary, RETIRE_LIMITS.beneficiaryLength, true),
        purpose: textError(values.purpose, RETIRE_LIMITS.purposeLength),
      }),
    [rule],
  );

  return (
    <FormDialog
      title={translate('ecoAssets.retire.title', { transaction: asset.transaction_id })}
      defaultValues={{ kg: '', beneficiary: '', purpose: '' }}
      validate={validate}
      save={save}
      onClose={onClose}
    >
      <FormInput
        source="kg"
        label="ecoAssets.retire.kg"
        rule={rule}
        required
        help={translate('ecoAssets.retire.kgHelp', { max: formatBound(left) })}
        slotProps={numberInputSlots(rule)}
      />
      <FormInput source="beneficiary" label="ecoAssets.retire.beneficiary" maxLength={RETIRE_LIMITS.beneficiaryLength} required />
      <FormInput source="purpose" label="ecoAssets.retire.purpose" maxLength={RETIRE_LIMITS.purposeLength} multiline minRows={2} />
    </FormDialog>
  );
}
