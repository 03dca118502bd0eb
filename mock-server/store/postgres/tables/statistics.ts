import type { StatisticsSnapshot } from '../../model';
import type { Id, Json } from './columns';

export interface StatisticsTable {
  id: Id;
  snapshot: Json<StatisticsSnapshot>;
}
