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

/** One trail entry in words: what was decided, and each value's change. */
export function facilityChangeText(change: FacilityChange, translate: (key: string, options?: object) => string): string {
  const { kiln, kilnlog_id, key, signed_burns_only, calibration, certificate_sha256, proposal, values = {} } = change.detail;
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
  return [head, ...changed].join('; ');
}
