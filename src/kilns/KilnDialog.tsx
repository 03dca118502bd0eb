import { useState } from 'react';
import { Box, MenuItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Kiln, KilnRegistryResponse, KilnSavePayload } from '../domain/api/configure';
import { KILN_NUMBER_RULES, type KilnNumberField } from '../domain/kilnValidation';
import { KNOWN_KILN_TYPES } from '../domain/kilnTypes';
import { facilityOptionLabel } from '../facilities/facilityOptionLabel';
import { DateTextField } from '../forms/DateTextField';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import { flatValues, nestValues } from '../forms/formErrors';
import { FormInput, numberInputSlots } from '../forms/FormInput';
import { recordWrite } from '../forms/useFormSave';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import { queryKeys, writeKey } from '../providers/queryKeys';
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

const KILN_FIELDS = Object.keys(EMPTY_KILN_FORM) as (keyof KilnFormValues)[];

// the unique kiln id + facility pair flags both fields (docs/product.md#kiln-validation)
const PAIR_TEXTS = { duplicate: 'kilns.duplicatePair' } as const;

export interface KilnDialogProps {
  /** the kiln to edit; null adds one */
  kiln: Kiln | null;
  registry: KilnRegistryResponse;
  onClose: () => void;
}

/** The modal titled 'Kiln' (docs/product.md#kiln-registry, docs/product.md#modals, docs/product.md#kiln-validation), in add or edit mode: a react-admin form validated by the shared kiln rules. */
export function KilnDialog({ kiln, registry, onClose }: KilnDialogProps) {
  const translate = useTranslate();
  const id = kiln?.id ?? null;
  const [defaultValues] = useState(() => nestValues(kiln ? kilnFormValues(kiln) : EMPTY_KILN_FORM));
  const save = useFormDialogSave({
    write: recordWrite<KilnSavePayload>(RESOURCES.kilns, id),
    mutationKey: writeKey(id === null ? 'addKiln' : 'editKiln'),
    success: 'kilns.saved',
    failure: SAVE_FAILURE,
    onClose,
    refresh: [queryKeys.resource(RESOURCES.kilns)],
    payload: (values) => kilnSavePayload(flatValues(values, KILN_FIELDS), id),
  });

  return (
    <FormDialog
      title={translate('kilns.dialogTitle')}
      defaultValues={defaultValues}
      validate={(values) => validateKilnForm(flatValues(values, KILN_FIELDS), id, registry.kilns)}
      editing={kiln !== null}
      save={save}
      onClose={onClose}
    >
      <FormInput
        source="kiln_id"
        required
        autoFocus
        label="kilns.fields.kilnId"
        help="kilns.help.kilnId"
        errorTexts={{ ...PAIR_TEXTS, invalid_format: 'kilns.kilnIdFormat', too_long: 'kilns.kilnIdFormat' }}
      />
      <FormInput source="facility_id" select required label="kilns.fields.facility" errorTexts={PAIR_TEXTS}>
        {registry.facilities.map((facility) => (
          <MenuItem key={facility.id} value={String(facility.id)}>
            {facilityOptionLabel(facility)}
          </MenuItem>
        ))}
      </FormInput>
      <FormInput source="type" select required label="kilns.fields.type" help="kilns.help.type">
        {KNOWN_KILN_TYPES.map((type) => (
          <MenuItem key={type.label} value={String(type.code)}>
            {type.label}
          </MenuItem>
        ))}
      </FormInput>
      <DateTextField source="install_date" required label="kilns.fields.installDate" help="forms.dateFormat" />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" variant="subtitle1">
          {translate('kilns.fields.config')}
        </Typography>
        {CONFIG_FIELDS.map(({ field, label }) => (
          <FormInput
            key={field}
            source={field}
            slotProps={numberInputSlots(KILN_NUMBER_RULES[field])}
            label={label}
            rule={KILN_NUMBER_RULES[field]}
          />
        ))}
      </Box>
    </FormDialog>
  );
}
