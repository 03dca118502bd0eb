import type { AnomalySortField, CurveCandidateQuery, DetectedAnomaly } from '../../../src/domain/fleet/anomalies';
import type { AnomalyQuery } from '../anomalyQuery';
import type { ListPage, Page } from '../paging';
import type { FleetBurnRecord, ListedAnomaly as Anomaly, StoredCopyKey } from '../model';

/** A burn on the Fleet screen: its record without the fingerprint, and how many of its anomalies nobody checked yet. */
export type FleetBurnRow = Omit<FleetBurnRecord, 'fingerprint' | 'version'> & { open_anomalies: number };

export interface AnomalyCheck {
  checked_by: number;
  checked_by_name: string;
  checked_ts: string;
  check_note: string;
}

/** The note of an anomaly closed because its burn was archived (checked_by null); restoring the burn reopens it. */
export const ARCHIVED_NOTE = 'archived';

export interface FleetStore {
  /**
   * Stores a burn's fleet record (replacing its earlier one, and its copy index buckets,
   * copyKeyFiling) and what the rules raised on it: anomalies no longer raised go, those
   * raised again (same code and other burn) stay as they were, checked or not; the rest
   * are added. The copy check's COPIED_BURN is not the rules' and stays (see copied).
   */
  judge(burn: FleetBurnRecord, raised: readonly DetectedAnomaly[], raisedTs: string): Promise<void>;
  /**
   * The first judgement of a log just stored: its fleet record and what the rules
   * raised, and its copy index buckets, added at once (on PostgreSQL one statement). Nothing when the log has a
   * record already: one written since (a re-analysis) is the newer.
   */
  judgeFirst(burn: FleetBurnRecord, raised: readonly DetectedAnomaly[], raisedTs: string): Promise<void>;
  /** the log has no analysed burn any more: its record, its copy index buckets and its anomalies go */
  forget(logId: number): Promise<void>;
  /**
   * The copy check's candidates: the stored copy keys of the burns filed under any of
   * these buckets (copyKeyLookups) with a log id below `beforeLogId` (the later upload is
   * the copy), of every facility and owner, each once, in log id order. Reads the
   * buckets' index rows, never every burn.
   */
  copyKeysFiledUnder(buckets: readonly string[], beforeLogId: number): Promise<StoredCopyKey[]>;
  /**
   * The copy check's verdict on a burn (mock-server/fleet/copyCheck.ts): its COPIED_BURN
   * anomaly names `found`'s original, kept as it was (checked or not) when it named it
   * already, or goes when `found` is null. Nothing when the burn has no fleet record.
   */
  copied(burn: FleetBurnRecord, found: DetectedAnomaly | null, raisedTs: string): Promise<void>;
  /** the records of the burn's kiln that its rules read (src/domain/fleet/anomalies.ts, kilnHistory), newest first */
  kilnHistory(burn: FleetBurnRecord): Promise<FleetBurnRecord[]>;
  /**
   * DUPLICATE_CURVE's candidates: the log ids of the records isCurveCandidate
   * takes (src/domain/fleet/anomalies.ts), in log id order; ids only, found in
   * one scan, so the pass reads their records a page at a time by id.
   */
  curveCandidateIds(query: CurveCandidateQuery): Promise<number[]>;
  /** the fleet records of these logs (those that still have one), in log id order */
  records(logIds: readonly number[]): Promise<FleetBurnRecord[]>;
  /** logs with a result and a kiln whose fleet record is missing or of another version, oldest first (logts, then id) */
  unjudged(version: string): Promise<number[]>;
  /** live burns of the facilities in reach (null: all), optionally of one facility */
  burns(query: { facilityIds: ReadonlySet<number> | null; facilityId?: number }): Promise<FleetBurnRow[]>;
  anomalies(query: AnomalyQuery, page: ListPage & { sort: { field: AnomalySortField } }): Promise<Page<Anomaly>>;
  anomaly(id: number): Promise<Anomaly | null>;
  /**
   * A log archived (at `archivedTs`) closes its open anomalies with the note
   * 'archived' and nobody as checker; restored (null) reopens those alone.
   */
  archived(logId: number, archivedTs: string | null): Promise<void>;
  /** null for an unknown anomaly; 409 when it is checked already */
  check(id: number, check: AnomalyCheck): Promise<Anomaly | null>;
}
