import type { LoginThrottle, LoginThrottleOptions } from './loginThrottle';
import type { SigningKeyStore } from './signingKeys';
import type { EmbeddedShape } from './embedded/state';
import type { UserStore } from './parts/users';
import type { FacilityStore } from './parts/facilities';
import type { KilnStore } from './parts/kilns';
import type { KilnLogStore } from './parts/kilnLogs';
import type { AuditStore } from './parts/audits';
import type { EcoAssetStore } from './parts/ecoAssets';
import type { ChangeStore } from './parts/changes';
import type { StatisticsStore } from './parts/statistics';
import type { FleetStore } from './parts/fleet';
import type { KilnCalibrationStore } from './parts/calibrations';
import type { TransparencyStore } from './parts/transparency';
import type { BatchStore, LabStore } from './parts/batches';

export type { ListPage } from './paging';
export * from './parts/users';
export * from './parts/facilities';
export * from './parts/kilns';
export * from './parts/kilnLogs';
export * from './parts/audits';
export * from './parts/ecoAssets';
export * from './parts/changes';
export * from './parts/statistics';
export * from './parts/fleet';
export * from './parts/calibrations';
export * from './parts/transparency';
export * from './parts/batches';

/**
 * The one way the API server reaches its data (docs/product.md#shape-of-the-system): async, one part
 * per area (each declared in parts/<area>.ts and built in embedded/<area>.ts
 * and postgres/<area>.ts), the same contract for the embedded store (lowdb
 * over db.json) and PostgreSQL. Every operation that must hold against racing requests
 * (unique names, claiming burns, allocating kilograms) is one call here, so
 * each implementation makes it atomic its own way.
 *
 * Refusals a client caused come back as a StoreRefusal (errors.ts), which
 * http/errors.ts maps to a status; "not there" is null, never an error.
 */

/** A whole store's content, collection by collection: db.json's shape. */
export type StoreState = EmbeddedShape;

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
  calibrations: KilnCalibrationStore;
  transparency: TransparencyStore;
  batches: BatchStore;
  labs: LabStore;
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
  /** the console's package signing keys: in the database on PostgreSQL, in DATA_DIR/signing-keys.json beside db.json on the embedded store */
  signingKeys(): SigningKeyStore;
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
