import type { StatisticsSnapshot } from '../model';

export interface StatisticsStore {
  /** the last snapshot, or null before the first recompute */
  latest(): Promise<StatisticsSnapshot | null>;
  /** counts everything now, keeps the snapshot and answers it */
  recompute(now: Date): Promise<StatisticsSnapshot>;
}
