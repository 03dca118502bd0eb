import type { AnomalyRecord, FleetBurnRecord } from '../../model';
import type { Columns, Id, Json } from './columns';

export type FleetBurnsTable = Columns<
  FleetBurnRecord,
  {
    reasons: Json<string[]>;
    fingerprint: Json<FleetBurnRecord['fingerprint']>;
    /** the curves' means, null when a point is missing (curveMeans in src/domain/fleet/anomalies.ts) */
    temp_mean: number | null;
    weight_mean: number | null;
  }
>;

export type AnomaliesTable = Columns<AnomalyRecord, { id: Id }>;
