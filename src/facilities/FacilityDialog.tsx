import { useMemo, useState } from 'react';
import { Box, MenuItem, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import type { Facility, FacilityListResponse, FacilityOwnerOption, FacilitySavePayload } from '../domain/api/configure';
import {
  FACILITY_NAME_MAX_LENGTH,
  FACILITY_NUMBER_RULES,
  MNEMONIC_MAX_LENGTH,
  type FacilityNumberField,
} from '../domain/facilityValidation';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import { flatValues, nestValues } from '../forms/formErrors';
import { FormInput, numberInputSlots } from '../forms/FormInput';
import { recordWrite } from '../forms/useFormSave';
import { RESOURCES } from '../domain/operations';
import type { FailureTexts } from '../layout/failures';
import { queryKeys, writeKey } from '../providers/queryKeys';
import {
  facilityFlagValues,
  facilityFormValues,
  facilitySavePayload,
  NEW_FACILITY_FORM,
  validateFacilityForm,
  type FacilityFormValues,
} from './facilityForm';
import { FacilitySettingsFields } from './FacilitySettingsFields';

const SAVE_FAILURE: FailureTexts = {
  title: 'facilities.saveErrorTitle',
  badRequest: 'errors.badRequest',
  other: 'errors.unknownServer',
};

/** The bounding box: each min beside its max. */
const BOUNDS_ROWS: readonly (readonly [FacilityNumberField, string, FacilityNumberField, string])[] = [
  ['latMin', 'facilities.fields.latMin', 'latMax', 'facilities.fields.latMax'],
  ['lonMin', 'facilities.fields.lonMin', 'lonMax', 'facilities.fields.lonMax'],
];

const FACILITY_FIELDS = Object.keys(NEW_FACILITY_FORM) as (keyof FacilityFormValues)[];

const rowStyle = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

export interface FacilityDialogProps {
  /** the facility to edit; null creates one */
  facility: Facility | null;
  list: FacilityListResponse;
  onClose: () => void;
}

/** Create or edit a facility (docs/product.md#facilities-page, docs/product.md#modals, docs/product.md#facility-validation): the mnemonic is fixed once created; OK only when every field is valid. */
export function FacilityDialog({ facility, list, onClose }: FacilityDialogProps) {
  const translate = useTranslate();
  // the GPS box and the carbon factors credit the facility's burns: a super-admin's to set (docs/roles.md#numbers-that-credit-a-facility)
  const { canAccess: canCertify = false } = useCanAccess({ resource: RESOURCES.facilities, action: 'certify' });
  const creditReadOnly = facility !== null && !canCertify;
  const id = facility?.id ?? null;
  const originalMnemonic = facility?.mnemonic ?? null;
  // a new facility is a super-admin's (create facility), so its form sets the settings too
  const editSettings = facility === null || canCertify;
  const [defaultValues] = useState(() => ({
    ...nestValues(facility ? facilityFormValues(facility) : NEW_FACILITY_FORM),
    ...facilityFlagValues(facility),
  }));
  const save = useFormDialogSave({
    write: recordWrite<FacilitySavePayload>(RESOURCES.facilities, id),
    mutationKey: writeKey(id === null ? 'addFacility' : 'editFacility'),
    success: 'facilities.saved',
    failure: SAVE_FAILURE,
    onClose,
    // the kiln registry shows facility names
    refresh: [queryKeys.resource(RESOURCES.facilities), queryKeys.resource(RESOURCES.kilns)],
    payload: (values) =>
      facilitySavePayload(flatValues(values, FACILITY_FIELDS), id, editSettings ? facilityFlagValues(values) : undefined),
  });

  // an owner no longer among the choices stays visible, flagged by the validator
  const owners = useMemo<FacilityOwnerOption[]>(() => {
    const current = facility?.owner_id;
    const listed = list.allowedOwners.some((owner) => owner.id === current);
    return current === undefined || listed ? list.allowedOwners : [...list.allowedOwners, { id: current, username: '', role: -1 }];
  }, [facility, list.allowedOwners]);

  // read-only rather than disabled: the console sends every field, and the server takes them back unchanged
  const numberField = (field: FacilityNumberField, label: string) => {
    const slots = numberInputSlots(FACILITY_NUMBER_RULES[field]);
    return (
      <FormInput
        source={field}
        required={!creditReadOnly}
        slotProps={creditReadOnly ? { htmlInput: { ...slots.htmlInput, readOnly: true } } : slots}
        label={label}
        rule={FACILITY_NUMBER_RULES[field]}
        help={creditReadOnly ? 'facilities.superAdminOnly' : undefined}
      />
    );
  };

  return (
    <FormDialog
      title={translate(facility ? 'facilities.editTitle' : 'facilities.newTitle')}
      defaultValues={defaultValues}
      validate={(values) => validateFacilityForm(flatValues(values, FACILITY_FIELDS), list, originalMnemonic)}
      editing={facility !== null}
      save={save}
      onClose={onClose}
    >
      <Box sx={rowStyle}>
        <FormInput
          source="mnemonic"
          required
          autoFocus={!facility}
          disabled={!!facility}
          label="facilities.fields.mnemonic"
          // a fixed mnemonic needs no length hint, and a disabled field's hint falls below WCAG AA contrast
          maxLength={facility ? undefined : MNEMONIC_MAX_LENGTH}
        />
        <FormInput source="name" autoFocus={!!facility} label="facilities.fields.name" maxLength={FACILITY_NAME_MAX_LENGTH} />
      </Box>
      <FormInput source="owner_id" select required label="facilities.fields.owner">
        {owners.map((owner) => (
          <MenuItem key={owner.id} value={String(owner.id)}>
            {owner.username
              ? translate('facilities.owner', { username: owner.username, uid: owner.id })
              : translate('facilities.ownerUid', { uid: owner.id })}
          </MenuItem>
        ))}
      </FormInput>
      {creditReadOnly && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('facilities.creditNote')}
        </Typography>
      )}
      {BOUNDS_ROWS.map(([minField, minLabel, maxField, maxLabel]) => (
        <Box key={minField} sx={rowStyle}>
          {numberField(minField, minLabel)}
          {numberField(maxField, maxLabel)}
        </Box>
      ))}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" variant="subtitle1">
          {translate('facilities.fields.cgo1')}
        </Typography>
        <Box sx={rowStyle}>
          {numberField('config.cgo1.wicf', 'facilities.fields.wicf')}
          {numberField('config.cgo1.carbonRemovalFactor', 'facilities.fields.carbonRemovalFactor')}
        </Box>
      </Box>
      <FacilitySettingsFields facility={facility} editable={editSettings} />
    </FormDialog>
  );
}
