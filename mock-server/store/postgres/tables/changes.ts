import type { ChangeRecord } from '../../model';
import type { Columns, Id } from './columns';

export type ChangesTable = Columns<ChangeRecord, { id: Id }>;
