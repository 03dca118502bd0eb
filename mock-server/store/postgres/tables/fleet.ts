import type { Generated } from 'kysely';
import type { AnomalyRecord, CopyKeyBucketRecord, FleetBurnRecord } from '../../model';
import type { Columns, Id, Json } from './columns';

export type FleetBurnsTable = Columns<
  FleetBurnRecord,
  {
    reasons: Json<string[]>;
    fingerprint: Json<FleetBurnRecord['fingerprint']>;
    /** the curves' means, null when a point is missing: the database computes them as curveMeans does, on every write (migration 2026-11-28-0001) */
    temp_mean: Generated<number | null>;
    weight_mean: Generated<number | null>;
    /** the means of the curves' quarters, as curveMeans computes them (migration 2026-11-28-0002) */
    temp_quarters: Generated<number[] | null>;
    weight_quarters: Generated<number[] | null>;
  }
>;

export type AnomaliesTable = Columns<AnomalyRecord, { id: Id }>;

/** the copy index (migration 2026-12-03-0003) */
export type CopyKeyBucketsTable = CopyKeyBucketRecord;
