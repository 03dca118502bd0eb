import type { Facility } from '../../src/domain/api/configure';
import type { AuditRecord, ChangeRecord, FacilityStatementRecord, FacilityPhotoRecord, FacilityRecord, KilnKeyRecord, KilnLogRecord, KilnRecord, StoredFile, UserRecord } from './schema';

/**
 * The records the store interface speaks, beyond those db.json held before
 * (schema.ts): a user's token version, the audit's frozen per-burn numbers,
 * eco assets and their allocations, and the statistics snapshot.
 */

export type { AuditRecord, ChangeRecord, FacilityStatementRecord, FacilityPhotoRecord, FacilityRecord, KilnKeyRecord, KilnLogRecord, KilnRecord, StoredFile };

/** A user; token_version grows on every password or role change, so older tokens are refused. */
export interface UserRow extends UserRecord {
  token_version: number;
  /** the password was set by a user-admin (a new user, a reset): the user must choose their own before anything else */
  must_change_password: boolean;
  /** a user-admin created, reset or gave a role of 3–5 to this account: no login until a super-admin releases it */
  locked: boolean;
}

/** What one change to a user did: each changed field's value before and after; never a password. */
export interface UserChangeDetail {
  role?: { from: number | null; to: number | null };
  facility_ids?: { from: number[]; to: number[] };
  /** the account was locked until a super-admin's release, or released */
  locked?: { from: boolean; to: boolean };
}

export const USER_CHANGE_ACTIONS = ['create', 'update', 'reset_password', 'change_password', 'delete', 'release'] as const;
export type UserChangeAction = (typeof USER_CHANGE_ACTIONS)[number];

/** One change to a user: who made it, what it did, when. Kept after the user is deleted. */
export interface UserChangeRecord {
  id: number;
  user_id: number;
  /** the changed user's name at the time */
  username: string;
  actor_id: number | null;
  actor_username: string;
  action: UserChangeAction;
  detail: UserChangeDetail;
  ts: string;
}

/** A facility's values that decide what its burns are credited with: only a super-admin sets them (DESIGN §3). */
export const CREDIT_FIELDS = ['latitude_min', 'latitude_max', 'longitude_min', 'longitude_max', 'wicf', 'carbon_removal_factor'] as const;
export type CreditField = (typeof CREDIT_FIELDS)[number];
export type CreditValues = Record<CreditField, number>;

export const FACILITY_CHANGE_ACTIONS = ['create', 'update', 'approve_kiln', 'assign_log', 'add_kiln_key', 'revoke_kiln_key', 'signed_burns_only'] as const;
export type FacilityChangeAction = (typeof FACILITY_CHANGE_ACTIONS)[number];

/** What one credit decision did: each changed credit value before and after, or the kiln approved, or the log filed. */
export interface FacilityChangeDetail {
  values?: Partial<Record<CreditField, { from: number | null; to: number }>>;
  kiln?: { id: number; kiln_id: string };
  kilnlog_id?: number;
  /** the kiln key added or revoked (with kiln) */
  key?: { id: number; fingerprint: string; label: string };
  signed_burns_only?: { from: boolean; to: boolean };
}

/**
 * One decision about what a facility's burns are credited with: its GPS box
 * or carbon factors set, a kiln approved, an unfiled log assigned to one of
 * its kilns. Who made it and when; kept like the users' change trail.
 */
export interface FacilityChangeRecord {
  id: number;
  facility_id: number;
  actor_id: number | null;
  actor_username: string;
  action: FacilityChangeAction;
  detail: FacilityChangeDetail;
  ts: string;
}

/** A facility with when its photo was uploaded (null: no photo), as the Facilities page lists it. */
export type FacilityRow = Facility;

/** A kiln with its facility's mnemonic and name joined in (spec §3 "Kiln"). */
export interface KilnRow extends KilnRecord {
  facility_mnemonic: string;
  facility_name: string;
}

/** A proposed (signoff_ts null) or signed-off audit. */
export interface AuditRow extends AuditRecord {
  /** the statement's MIME type, set at signoff */
  doc_mime_type: string | null;
  proposed_by: number | null;
  signed_off_by: number | null;
}

/**
 * A burn as it was signed off: its numbers frozen at signoff with the
 * algorithm version that produced them, so a re-analysis or a newer
 * algorithm can never change an audited figure.
 */
export interface AuditBurnRecord {
  audit_id: number;
  kilnlog_id: number;
  facility_id: number;
  co2_removed: number;
  biochar_produced: number;
  algorithm_version: string;
  /** the log's signature state at signoff (docs/security.md, "Kiln identity") */
  signed: boolean;
  key_fingerprint: string | null;
  signature: string | null;
}

/** A minted eco asset (spec §3); co2_allocated is the sum of its allocations, in kg. */
export interface EcoAssetRecord {
  id: number;
  minting_note: string;
  transaction_id: string;
  co2_allocated: number;
  minted_ts: string;
  minted_by: number | null;
}

/** Kilograms of one signed-off audit given to one eco asset. */
export interface EcoAllocationRecord {
  id: number;
  eco_asset_id: number;
  audit_id: number;
  co2_allocated: number;
}

/** Recent Changes entry without its id, for create and update. */
export type ChangeFields = Omit<ChangeRecord, 'id'>;

/** What GET /api/admin/statistics shows; recomputed on demand and kept until the next recompute. */
export interface StatisticsSnapshot {
  computed_ts: string;
  users: number;
  facilities: number;
  kilns: number;
  /** live (not archived) logs; valid + invalid + error add up to it */
  kilnlogs: number;
  valid_kilnlogs: number;
  invalid_kilnlogs: number;
  error_kilnlogs: number;
  archived_kilnlogs: number;
  audits_proposed: number;
  audits_signed_off: number;
  eco_assets: number;
  /** bytes of burn logs, photos and statements */
  storage_bytes: number;
  audited_co2: number;
  utilised_co2: number;
  audited_biochar: number;
}
