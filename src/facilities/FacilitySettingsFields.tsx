import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import type { Facility } from '../domain/api/configure';
import { BATCH_PERIOD_DAYS_RULE, facilitySettingsOf, VM0044_HIGH_TECH_CONDITIONS } from '../domain/facilitySettings';
import { FormInput, numberInputSlots } from '../forms/FormInput';

/** A yes-or-no field of the form. */
function FlagInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, format: (v: unknown) => v === true, parse: (v: unknown) => v === true });
  return (
    <FormControlLabel
      control={<Checkbox checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
      label={translate(label)}
    />
  );
}

const legendStyle = { component: 'legend', variant: 'subtitle1' } as const;

/**
 * The facility's batch and methodology settings in its form (docs/roles.md#numbers-that-credit-a-facility):
 * inputs for a super-admin; for anyone else the settings stored, in words.
 */
export function FacilitySettingsFields({ facility, editable }: { facility: Facility | null; editable: boolean }) {
  const translate = useTranslate();
  if (!editable) {
    const settings = facilitySettingsOf(facility ?? {});
    const met = VM0044_HIGH_TECH_CONDITIONS.filter((c) => settings.vm0044_high_tech_conditions[c]);
    return (
      <Box sx={{ mt: 2 }}>
        <Typography variant="subtitle1">{translate('facilities.settings.title')}</Typography>
        <Typography variant="body2">{translate('facilities.settings.periodShown', { smart_count: settings.batch_period_days })}</Typography>
        <Typography variant="body2">
          {translate('facilities.settings.highTechShown', {
            conditions: met.length ? met.map((c) => translate(`facilities.settings.conditions.${c}`)).join(', ') : '–',
          })}
        </Typography>
        <Typography variant="body2">
          {translate(settings.temperature_monitored ? 'facilities.settings.monitored' : 'facilities.settings.unmonitored')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('facilities.settings.note')}
        </Typography>
      </Box>
    );
  }
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography {...legendStyle}>{translate('facilities.settings.title')}</Typography>
      <FormInput
        source="batch_period_days"
        required
        label="facilities.settings.batchPeriodDays"
        rule={BATCH_PERIOD_DAYS_RULE}
        slotProps={numberInputSlots(BATCH_PERIOD_DAYS_RULE)}
      />
      <FormGroup>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('facilities.settings.highTech')}
        </Typography>
        {VM0044_HIGH_TECH_CONDITIONS.map((c) => (
          <FlagInput key={c} source={`vm0044_high_tech_conditions.${c}`} label={`facilities.settings.conditions.${c}`} />
        ))}
        <FlagInput source="temperature_monitored" label="facilities.settings.temperatureMonitored" />
      </FormGroup>
    </Box>
  );
}
