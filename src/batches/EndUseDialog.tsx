import { Box, MenuItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { END_USE_EVIDENCE_UPLOAD } from '../domain/api/batches';
import type { Facility } from '../domain/api/configure';
import { END_USE_KINDS } from '../domain/batches';
import { toGrams } from '../domain/carbon';
import { localIsoDate } from '../domain/dates';
import { RESOURCES } from '../domain/operations';
import { isCalendarDate, toNumber } from '../domain/validation';
import { FleetMap } from '../fleet/FleetMap';
import { FileInput } from '../forms/FileChooser';
import { FormDialog, useFormDialogSave } from '../forms/FormDialog';
import type { FormFieldErrors } from '../forms/formErrors';
import { FormInput } from '../forms/FormInput';
import type { FailureTexts } from '../layout/failures';
import type { EndUseUpload } from '../providers/batchMethods';
import { queryKeys, writeKey } from '../providers/queryKeys';

const END_USE_FAILURE: FailureTexts = { title: 'batches.endUses.failed', serverReason: 'refusal' };
const RANGES = { latitude: [-90, 90], longitude: [-180, 180], soil_temp_c: [-30, 50] } as const;

const chosen = (values: FieldValues): File | null => (values.evidence instanceof File ? values.evidence : null);
const textOf = (value: unknown) => (value == null ? '' : String(value).trim());
/** the server names dry_g; the form takes kg */
const formPath = (path: string) => (path === 'dry_g' ? 'dry_kg' : path);

/** The form's own checks; the sum against the batch's char is the server's, a 400 on the dry kg saying by how much. */
export function validateEndUse(values: FieldValues): FormFieldErrors {
  const errors: FormFieldErrors = {};
  for (const field of ['kind', 'dry_kg', 'date', 'latitude', 'longitude', 'soil_temp_c', 'soil_temp_source', 'recipient'] as const)
    if (!textOf(values[field])) errors[field] = 'required';
  if (values.kind === 'other' && !textOf(values.kind_note)) errors.kind_note = 'required';
  const kg = toNumber(textOf(values.dry_kg));
  if (textOf(values.dry_kg) && (kg === undefined || kg <= 0 || toGrams(kg) / 1000 !== kg)) errors.dry_kg = 'batches.endUses.kgRule';
  if (textOf(values.date) && !isCalendarDate(textOf(values.date))) errors.date = 'batches.labResults.dateFormat';
  for (const [field, [min, max]] of Object.entries(RANGES)) {
    const n = toNumber(textOf(values[field]));
    if (textOf(values[field]) && (n === undefined || n < min || n > max)) errors[field] = `batches.endUses.range.${field}`;
  }
  const file = chosen(values);
  if (!file) errors.evidence = 'required';
  else if (!(END_USE_EVIDENCE_UPLOAD.mimeTypes as readonly string[]).includes(file.type)) errors.evidence = 'batches.endUses.wrongType';
  return errors;
}

export function endUseUpload(batchId: number, values: FieldValues): EndUseUpload | undefined {
  const evidence = chosen(values);
  const kg = toNumber(textOf(values.dry_kg));
  if (!evidence || kg === undefined) return undefined;
  const fields: Record<string, string> = {
    kind: textOf(values.kind),
    kind_note: values.kind === 'other' ? textOf(values.kind_note) : '',
    dry_g: String(toGrams(kg)),
    date: textOf(values.date),
    latitude: textOf(values.latitude),
    longitude: textOf(values.longitude),
    soil_temp_c: textOf(values.soil_temp_c),
    soil_temp_source: textOf(values.soil_temp_source),
    recipient: textOf(values.recipient),
  };
  return { batchId, fields, evidence };
}

/** The offline map of the fleet view, its click (or Enter) filling the latitude and longitude. */
function PickOnMap({ facility }: { facility: Facility | undefined }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [latitude, longitude] = useWatch({ name: ['latitude', 'longitude'] }) as string[];
  const lat = toNumber(latitude);
  const lon = toNumber(longitude);
  const places = lat !== undefined && lon !== undefined ? [{ key: 'picked', latitude: lat, longitude: lon, label: `${lat}, ${lon}` }] : [];
  const view = { facilities: facility ? [facility] : [], burns: [] };
  return (
    <Box sx={{ mt: 1 }}>
      <FleetMap
        view={view}
        heading="batches.endUses.mapHeading"
        places={places}
        onPick={(at) => {
          setValue('latitude', String(at.latitude), { shouldDirty: true, shouldTouch: true });
          setValue('longitude', String(at.longitude), { shouldDirty: true, shouldTouch: true });
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {translate('batches.endUses.mapHelp')}
      </Typography>
    </Box>
  );
}

function KindNote({ disabled }: { disabled: boolean }) {
  const kind = useWatch({ name: 'kind' }) as string;
  return kind === 'other' ? <FormInput source="kind_note" label="batches.endUses.kindNote" disabled={disabled} /> : null;
}

/** An end use of a batch's char: where (on the map or typed), when, how much, the site's soil temperature, and its evidence. */
export function EndUseDialog({ batchId, facility, onClose }: { batchId: number; facility: Facility | undefined; onClose: () => void }) {
  const translate = useTranslate();
  const save = useFormDialogSave({
    write: (dataProvider, upload: EndUseUpload) => dataProvider.addEndUse(upload),
    mutationKey: writeKey('addEndUse'),
    success: 'batches.endUses.recorded',
    failure: END_USE_FAILURE,
    onClose,
    refresh: [queryKeys.resource(RESOURCES.batches)],
    fieldPath: formPath,
    payload: (values) => endUseUpload(batchId, values),
  });
  const disabled = save.saving;
  const defaults = {
    kind: 'soil_application',
    kind_note: '',
    dry_kg: '',
    date: localIsoDate(),
    latitude: '',
    longitude: '',
    soil_temp_c: '',
    soil_temp_source: '',
    recipient: '',
    evidence: null,
  };
  const decimal = { htmlInput: { inputMode: 'decimal' } } as const;
  return (
    <FormDialog title={translate('batches.endUses.title')} defaultValues={defaults} validate={validateEndUse} save={save} onClose={onClose}>
      <FormInput source="kind" select label="batches.endUses.kind" disabled={disabled}>
        {END_USE_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {translate(`batches.endUses.kinds.${kind}`)}
          </MenuItem>
        ))}
      </FormInput>
      <KindNote disabled={disabled} />
      <FormInput source="dry_kg" label="batches.endUses.dryKg" slotProps={decimal} disabled={disabled} />
      <FormInput source="date" label="batches.endUses.date" disabled={disabled} />
      <PickOnMap facility={facility} />
      <FormInput source="latitude" label="batches.endUses.latitude" disabled={disabled} />
      <FormInput source="longitude" label="batches.endUses.longitude" disabled={disabled} />
      <FormInput source="soil_temp_c" label="batches.endUses.soilTemp" disabled={disabled} />
      <FormInput source="soil_temp_source" label="batches.endUses.soilTempSource" disabled={disabled} />
      <FormInput source="recipient" label="batches.endUses.recipient" disabled={disabled} />
      <FileInput
        source="evidence"
        label="batches.endUses.chooseEvidence"
        accept={END_USE_EVIDENCE_UPLOAD.mimeTypes.join(',')}
        hint="batches.endUses.evidenceHint"
        disabled={disabled}
      />
    </FormDialog>
  );
}
