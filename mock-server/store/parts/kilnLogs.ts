import type { KilnLogSortField } from '../../../src/domain/kilnLogSort';
import type { KilnLogFilter, KilnLogScope } from '../kilnLogQuery';
import type { ListPage, Page } from '../paging';
import type { KilnLogRecord } from '../model';

export type KilnLogPatch = Partial<Omit<KilnLogRecord, 'id' | 'sha256' | 's3key' | 'upload_ts'>>;

/** A listed log with the job id of the audit that audited it (null when not audited). */
/** A listed row names its audit by job id, and the open proposal that holds it (its burns are in no other) by its job id. */
export type ListedKilnLog = KilnLogRecord & { audit_job_id: string | null; proposal_job_id: string | null };

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
  /** one page of the simple-REST list, filtered, sorted and paged by the store; each row names its audit and its open proposal by job id */
  list(scope: KilnLogScope, filter: KilnLogFilter, page: ListPage & { sort: { field: KilnLogSortField } }): Promise<Page<ListedKilnLog>>;
  update(id: number, patch: KilnLogPatch): Promise<KilnLogRecord | null>;
  /**
   * Files a live, unaudited log of no facility (one whose kiln was unknown)
   * with these fields; null when there is no such log, or it has a facility
   * by now: a log's facility, once set, never changes.
   */
  fileUnassigned(id: number, patch: KilnLogPatch): Promise<KilnLogRecord | null>;
  /** the ids of the logs, live and archived, whose result is outdated under this algorithm version (store/analysisVersions.ts), ascending */
  outdated(algorithmVersion: string): Promise<number[]>;
  /** archived, unaudited logs whose delete_after is past at `now` */
  dueForPurge(now: Date): Promise<KilnLogRecord[]>;
  /** deletes rows (never one audited or in a proposal) and answers those deleted */
  remove(ids: readonly number[]): Promise<KilnLogRecord[]>;
}
