import type { TransparencyEntryRecord, TransparencyLookupRecord, TransparencyNodeRecord } from '../../model';

export type TransparencyEntriesTable = TransparencyEntryRecord;
export type TransparencyLookupsTable = TransparencyLookupRecord;
export type TransparencyNodesTable = TransparencyNodeRecord;
