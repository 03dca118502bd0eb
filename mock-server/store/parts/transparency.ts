import type { Hash, NodeId } from '../../../src/domain/transparency/merkle';
import type {
  AuditRow,
  EcoAllocationRecord,
  EcoAssetRecord,
  EcoRetirementRecord,
  KilnCalibrationRecord,
  KilnKeyRecord,
  KilnLogRecord,
  LabKeyRecord,
} from '../model';

/** A node's key in `nodes`' answer. */
export const nodeKey = (level: number, index: number) => `${level}/${index}`;

/** What a store's records say of the acts the log records (a kiln log by the fields its entry holds). */
export interface ActRecords {
  kilnlogs: Pick<KilnLogRecord, 'id' | 'kiln_id' | 'sha256' | 'key_fingerprint' | 'upload_ts'>[];
  audits: AuditRow[];
  eco_assets: EcoAssetRecord[];
  eco_allocations: EcoAllocationRecord[];
  eco_retirements: EcoRetirementRecord[];
  kiln_keys: KilnKeyRecord[];
  kiln_calibrations: KilnCalibrationRecord[];
  lab_keys: LabKeyRecord[];
}

export interface TransparencyStore {
  /**
   * Appends an entry at the end of the log and stores the subtrees it completes; its index.
   * Called in the transaction of the act it records, so the entry lands with the act or not at
   * all; appends from every server sharing the store take one index each, with no gap.
   */
  append(entry: string, loggedTs: string, subject: string): Promise<number>;
  /** the index of the entry of this subject (entrySubject), or null */
  indexOf(subject: string): Promise<number | null>;
  /**
   * Files the entry at `index` under a lookup key (entryLookups, packageLookup: 'transaction:abc-1',
   * 'package:<sha256>'), in the transaction that makes what it names; a key is filed once, never moved.
   */
  addLookup(key: string, index: number): Promise<void>;
  /** the index filed under this lookup key, or null */
  lookup(key: string): Promise<number | null>;
  /** how many entries the log holds */
  size(): Promise<number>;
  /** the entry at this index, exactly as appended; null past the end */
  entry(index: number): Promise<{ entry: string; logged_ts: string } | null>;
  /**
   * Every act the store's records hold, archived logs too, read at one moment: what a log started
   * on a store that already holds acts brings in (transparency/bringIn.ts).
   */
  actRecords(): Promise<ActRecords>;
  /** the hashes of these complete subtrees, by nodeKey; a subtree not (yet) complete is left out */
  nodes(ids: readonly NodeId[]): Promise<Map<string, Hash>>;
}
