import type { Hash, NodeId } from '../../../src/domain/transparency/merkle';

/** A node's key in `nodes`' answer. */
export const nodeKey = (level: number, index: number) => `${level}/${index}`;

export interface TransparencyStore {
  /**
   * Appends an entry at the end of the log and stores the subtrees it completes; its index.
   * Called in the transaction of the act it records, so the entry lands with the act or not at
   * all; appends from every server sharing the store take one index each, with no gap.
   */
  append(entry: string, loggedTs: string): Promise<number>;
  /** how many entries the log holds */
  size(): Promise<number>;
  /** the entry at this index, exactly as appended; null past the end */
  entry(index: number): Promise<{ entry: string; logged_ts: string } | null>;
  /** the hashes of these complete subtrees, by nodeKey; a subtree not (yet) complete is left out */
  nodes(ids: readonly NodeId[]): Promise<Map<string, Hash>>;
}
