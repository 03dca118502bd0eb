import type { GeneratedAlways } from 'kysely';
import type { AnomalyRecord, FleetBurnRecord } from '../../model';
import type { Columns, Id, Json } from './columns';

export type FleetBurnsTable = Columns<
  FleetBurnRecord,
  {
    reasons: Json<string[]>;
    fingerprint: Json<FleetBurnRecord['fingerprint']>;
    /** the curves' means, null when a point is missing: computed by the database as curveMeans computes them (migration 2026-11-28-0001) */
    temp_mean: GeneratedAlways<number | null>;
    weight_mean: GeneratedAlways<number | null>;
  }
>;

export type AnomaliesTable = Columns<AnomalyRecord, { id: Id }>;
