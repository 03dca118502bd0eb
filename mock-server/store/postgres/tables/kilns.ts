import type { KilnCalibrationRecord, KilnKeyRecord, KilnRecord } from '../../model';
import type { Columns, Id } from './columns';

export type KilnsTable = Columns<KilnRecord, { id: Id }>;

export type KilnKeysTable = Columns<KilnKeyRecord, { id: Id }>;

export type KilnCalibrationsTable = Columns<KilnCalibrationRecord, { id: Id }>;
