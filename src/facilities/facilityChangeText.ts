import type { FacilityChange } from '../domain/api/configure';
import { shortFingerprint } from '../domain/kilnKeys';

/** The form's label of each credit value, so the trail names them as the Facility modal does. */
const VALUE_LABELS: Record<string, string> = {
  latitude_min: 'facilities.fields.latMin',
  latitude_max: 'facilities.fields.latMax',
  longitude_min: 'facilities.fields.lonMin',
  longitude_max: 'facilities.fields.lonMax',
  wicf: 'facilities.fields.wicf',
  carbon_removal_factor: 'facilities.fields.carbonRemovalFactor',
};

/** The form's label of each batch or methodology setting. */
const SETTING_LABELS: Record<string, string> = {
  batch_period_days: 'facilities.settings.batchPeriodDays',
  vm0044_high_tech_conditions: 'facilities.settings.highTech',
  temperature_monitored: 'facilities.settings.temperatureMonitored',
};

type SettingValue = number | boolean | Record<string, boolean>;

/** One trail entry in words: what was decided, and each value's change. */
export function facilityChangeText(change: FacilityChange, translate: (key: string, options?: object) => string): string {
  const { kiln, kilnlog_id, key, signed_burns_only, calibration, certificate_sha256, proposal, values = {}, settings = {} } = change.detail;
  const head = translate(`facilities.change.${change.action}`, {
    kilnId: kiln?.kiln_id ?? '',
    logId: kilnlog_id ?? '',
    label: key?.label ?? '',
    fingerprint: key ? shortFingerprint(key.fingerprint) : certificate_sha256 ? shortFingerprint(certificate_sha256) : '',
    calibrationId: calibration?.id ?? '',
    config: calibration?.config ?? '',
    setting: signed_burns_only ? translate(signed_burns_only.to ? 'facilities.signedBurns.only' : 'facilities.signedBurns.any') : '',
    jobId: proposal?.job_id ?? '',
    smart_count: proposal?.analysis_ids.length ?? 0,
  });
  const changed = Object.entries(values).map(([field, v]) =>
    translate('facilities.change.value', { field: translate(VALUE_LABELS[field] ?? field), from: v?.from ?? '–', to: v?.to }),
  );
  const setting = (value: SettingValue | null | undefined): string => {
    if (value === null || value === undefined) return '–';
    if (typeof value === 'number') return String(value);
    if (typeof value === 'boolean') return translate(value ? 'facilities.settings.yes' : 'facilities.settings.no');
    const met = Object.entries(value).filter(([, holds]) => holds);
    return met.length ? met.map(([c]) => translate(`facilities.settings.conditions.${c}`)).join(', ') : '–';
  };
  const settingsChanged = Object.entries(settings).map(([field, v]) =>
    translate('facilities.change.value', { field: translate(SETTING_LABELS[field] ?? field), from: setting(v?.from), to: setting(v?.to) }),
  );
  return [head, ...changed, ...settingsChanged].join('; ');
}
