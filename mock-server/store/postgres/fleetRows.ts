import type { FleetBurnRecord } from '../model';

// the curve means of the duplicate pre-selection are the database's to compute (migration 2026-11-28-0001)
export const toBurnRecord = (burn: FleetBurnRecord) => ({
  ...burn,
  reasons: JSON.stringify(burn.reasons),
  fingerprint: JSON.stringify(burn.fingerprint),
});
export const BURN_COLUMNS = [
  'log_id',
  'kiln',
  'kiln_id',
  'facility_id',
  'kiln_type',
  'logts',
  'start_ts',
  'span_ms',
  'latitude',
  'longitude',
  'valid',
  'reasons',
  'burn_duration',
  'biomass_loaded',
  'biochar_produced',
  'co2_removed',
  'version',
  'fingerprint',
] as const satisfies readonly (keyof FleetBurnRecord)[];
