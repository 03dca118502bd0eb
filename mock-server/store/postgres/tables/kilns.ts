import type { KilnKeyRecord, KilnRecord } from '../../model';
import type { Columns, Id } from './columns';

export type KilnsTable = Columns<KilnRecord, { id: Id }>;

export type KilnKeysTable = Columns<KilnKeyRecord, { id: Id }>;
