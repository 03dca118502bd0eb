import type { AnomalyCode, DetectedAnomaly } from '../../../src/domain/fleet/anomalies';
import type { BurnFingerprint } from '../../../src/domain/fleet/fingerprint';
import type { CopyKey } from '../../../src/domain/fleet/copyKey';
import { copyKeyBuckets } from '../../../src/domain/fleet/copyKeyIndex';

/**
 * One analysed burn of a registered kiln as the fleet reads it (fleet_burns):
 * made again with each analysis of the log, gone with the log.
 */
export interface FleetBurnRecord {
  log_id: number;
  kiln: number;
  kiln_id: string;
  facility_id: number;
  kiln_type: number;
  logts: string | null;
  /** the kiln's local clock as UTC ms; the rules' order */
  start_ts: number;
  span_ms: number;
  latitude: number;
  longitude: number;
  valid: boolean;
  reasons: string[];
  burn_duration: number;
  biomass_loaded: number;
  biochar_produced: number;
  co2_removed: number;
  /** the ANOMALY_VERSION its anomalies were judged by */
  version: string;
  fingerprint: BurnFingerprint;
}

/** One bucket of the copy index a burn is filed under (copy_key_buckets): the copy check finds its candidates by bucket. */
export interface CopyKeyBucketRecord {
  bucket: string;
  log_id: number;
}

/** The buckets a burn's record files it under: one per copy-key lookup its key can serve (none without a key). */
export const copyKeyFiling = (burn: Pick<FleetBurnRecord, 'log_id' | 'fingerprint'>): CopyKeyBucketRecord[] =>
  burn.fingerprint.copy_key ? copyKeyBuckets(burn.fingerprint.copy_key).map((bucket) => ({ bucket, log_id: burn.log_id })) : [];

/** A stored burn's copy key, as the copy index hands it to the copy check. */
export interface StoredCopyKey {
  log_id: number;
  copy_key: CopyKey;
}

/** An anomaly as stored; the API adds its facility's name on read (ListedAnomaly). */
export interface AnomalyRecord {
  id: number;
  code: AnomalyCode;
  log_id: number;
  /** the other burn of a pair (DUPLICATE_CURVE, GPS_JUMP); null for one burn's anomaly */
  other_log_id: number | null;
  kiln: number;
  kiln_id: string;
  facility_id: number;
  message: string;
  logts: string | null;
  raised_ts: string;
  /** who checked it, when and with what note; null while nobody has */
  checked_ts: string | null;
  checked_by: number | null;
  checked_by_name: string | null;
  check_note: string | null;
}

/** A raised anomaly as either store adds it (the id is the store's), nobody having checked it yet. */
export const raisedAnomaly = (burn: FleetBurnRecord, found: DetectedAnomaly, raisedTs: string): Omit<AnomalyRecord, 'id'> => ({
  code: found.code,
  log_id: burn.log_id,
  other_log_id: found.other_log_id,
  kiln: burn.kiln,
  kiln_id: burn.kiln_id,
  facility_id: burn.facility_id,
  message: found.message,
  logts: burn.logts,
  raised_ts: raisedTs,
  checked_ts: null,
  checked_by: null,
  checked_by_name: null,
  check_note: null,
});

/** An anomaly with its facility's name joined in, as the fleet lists it. */
export type ListedAnomaly = AnomalyRecord & { facility_name: string };
