import type { TransparencyEntryRecord, TransparencyNodeRecord } from '../../model';

export type TransparencyEntriesTable = TransparencyEntryRecord;
export type TransparencyNodesTable = TransparencyNodeRecord;
