import type { Generated } from 'kysely';
import type { BurnFingerprint } from '../../../../src/domain/fleet/fingerprint';
import type { Id, Json } from './columns';

export interface FleetBurnsTable {
  log_id: number;
  kiln: number;
  kiln_id: string;
  facility_id: number;
  kiln_type: number;
  logts: string | null;
  start_ts: number;
  span_ms: number;
  latitude: number;
  longitude: number;
  valid: boolean;
  reasons: Json<string[]>;
  burn_duration: number;
  biomass_loaded: number;
  biochar_produced: number;
  co2_removed: number;
  version: string;
  fingerprint: Json<BurnFingerprint>;
  /** the curves' means, null when a point is missing: the database computes them as curveMeans does, on every write (migration 2026-11-28-0001) */
  temp_mean: Generated<number | null>;
  weight_mean: Generated<number | null>;
}

export interface AnomaliesTable {
  id: Id;
  code: 'DUPLICATE_CURVE' | 'GPS_JUMP' | 'TARE_DRIFT' | 'YIELD_OUTLIER' | 'RATE_IMPOSSIBLE';
  log_id: number;
  other_log_id: number | null;
  kiln: number;
  kiln_id: string;
  facility_id: number;
  message: string;
  logts: string | null;
  raised_ts: string;
  checked_ts: string | null;
  checked_by: number | null;
  checked_by_name: string | null;
  check_note: string | null;
}
