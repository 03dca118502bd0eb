import type { KilnLogSortField } from '../../src/domain/api/kilnLogs';
import type { Page, SortOrder } from './paging';
import type { LoginThrottle, LoginThrottleOptions } from '../auth/loginThrottle';
import type { KilnLogFilter, KilnLogScope } from '../kilnlogs/query';
import type { Anomaly, AnomalySortField } from '../../src/domain/api/fleet';
import type { DetectedAnomaly } from '../../src/domain/fleet/anomalies';
import type { AnomalyQuery } from '../fleet/anomalyQuery';
import type { EmbeddedShape } from './embedded/state';
import type {
  AuditBurnRecord,
  AuditRow,
  BufferShareRecord,
  ChangeFields,
  ChangeRecord,
  EcoAllocationRecord,
  EcoAssetRecord,
  EcoRetirementRecord,
  FacilityChangeAction,
  FacilityChangeRecord,
  FacilityStatementRecord,
  FacilityPhotoRecord,
  FacilityRecord,
  FacilityRow,
  FleetBurnRecord,
  KilnKeyRecord,
  KilnLogRecord,
  KilnRecord,
  KilnRow,
  StatisticsSnapshot,
  UserChangeRecord,
  UserRow,
} from './records';

/**
 * The one way the API server reaches its data (DESIGN §1): async, one part
 * per area, the same contract for the embedded store (lowdb over db.json)
 * and PostgreSQL. Every operation that must hold against racing requests
 * (unique names, claiming burns, allocating kilograms) is one call here, so
 * each implementation makes it atomic its own way.
 *
 * Refusals a client caused come back as HttpError 409 (conflict) or 400, so
 * a route passes them on as they are; "not there" is null, never an error.
 */

/** A whole store's content, collection by collection: db.json's shape. */
export type StoreState = EmbeddedShape;

export interface ListPage {
  sort: { field: string; order: SortOrder };
  /** first and last index, inclusive */
  range: [number, number];
}

// ---------------------------------------------------------------- users
export type NewUser = Omit<UserRow, 'id' | 'token_version' | 'last_login_ts' | 'must_change_password' | 'locked'> & { must_change_password?: boolean; locked?: boolean };
export type UserPatch = Partial<Pick<UserRow, 'username' | 'role' | 'password_hash' | 'facility_ids' | 'must_change_password' | 'locked'>>;
export type NewUserChange = Omit<UserChangeRecord, 'id'>;
export interface FacilitiesSet {
  before: number[];
  after: number[];
  taken: { id: number; owner_id: number }[];
}
export const USER_SORT_FIELDS = ['id', 'username', 'role', 'created_ts', 'last_login_ts'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export interface UserFilter {
  ids?: number[];
  role?: number;
  /** lower-cased text within the username */
  q?: string;
}

export interface UserStore {
  get(id: number): Promise<UserRow | null>;
  /** exact username (usernames are unique case-insensitively) */
  findByUsername(username: string): Promise<UserRow | null>;
  /**
   * The user as it stands, unchangeable by anyone else until the caller's
   * transaction ends (PostgreSQL: the super-admins' rows, then the user's,
   * the order update and delete take them), so a role checked on the answer
   * still holds at the write (security review S1). Call it inside transaction().
   */
  lock(id: number): Promise<UserRow | null>;
  list(filter: UserFilter, page: ListPage & { sort: { field: UserSortField } }): Promise<Page<UserRow>>;
  /** users with one of these roles (owner choices) */
  withRoles(roles: readonly number[]): Promise<UserRow[]>;
  /** 409 when the username is taken (case-insensitively) */
  create(user: NewUser): Promise<UserRow>;
  /**
   * A change of password or role raises token_version; 409 on a taken username,
   * and on moving the last super-admin to another role. A user leaving the
   * roles that own facilities (0, 4) hands theirs to the oldest other super-admin.
   */
  update(id: number, patch: UserPatch): Promise<UserRow | null>;
  recordLogin(id: number, ts: string): Promise<void>;
  /** 409 for the last super-admin; the user's facilities go to the oldest other super-admin */
  delete(id: number): Promise<boolean>;
  count(): Promise<number>;
  /**
   * Makes the user the owner of exactly these facilities (a facility admin's
   * reach); those they owned before and no longer do go to the oldest other
   * super-admin. 400 naming an unknown facility; null for an unknown user.
   * `taken`: the facilities it moved from another owner, as they were.
   */
  setFacilities(id: number, facilityIds: readonly number[]): Promise<FacilitiesSet | null>;
  /** records one change to a user (who, what, when) */
  recordChange(change: NewUserChange): Promise<UserChangeRecord>;
  /** the changes to one user, newest first */
  changesOf(userId: number): Promise<UserChangeRecord[]>;
}

// ---------------------------------------------------------------- facilities
export type FacilityFields = Omit<FacilityRecord, 'id'>;
export type NewFacilityStatement = Omit<FacilityStatementRecord, 'id'>;
export type NewFacilityChange = Omit<FacilityChangeRecord, 'id'>;

export interface FacilityStore {
  /** ordered by mnemonic; ownerId limits to one owner's (a facility admin's scope) */
  list(filter?: { ownerId?: number }): Promise<FacilityRow[]>;
  get(id: number): Promise<FacilityRecord | null>;
  /**
   * Inside a transaction: the facility, its row locked until the transaction
   * ends, so a check of it and the write that follows see one version (PostgreSQL
   * FOR UPDATE; the embedded store runs transactions one at a time).
   */
  lock(id: number): Promise<FacilityRecord | null>;
  /** ids of the facilities one user owns */
  idsOwnedBy(userId: number): Promise<number[]>;
  mnemonics(): Promise<string[]>;
  /** 409 when the mnemonic is taken */
  create(fields: FacilityFields): Promise<FacilityRecord>;
  update(id: number, patch: Partial<FacilityFields>): Promise<FacilityRecord | null>;
  photo(facilityId: number): Promise<FacilityPhotoRecord | null>;
  /** stores the facility's photo and answers the one it replaced, whose files the caller removes */
  replacePhoto(photo: Omit<FacilityPhotoRecord, 'id'>): Promise<{ photo: FacilityPhotoRecord; replaced: FacilityPhotoRecord | null }>;
  /** adds a statement and makes it the facility's latest (latest_facility_audit_id, last_updated) */
  addStatement(statement: NewFacilityStatement, ts: string): Promise<FacilityStatementRecord>;
  /** the facility's statement with this id, or its latest when id is null */
  statement(facilityId: number, id: number | null): Promise<FacilityStatementRecord | null>;
  /** records one credit decision about a facility (who, what, when) */
  recordChange(change: NewFacilityChange): Promise<FacilityChangeRecord>;
  /** the credit decisions about one facility, newest first; with `actions` (not empty), only those */
  changesOf(facilityId: number, actions?: readonly FacilityChangeAction[]): Promise<FacilityChangeRecord[]>;
}

// ---------------------------------------------------------------- kilns
export type KilnFields = Omit<KilnRecord, 'id'>;

export interface KilnStore {
  /** with facility mnemonic and name, by id; facilityIds limits the facilities */
  list(filter?: { facilityIds?: readonly number[] }): Promise<KilnRow[]>;
  get(id: number): Promise<KilnRecord | null>;
  /** inside a transaction: the kiln, its row locked until the transaction ends (see FacilityStore.lock) */
  lock(id: number): Promise<KilnRecord | null>;
  /** the kiln a log names (kiln_id is unique across facilities, case-insensitively) */
  findByKilnId(kilnId: string): Promise<{ kiln: KilnRecord; facility: FacilityRecord } | null>;
  /** 409 when the kiln_id is taken anywhere (case-insensitively) */
  create(fields: KilnFields): Promise<KilnRecord>;
  update(id: number, patch: Partial<KilnFields>): Promise<KilnRecord | null>;
  /**
   * Approves a pending kiln, and with it the logs filed under it at its
   * facility (kiln_pending cleared); a kiln approved already stays as it was
   * (approved: false). Null for an unknown kiln.
   */
  approve(id: number, approval: { approved_by: number; approved_ts: string }): Promise<{ kiln: KilnRecord; approved: boolean } | null>;
  /** the kiln's keys, revoked ones too, oldest first (read from the store every time: a revocation holds at once on every server) */
  keys(kilnId: number): Promise<KilnKeyRecord[]>;
  /** the key with this fingerprint, of whatever kiln; null when none */
  keyByFingerprint(fingerprint: string): Promise<KilnKeyRecord | null>;
  /** 400 on public_key when the fingerprint is registered already (to any kiln, revoked or not) */
  addKey(key: NewKilnKey): Promise<KilnKeyRecord>;
  /** revokes the kiln's key, for good; null when the kiln has no such key; revoked false when it was revoked already */
  revokeKey(kilnId: number, keyId: number, ts: string): Promise<{ key: KilnKeyRecord; revoked: boolean } | null>;
}

export type NewKilnKey = Omit<KilnKeyRecord, 'id' | 'revoked_ts'>;

// ---------------------------------------------------------------- kiln logs
export type KilnLogPatch = Partial<Omit<KilnLogRecord, 'id' | 'sha256' | 's3key' | 'upload_ts'>>;

/** A listed log with the job id of the audit that audited it (null when not audited). */
export type ListedKilnLog = KilnLogRecord & { audit_job_id: string | null };

export interface KilnLogStore {
  /** a fresh id for a log about to be inserted (its files are named by it before the row exists) */
  reserveId(): Promise<number>;
  /** 409 naming the earlier log when the same content (sha256) was stored before */
  insert(row: KilnLogRecord): Promise<KilnLogRecord>;
  /** the seed's bulk path: many rows in few statements; ids given */
  insertMany(rows: readonly KilnLogRecord[]): Promise<void>;
  /**
   * Inside a transaction the row is held until it ends (PostgreSQL: FOR UPDATE; the embedded store runs one
   * transaction at a time), so what is checked on it still holds when it is changed: no signoff slips in between.
   */
  get(id: number): Promise<KilnLogRecord | null>;
  findBySha256(sha256: string): Promise<KilnLogRecord | null>;
  /** one page of the simple-REST list, filtered, sorted and paged by the store; each row names its audit by job id */
  list(scope: KilnLogScope, filter: KilnLogFilter, page: ListPage & { sort: { field: KilnLogSortField } }): Promise<Page<ListedKilnLog>>;
  update(id: number, patch: KilnLogPatch): Promise<KilnLogRecord | null>;
  /**
   * Files a live, unaudited log of no facility (one whose kiln was unknown)
   * with these fields; null when there is no such log, or it has a facility
   * by now: a log's facility, once set, never changes.
   */
  fileUnassigned(id: number, patch: KilnLogPatch): Promise<KilnLogRecord | null>;
  /** archived, unaudited logs whose delete_after is past at `now` */
  dueForPurge(now: Date): Promise<KilnLogRecord[]>;
  /** deletes rows (never one audited or in a proposal) and answers those deleted */
  remove(ids: readonly number[]): Promise<KilnLogRecord[]>;
}

// ---------------------------------------------------------------- audits
export interface ProposeInput {
  job_id: string;
  /** 0, 1 or 2; ANY_KILN_TYPE (-1) takes burns of any type, and the proposal records their type when they share one */
  kiln_type: number;
  /** every burn must be of this facility; null: the burns' facility, which must be one */
  facility_id: number | null;
  analysis_ids: readonly number[];
  create_ts: string;
  proposed_by: number | null;
  /** the current analysis algorithm: a burn whose result names another version is refused (it needs re-analysis first) */
  algorithm_version: string;
}

export interface SignoffInput {
  audit_id: number;
  /** the burns signed off: a non-empty subset of the proposal; the rest are released */
  analysis_ids: readonly number[];
  signoff_ts: string;
  doc_key: string;
  doc_mime_type: string;
  signed_off_by: number | null;
  /** the current analysis algorithm: every burn signed off must still be a valid, live burn whose result names it */
  algorithm_version: string;
}

export interface AuditTotals {
  audit: AuditRow;
  audited_co2: number;
  audited_biochar: number;
  /** kg allocated to eco assets so far */
  utilised_co2: number;
}

export interface Co2SummaryRow {
  facility_id: number;
  facility_name: string;
  year: number;
  /** 1-12, of the signoff */
  month: number;
  audited_co2: number;
  utilised_co2: number;
  audited_biochar: number;
}

export interface AuditStore {
  get(id: number): Promise<AuditRow | null>;
  /** proposals not yet signed off, newest first */
  open(): Promise<AuditRow[]>;
  /** the signed-off audit whose evidence has this key */
  withDocKey(docKey: string): Promise<AuditRow | null>;
  /** valid, live, unaudited burns of this kiln type (any for ANY_KILN_TYPE) in no open proposal, oldest first, whatever their algorithm version */
  potentialLogs(filter: { kiln_type: number; facilityIds?: readonly number[] | null }): Promise<KilnLogRecord[]>;
  /** the burns of a proposal (or of a signed-off audit) */
  logsOf(auditId: number): Promise<KilnLogRecord[]>;
  /**
   * Claims the burns for a new proposal, all or nothing: 409 naming the burns
   * already in an open proposal or an audit, or not valid, live and of the
   * kiln type and facility.
   */
  propose(input: ProposeInput): Promise<AuditRow>;
  /**
   * Freezes each burn's numbers, marks them audited; 409 when already signed
   * off, a burn is not in the proposal or is no longer a valid, live burn of
   * the current algorithm.
   */
  signoff(input: SignoffInput): Promise<AuditTotals>;
  /** signed-off audits, newest signoff first; from/to bound signoff_ts (ISO, inclusive) */
  history(filter: { facilityIds?: readonly number[] | null; from?: string; to?: string }): Promise<AuditTotals[]>;
  /** the frozen numbers of a signed-off audit's burns */
  burns(auditId: number): Promise<AuditBurnRecord[]>;
  /** audited and utilised kg per facility and signoff month */
  co2Summary(filter?: { facilityIds?: readonly number[] | null }): Promise<Co2SummaryRow[]>;
}

// ---------------------------------------------------------------- eco assets
export interface MintInput {
  minting_note: string;
  transaction_id: string;
  /** audit id → kg, each > 0 */
  allocations: ReadonlyMap<number, number>;
  minted_ts: string;
  minted_by: number | null;
}

/** An allocation with what names its audit: signoff time, statement, job id and facility. */
export type AllocationWithAudit = EcoAllocationRecord & {
  signoff_ts: string;
  doc_key: string | null;
  evidence_mime_type: string | null;
  job_id: string;
  facility_id: number;
  facility_name: string;
};

export interface RetireInput {
  eco_asset_id: number;
  /** > 0, whole grams */
  kg: number;
  beneficiary: string;
  purpose: string;
  retired_ts: string;
  retired_by: number | null;
}

export interface EcoAssetStore {
  /** signed-off audits with what remains of each (audited − utilised), by facility */
  available(filter?: { facilityIds?: readonly number[] | null }): Promise<(AuditTotals & { facility_name: string; remaining_co2: number })[]>;
  /** kg that remains to allocate from one audit (0 for an unknown or unsigned one) */
  remaining(auditId: number): Promise<number>;
  /**
   * Allocates atomically: 409 when the transaction ID is taken (trimmed, whatever
   * its case) or any amount exceeds what remains of its audit, however many mint at once.
   * In the same transaction the buffer share in force splits the kg into issued
   * and buffer, and each part takes the next serials, after every block before it.
   */
  mint(input: MintInput): Promise<{ asset: EcoAssetRecord; allocations: EcoAllocationRecord[] }>;
  /**
   * Retires kg of the asset's issued units not retired yet, the front of them:
   * 409 when none is left, 400 when kg is more than is left; null for an unknown asset.
   */
  retire(input: RetireInput): Promise<{ asset: EcoAssetRecord; retirement: EcoRetirementRecord } | null>;
  /** an asset's retirements, oldest first */
  retirements(ecoAssetId: number): Promise<EcoRetirementRecord[]>;
  /** the buffer share in force (the newest set), null before any was set (0 %) */
  bufferShare(): Promise<BufferShareRecord | null>;
  setBufferShare(share: Omit<BufferShareRecord, 'id'>): Promise<BufferShareRecord>;
  /** every buffer share set, newest first (the Admin screen's trail of who set what, when) */
  bufferShares(): Promise<BufferShareRecord[]>;
  get(id: number): Promise<EcoAssetRecord | null>;
  /** eco assets drawing on audits of this facility, newest first */
  list(filter: { facilityId: number }): Promise<EcoAssetRecord[]>;
  /** an eco asset's allocations, each with its audit's signoff time, statement, job id and facility */
  allocations(ecoAssetId: number): Promise<AllocationWithAudit[]>;
}

// ---------------------------------------------------------------- changes, statistics
export interface ChangeStore {
  /** newest first (date, then id) */
  list(): Promise<ChangeRecord[]>;
  get(id: number): Promise<ChangeRecord | null>;
  create(fields: ChangeFields): Promise<ChangeRecord>;
  update(id: number, patch: Partial<ChangeFields>): Promise<ChangeRecord | null>;
  delete(id: number): Promise<boolean>;
}

export interface StatisticsStore {
  /** the last snapshot, or null before the first recompute */
  latest(): Promise<StatisticsSnapshot | null>;
  /** counts everything now, keeps the snapshot and answers it */
  recompute(now: Date): Promise<StatisticsSnapshot>;
}

// ---------------------------------------------------------------- fleet
/** A burn on the Fleet screen: its record without the fingerprint, and how many of its anomalies nobody checked yet. */
export type FleetBurnRow = Omit<FleetBurnRecord, 'fingerprint' | 'version'> & { open_anomalies: number };

export interface AnomalyCheck {
  checked_by: number;
  checked_by_name: string;
  checked_ts: string;
  check_note: string;
}

export interface FleetStore {
  /**
   * Stores a burn's fleet record (replacing its earlier one) and what the rules
   * raised on it: anomalies no longer raised go, those raised again (same code and
   * other burn) stay as they were, checked or not; the rest are added.
   */
  judge(burn: FleetBurnRecord, raised: readonly DetectedAnomaly[], raisedTs: string): Promise<void>;
  /** the log has no analysed burn any more: its record and its anomalies go */
  forget(logId: number): Promise<void>;
  /** every fleet record of one kiln */
  burnsOfKiln(kiln: number): Promise<FleetBurnRecord[]>;
  /** records of this facility and kiln type whose span lies within [spanMin, spanMax] (DUPLICATE_CURVE's candidates) */
  curveCandidates(query: { facility_id: number; kiln_type: number; spanMin: number; spanMax: number }): Promise<FleetBurnRecord[]>;
  /** logs with a result and a kiln whose fleet record is missing or of another version, oldest first (logts, then id) */
  unjudged(version: string): Promise<number[]>;
  /** live burns of the facilities in reach (null: all), optionally of one facility */
  burns(query: { facilityIds: ReadonlySet<number> | null; facilityId?: number }): Promise<FleetBurnRow[]>;
  anomalies(query: AnomalyQuery, page: ListPage & { sort: { field: AnomalySortField } }): Promise<Page<Anomaly>>;
  anomaly(id: number): Promise<Anomaly | null>;
  /** null for an unknown anomaly; 409 when it is checked already */
  check(id: number, check: AnomalyCheck): Promise<Anomaly | null>;
}

// ---------------------------------------------------------------- the whole
/**
 * What the records name in file storage, by kind of record (the start-up
 * sweep removes the files none names and reports those named but gone).
 */
export interface FileReferences {
  /** every kiln log, archived ones too: its id (its analysis file) and raw file key */
  kilnLogs: { id: number; s3key: string }[];
  /** the keys of every facility photo and thumbnail */
  facilityPhotos: string[];
  /** the keys of every facility statement */
  facilityStatements: string[];
  /** the doc_key of every signed-off audit's evidence */
  auditEvidence: string[];
}

/** How the keys made from a record's id or value are spelled (store/fileSweep.ts gives them from the file areas). */
export interface FileKeySpelling {
  /** a kiln log's analysis file: prefix, id, suffix */
  analysisPrefix: string;
  analysisSuffix: string;
  /** an audit's evidence: prefix, doc_key */
  evidencePrefix: string;
}

export interface StoreParts {
  users: UserStore;
  facilities: FacilityStore;
  kilns: KilnStore;
  kilnLogs: KilnLogStore;
  audits: AuditStore;
  ecoAssets: EcoAssetStore;
  changes: ChangeStore;
  statistics: StatisticsStore;
  fleet: FleetStore;
}

/**
 * Jobs every server sharing a store must do one at a time: setup (migrations,
 * the demo seed, the store copy), the start-up re-analysis and the archive purge.
 */
export type StoreJob = 'setup' | 'reanalysis' | 'purge' | 'sweep';

export interface DataStore extends StoreParts {
  readonly kind: 'embedded' | 'postgres';
  /**
   * Runs fn while no other server on this store runs the same job, waiting
   * for one that does (on PostgreSQL an advisory lock; the embedded store has
   * one server, so it just runs fn).
   */
  exclusively<T>(job: StoreJob, fn: () => Promise<T>): Promise<T>;
  /** The same, but answers null at once, without running fn, while another server runs the job. */
  tryExclusively<T>(job: StoreJob, fn: () => Promise<T>): Promise<{ value: T } | null>;
  /** where the login throttles count failures: in the database on PostgreSQL (every server counts the same), in this process on the embedded store */
  loginThrottle(options: LoginThrottleOptions): LoginThrottle;
  /**
   * Runs fn with parts bound to one transaction: every change in it is kept,
   * or, when fn throws, none. Transactions run one at a time on the embedded
   * store; on PostgreSQL they run at once, each operation locking what it needs.
   */
  transaction<T>(fn: (tx: StoreParts) => Promise<T>): Promise<T>;
  /**
   * Replaces everything with a whole state, ids kept (the seed builds the demo
   * business in memory and stores it here in one go; PostgreSQL takes it in
   * multi-row inserts). progress reports rows done per table.
   */
  replaceAll(state: StoreState, progress?: (table: string, done: number, total: number) => void): Promise<void>;
  /** true before the first user exists (a fresh store is seeded) */
  isEmpty(): Promise<boolean>;
  /** the file keys every record names, read at one moment (one snapshot) */
  fileReferences(): Promise<FileReferences>;
  /**
   * The keys of fileReferences spelled out, each once, in key order
   * (blobs/keyOrder.ts): at most `limit` of those after `after` (null: from
   * the first). The start-up sweep reads them page by page, holding one page.
   */
  fileKeysAfter(after: string | null, limit: number, spelling: FileKeySpelling): Promise<string[]>;
  /** throws unless the store can serve now (the readiness check, GET /api/health/ready) */
  checkHealth(): Promise<void>;
  close(): Promise<void>;
}
