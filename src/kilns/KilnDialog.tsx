import { useCallback } from 'react';
import { Box, MenuItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Kiln, KilnRegistryResponse, KilnSavePayload } from '../domain/api/configure';
import { KILN_NUMBER_RULES, type KilnNumberField } from '../domain/kilnValidation';
import { KNOWN_KILN_TYPES } from '../domain/kilnTypes';
import { facilityOptionLabel } from '../facilities/facilityOptionLabel';
import { DateTextField } from '../forms/DateTextField';
import { FormDialog } from '../forms/FormDialog';
import { FormTextField, numberInputSlots, useFieldBinding } from '../forms/FormTextField';
import { useFieldForm } from '../forms/useFieldForm';
import { useRecordSave } from '../forms/useRecordSave';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import { EMPTY_KILN_FORM, kilnFormValues, kilnSavePayload, validateKilnForm, type KilnFormValues } from './kilnForm';

const SAVE_FAILURE: FailureTexts = {
  title: 'kilns.saveErrorTitle',
  badRequest: 'errors.badRequest',
  other: 'errors.unknownServer',
  logNetworkErrors: true,
};

const CONFIG_FIELDS: readonly { field: KilnNumberField; label: string }[] = [
  { field: 'config.cgo1.per_g_weight', label: 'kilns.fields.cgo1PerGWeight' },
  { field: 'config.cgo1.zero_weight', label: 'kilns.fields.cgo1ZeroWeight' },
  { field: 'config.terrafix.per_g_weight', label: 'kilns.fields.terrafixPerGWeight' },
];

// the unique kiln id + facility pair flags both fields (spec §5)
const PAIR_TEXTS = { duplicate: 'kilns.duplicatePair' } as const;

export interface KilnDialogProps {
  /** the kiln to edit; null adds one */
  kiln: Kiln | null;
  registry: KilnRegistryResponse;
  onClose: () => void;
}

/** The modal titled 'Kiln' (spec §2, §4, §5), in add or edit mode. */
export function KilnDialog({ kiln, registry, onClose }: KilnDialogProps) {
  const translate = useTranslate();
  const id = kiln?.id ?? null;
  const validate = useCallback((values: KilnFormValues) => validateKilnForm(values, id, registry.kilns), [id, registry.kilns]);
  const form = useFieldForm(kiln ? kilnFormValues(kiln) : EMPTY_KILN_FORM, validate, kiln !== null);
  const bind = useFieldBinding(form);
  const { submit, saving } = useRecordSave<KilnSavePayload>({
    resource: RESOURCES.kilns,
    id,
    success: 'kilns.saved',
    failure: SAVE_FAILURE,
    onClose,
    onFieldErrors: form.setServerErrors,
  });

  return (
    <FormDialog
      title={translate('kilns.dialogTitle')}
      canSubmit={form.valid}
      saving={saving}
      dirty={form.dirty}
      onSubmit={() => submit(kilnSavePayload(form.values, id))}
      onClose={onClose}
    >
      <FormTextField
        required
        autoFocus
        {...bind('kiln_id', {
          label: 'kilns.fields.kilnId',
          help: 'kilns.help.kilnId',
          errorTexts: { ...PAIR_TEXTS, invalid_format: 'kilns.kilnIdFormat', too_long: 'kilns.kilnIdFormat' },
        })}
      />
      <FormTextField select required {...bind('facility_id', { label: 'kilns.fields.facility', errorTexts: PAIR_TEXTS })}>
        {registry.facilities.map((facility) => (
          <MenuItem key={facility.id} value={String(facility.id)}>
            {facilityOptionLabel(facility)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField select required {...bind('type', { label: 'kilns.fields.type', help: 'kilns.help.type' })}>
        {KNOWN_KILN_TYPES.map((type) => (
          <MenuItem key={type.label} value={String(type.code)}>
            {type.label}
          </MenuItem>
        ))}
      </FormTextField>
      <DateTextField required {...bind('install_date', { label: 'kilns.fields.installDate', help: 'forms.dateFormat' })} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" variant="subtitle1">
          {translate('kilns.fields.config')}
        </Typography>
        {CONFIG_FIELDS.map(({ field, label }) => (
          <FormTextField
            key={field}
            slotProps={numberInputSlots(KILN_NUMBER_RULES[field])}
            {...bind(field, { label, rule: KILN_NUMBER_RULES[field] })}
          />
        ))}
      </Box>
    </FormDialog>
  );
}
