import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { EcoAsset } from '../domain/api/ecoAssets';
import { leftToRetire, RETIRE_LIMITS } from '../domain/ledger';
import { formatBound } from '../domain/minting';
import { RESOURCES } from '../domain/operations';
import { compactErrors, numberError, textError, toNumber, type NumberRule } from '../domain/validation';
import { FormDialog } from '../forms/FormDialog';
import { FormInput, numberInputSlots } from '../forms/FormInput';
import type { FormFieldErrors, ServerReasons } from '../forms/formErrors';
import { fieldErrorsOf } from '../forms/useDialogOutcome';
import { useNotifyTitled } from '../layout/notifications';
import type { ApiDataProvider } from '../providers/apiDataProvider';

export interface RetireDialogProps {
  asset: EcoAsset;
  onClose: () => void;
}

/**
 * Retires part or all of an eco asset's issued units for a named beneficiary
 * (issue 27): at least a gram, at most what is left, in whole grams. The
 * server checks again in its transaction; a 400 keeps the dialog open with
 * its reasons, any other refusal closes it and reloads the list.
 */
export function RetireDialog({ asset, onClose }: RetireDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyTitled = useNotifyTitled();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ApiDataProvider>();
  const [saving, setSaving] = useState(false);
  const [reasons, setReasons] = useState<ServerReasons>();
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

  const submit = async (values: FieldValues) => {
    setSaving(true);
    try {
      await dataProvider.retireEcoAsset(asset.id, { kg: toNumber(values.kg) ?? 0, beneficiary: String(values.beneficiary).trim(), purpose: String(values.purpose ?? '').trim() });
      notify('ecoAssets.retire.retired', { type: 'success' });
      onClose();
      void queryClient.invalidateQueries({ queryKey: [RESOURCES.ecoAssets] });
    } catch (error) {
      const refused = error instanceof HttpError && error.status >= 400 && error.status < 500;
      notifyTitled('ecoAssets.retire.errorTitle', refused ? error.message : 'ecoAssets.minting.serverError');
      const fields = fieldErrorsOf(error);
      if (fields) setReasons(fields);
      else {
        onClose();
        void queryClient.invalidateQueries({ queryKey: [RESOURCES.ecoAssets] });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={translate('ecoAssets.retire.title', { id: asset.id })}
      defaultValues={{ kg: '', beneficiary: '', purpose: '' }}
      validate={validate}
      serverReasons={reasons}
      saving={saving}
      onSubmit={(values) => void submit(values)}
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
