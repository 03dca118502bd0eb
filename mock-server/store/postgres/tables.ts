import type { ColumnType, Generated } from 'kysely';
import type { BurnFingerprint } from '../../../src/domain/fleet/fingerprint';
import type { FacilityChangeAction, FacilityChangeDetail, StatisticsSnapshot, StoredFile, UserChangeAction, UserChangeDetail } from '../records';

/**
 * The PostgreSQL tables as Kysely sees them. Timestamps are timestamptz read
 * back as ISO text (see connect.ts), so rows compare equal to the embedded
 * store's; a kiln's logts is its own wall clock and stays text.
 */

type Id = Generated<number>;
/** jsonb: written as JSON text, read as the value */
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Id;
  username: string;
  role: number;
  password_hash: string;
  facility_ids: number[];
  created_ts: string;
  last_login_ts: string | null;
  token_version: Generated<number>;
  must_change_password: Generated<boolean>;
  locked: Generated<boolean>;
}

export interface UserChangesTable {
  id: Id;
  user_id: number;
  username: string;
  actor_id: number | null;
  actor_username: string;
  action: UserChangeAction;
  detail: Json<UserChangeDetail>;
  ts: string;
}

export interface FacilitiesTable {
  id: Id;
  mnemonic: string;
  name: string;
  owner_id: number;
  latitude_min: number;
  latitude_max: number;
  longitude_min: number;
  longitude_max: number;
  last_updated: string;
  latest_facility_audit_id: number | null;
  kiln_type_config: string;
  /** only device-signed burns in its audits (migration 2026-11-26-0001) */
  signed_burns_only: Generated<boolean>;
}

export interface FacilityChangesTable {
  id: Id;
  facility_id: number;
  actor_id: number | null;
  actor_username: string;
  action: FacilityChangeAction;
  detail: Json<FacilityChangeDetail>;
  ts: string;
}

export interface FacilityPhotosTable {
  id: Id;
  facility_id: number;
  photo_guid: string;
  photo: Json<StoredFile>;
  thumb: Json<StoredFile>;
}

export interface FacilityAuditsTable {
  id: Id;
  facility_id: number;
  file_type: string;
  file: Json<StoredFile>;
}

export interface KilnsTable {
  id: Id;
  kiln_id: string;
  facility_id: number;
  type: number;
  install_date: string;
  last_update: string;
  config: string;
  approved_ts: string | null;
  approved_by: number | null;
}

export interface KilnKeysTable {
  id: Id;
  kiln_id: number;
  fingerprint: string;
  label: string;
  public_key: string;
  created_ts: string;
  created_by: number | null;
  revoked_ts: string | null;
}

export interface KilnLogsTable {
  id: number;
  kiln_id: string | null;
  kiln: number | null;
  facility_id: number | null;
  facility_name: string | null;
  type: number | null;
  logts: string | null;
  upload_ts: string;
  file_name: string;
  file_size: number;
  sha256: string;
  s3key: string;
  latitude: number | null;
  longitude: number | null;
  gps_in_range: boolean | null;
  error_message: string | null;
  /** analysis_detail, split so it sorts and sums in SQL; both null when the detail is */
  co2_removed: number | null;
  biochar_produced: number | null;
  valid: boolean;
  /** false unless filed under a kiln no super-admin has approved (default false: rows of older schemas) */
  kiln_pending: Generated<boolean>;
  /** signature state (migration 2026-11-26-0001; false and null on rows of older schemas) */
  signed: Generated<boolean>;
  key_fingerprint: string | null;
  signature: string | null;
  /** 0 error, 1 invalid, 2 valid: the 'analysis' sort key, computed by PostgreSQL */
  status_rank: ColumnType<number, never, never>;
  audited: boolean;
  audit_id: number | null;
  archived_ts: string | null;
  delete_after: string | null;
}

/** A log's analysis result (JSON text), kept out of the list's rows; none when the log has none. */
export interface KilnLogAnalysesTable {
  kilnlog_id: number;
  analysis: string;
}

export interface AuditsTable {
  id: Id;
  job_id: string;
  kiln_type: number;
  facility_id: number;
  create_ts: string;
  analysis_ids: number[];
  signoff_ts: string | null;
  doc_key: string | null;
  doc_mime_type: string | null;
  proposed_by: number | null;
  signed_off_by: number | null;
}

/** One row per burn in an open proposal or an audit: its primary key lets a burn be claimed once. */
export interface AuditClaimsTable {
  kilnlog_id: number;
  audit_id: number;
}

export interface AuditBurnsTable {
  audit_id: number;
  kilnlog_id: number;
  facility_id: number;
  co2_removed: number;
  biochar_produced: number;
  algorithm_version: string;
  signed: Generated<boolean>;
  key_fingerprint: string | null;
  signature: string | null;
}

export interface EcoAssetsTable {
  id: Id;
  minting_note: string;
  transaction_id: string;
  /** transactionKey(transaction_id), unique: the form IDs are compared in */
  transaction_key: string;
  /** numeric(16,3): kg to the gram, exact */
  co2_allocated: number;
  co2_issued: number;
  co2_buffer: Generated<number>;
  co2_retired: Generated<number>;
  /** bigint gram serials (ledgerRules.ts); an exclusion constraint keeps the blocks of all assets apart */
  serial_first: number | null;
  serial_last: number | null;
  buffer_serial_first: number | null;
  buffer_serial_last: number | null;
  minted_ts: string;
  minted_by: number | null;
}

export interface EcoRetirementsTable {
  id: Id;
  eco_asset_id: number;
  co2_retired: number;
  serial_first: number;
  serial_last: number;
  beneficiary: string;
  purpose: string;
  retired_ts: string;
  retired_by: number | null;
}

export interface BufferSharesTable {
  id: Id;
  basis_points: number;
  set_by: number | null;
  set_ts: string;
}

export interface EcoAllocationsTable {
  id: Id;
  eco_asset_id: number;
  audit_id: number;
  co2_allocated: number;
}

export interface ChangesTable {
  id: Id;
  date: string;
  title: string;
  body: string;
}

export interface StatisticsTable {
  id: Id;
  snapshot: Json<StatisticsSnapshot>;
}

/** Live and archived logs per facility (0: none), kept by triggers on kilnlogs (migration 0003); never written by the store. */
/** logs per facility, kiln, type, live or archived, status and audited, kept by triggers (migration 0007); -1 for a null key */
export interface KilnLogTalliesTable {
  facility_key: number;
  kiln_key: number;
  type_key: number;
  archived: boolean;
  status_rank: number;
  audited: boolean;
  n: number;
}

/** each audit's sums of its burns and allocations, kept by triggers (migration 0007) */
export interface AuditTotalsTable {
  audit_id: number;
  audited_co2: number;
  audited_biochar: number;
  /** numeric: comes back as text */
  utilised_co2: number | string;
}

/** the login throttles' shared state (migration 2026-11-25-0002); ms since the epoch on the database's clock */
export interface LoginFailuresTable {
  client: string;
  name: string;
  failures: number;
  last_failure_ms: number;
  blocked_until_ms: number;
  expires_ms: number;
}

export interface LoginClientFailuresTable {
  client: string;
  hits: number;
  reset_ms: number;
}

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
  /** the curves' means, null when a point is missing (curveMeans in src/domain/fleet/anomalies.ts) */
  temp_mean: number | null;
  weight_mean: number | null;
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

export interface Database {
  users: UsersTable;
  facilities: FacilitiesTable;
  facility_photos: FacilityPhotosTable;
  facility_audits: FacilityAuditsTable;
  kilns: KilnsTable;
  kiln_keys: KilnKeysTable;
  kilnlogs: KilnLogsTable;
  kilnlog_analyses: KilnLogAnalysesTable;
  kilnlog_tallies: KilnLogTalliesTable;
  audits: AuditsTable;
  audit_claims: AuditClaimsTable;
  audit_burns: AuditBurnsTable;
  audit_totals: AuditTotalsTable;
  eco_assets: EcoAssetsTable;
  eco_allocations: EcoAllocationsTable;
  eco_retirements: EcoRetirementsTable;
  buffer_shares: BufferSharesTable;
  changes: ChangesTable;
  statistics: StatisticsTable;
  user_changes: UserChangesTable;
  login_failures: LoginFailuresTable;
  login_client_failures: LoginClientFailuresTable;
  facility_changes: FacilityChangesTable;
  fleet_burns: FleetBurnsTable;
  anomalies: AnomaliesTable;
}
