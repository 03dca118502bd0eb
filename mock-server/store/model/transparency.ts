/**
 * The transparency log (docs/security.md, "The transparency log"): its entries in
 * the order they were appended, and the hashes of the tree's complete subtrees
 * (src/domain/transparency/merkle.ts), so a root or a proof reads O(log n) of them.
 */
export interface TransparencyEntryRecord {
  /** 0, 1, 2, … with no gap */
  idx: number;
  /** the entry's canonical JSON (src/domain/transparency/entries.ts), exactly as hashed */
  entry: string;
  logged_ts: string;
  /** what the entry is of, unique (entrySubject: 'kilnlog:12', 'signoff:3', …) */
  subject: string;
}

/** A lookup key of an entry (a transaction id, a package's SHA-256): what the public page finds an entry by. */
export interface TransparencyLookupRecord {
  key: string;
  idx: number;
}

/** The hash of the complete subtree (level, idx): leaves [idx·2^level, (idx+1)·2^level). */
export interface TransparencyNodeRecord {
  level: number;
  idx: number;
  /** SHA-256, hex */
  hash: string;
}
