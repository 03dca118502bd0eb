import type {
  FacilityChangeAction,
  FacilityChangeRecord,
  FacilityPhotoRecord,
  FacilityRecord,
  FacilityRow,
  FacilityStatementRecord,
} from '../model';

export type FacilityFields = Omit<FacilityRecord, 'id'>;
export type NewFacilityStatement = Omit<FacilityStatementRecord, 'id'>;
export type NewFacilityChange = Omit<FacilityChangeRecord, 'id'>;

export interface FacilityStore {
  /** ordered by mnemonic; ownerId limits to one owner's (a facility admin's scope) */
  list(filter?: { ownerId?: number }): Promise<FacilityRow[]>;
  get(id: number): Promise<FacilityRecord | null>;
  /**
   * Inside a transaction: the facility, its row locked until the transaction
   * ends, so a check of it and the write that follows see one version (PostgreSQL
   * FOR UPDATE; the embedded store runs transactions one at a time).
   */
  lock(id: number): Promise<FacilityRecord | null>;
  /** ids of the facilities one user owns */
  idsOwnedBy(userId: number): Promise<number[]>;
  mnemonics(): Promise<string[]>;
  /** 409 when the mnemonic is taken */
  create(fields: FacilityFields): Promise<FacilityRecord>;
  update(id: number, patch: Partial<FacilityFields>): Promise<FacilityRecord | null>;
  photo(facilityId: number): Promise<FacilityPhotoRecord | null>;
  /** stores the facility's photo and answers the one it replaced, whose files the caller removes */
  replacePhoto(photo: Omit<FacilityPhotoRecord, 'id'>): Promise<{ photo: FacilityPhotoRecord; replaced: FacilityPhotoRecord | null }>;
  /** adds a statement and makes it the facility's latest (latest_facility_audit_id, last_updated) */
  addStatement(statement: NewFacilityStatement, ts: string): Promise<FacilityStatementRecord>;
  /** the facility's statement with this id, or its latest when id is null */
  statement(facilityId: number, id: number | null): Promise<FacilityStatementRecord | null>;
  /** records one credit decision about a facility (who, what, when) */
  recordChange(change: NewFacilityChange): Promise<FacilityChangeRecord>;
  /** the credit decisions about one facility, newest first; with `actions` (not empty), only those */
  changesOf(facilityId: number, actions?: readonly FacilityChangeAction[]): Promise<FacilityChangeRecord[]>;
}
