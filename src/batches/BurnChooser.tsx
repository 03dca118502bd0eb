import { Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel, Typography } from '@mui/material';
import { useGetList, useInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { KilnLog } from '../domain/api/kilnLogs';
import { formatDateTime } from '../domain/dates';
import { RESOURCES } from '../domain/operations';

const CANDIDATES = 200;

/**
 * The burns of a new batch, chosen among the valid burns of its facility and
 * kiln type (a burn already in a batch the server refuses, naming it). An
 * array field of the form: one checkbox a burn.
 */
export function BurnChooser({
  facilityId,
  kilnType,
  disabled,
}: {
  facilityId: number | null;
  kilnType: number | null;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { field, fieldState } = useInput({ source: 'analysis_ids', format: (v: unknown) => v ?? [], parse: (v: unknown) => v });
  const chosen: number[] = Array.isArray(field.value) ? (field.value as number[]) : [];
  const ready = facilityId !== null && kilnType !== null;
  const { data, isPending } = useGetList<KilnLog>(
    RESOURCES.kilnLogs,
    {
      filter: { facility_id: facilityId, type: kilnType, status: 'valid' },
      pagination: { page: 1, perPage: CANDIDATES },
      sort: { field: 'logts', order: 'DESC' },
    },
    { enabled: ready },
  );
  const toggle = (id: number) =>
    setValue('analysis_ids', chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id].sort((a, b) => a - b), {
      shouldDirty: true,
      shouldTouch: true,
    });
  const error = fieldState.error?.message as { message?: string; args?: { server?: boolean } } | string | undefined;
  const serverError = typeof error === 'object' && error?.args?.server ? error.message : undefined;
  return (
    <FormGroup sx={{ mt: 1 }}>
      <FormLabel component="legend">{translate('batches.create.burns')}</FormLabel>
      {ready && !isPending && !data?.length && <Typography variant="body2">{translate('batches.create.noBurns')}</Typography>}
      {ready &&
        data?.map((log) => (
          <FormControlLabel
            key={log.id}
            control={<Checkbox checked={chosen.includes(log.id)} onChange={() => toggle(log.id)} disabled={disabled} />}
            label={`${log.id} · ${log.kiln_id ?? '–'} · ${log.logts ? formatDateTime(log.logts) : log.file_name}`}
          />
        ))}
      <FormHelperText error={!!serverError}>
        {serverError ?? `${translate('batches.create.burnsHelp')} ${translate('batches.create.chosen', { smart_count: chosen.length })}`}
      </FormHelperText>
    </FormGroup>
  );
}
