import type { ColumnType, Generated } from 'kysely';
import type { HighTechConditions } from '../../../../src/domain/facilitySettings';
import type {
  FacilityChangeDetail,
  FacilityChangeRecord,
  FacilityPhotoRecord,
  FacilityRecord,
  FacilityStatementRecord,
  StoredFile,
} from '../../model';
import type { Columns, Id, Json } from './columns';

export type FacilitiesTable = Columns<
  FacilityRecord,
  {
    id: Id;
    /** only device-signed burns in its audits (migration 2026-11-26-0001) */
    signed_burns_only: Generated<boolean>;
    /** the batch period, days (migration 2026-12-03-0001, default 31) */
    batch_period_days: Generated<number>;
    /** migration 2026-12-04-0003, default each false; written as JSON text */
    vm0044_high_tech_conditions: ColumnType<HighTechConditions, string | undefined, string>;
    temperature_monitored: Generated<boolean>;
  }
>;

export type FacilityChangesTable = Columns<FacilityChangeRecord, { id: Id; detail: Json<FacilityChangeDetail> }>;

export type FacilityPhotosTable = Columns<FacilityPhotoRecord, { id: Id; photo: Json<StoredFile>; thumb: Json<StoredFile> }>;

export type FacilityAuditsTable = Columns<FacilityStatementRecord, { id: Id; file: Json<StoredFile> }>;
