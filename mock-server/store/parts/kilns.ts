import type { FacilityRecord, KilnKeyRecord, KilnRecord, KilnRow } from '../model';

export type KilnFields = Omit<KilnRecord, 'id'>;

export interface KilnStore {
  /** with facility mnemonic and name, by id; facilityIds limits the facilities */
  list(filter?: { facilityIds?: readonly number[] }): Promise<KilnRow[]>;
  get(id: number): Promise<KilnRecord | null>;
  /** inside a transaction: the kiln, its row locked until the transaction ends (see FacilityStore.lock) */
  lock(id: number): Promise<KilnRecord | null>;
  /** the kiln a log names (kiln_id is unique across facilities, case-insensitively) */
  findByKilnId(kilnId: string): Promise<{ kiln: KilnRecord; facility: FacilityRecord } | null>;
  /** 409 when the kiln_id is taken anywhere (case-insensitively) */
  create(fields: KilnFields): Promise<KilnRecord>;
  update(id: number, patch: Partial<KilnFields>): Promise<KilnRecord | null>;
  /**
   * Approves a pending kiln, and with it the logs filed under it at its
   * facility (kiln_pending cleared); a kiln approved already stays as it was
   * (approved: false). Null for an unknown kiln.
   */
  approve(id: number, approval: { approved_by: number; approved_ts: string }): Promise<{ kiln: KilnRecord; approved: boolean } | null>;
  /** the kiln's keys, revoked ones too, oldest first (read from the store every time: a revocation holds at once on every server) */
  keys(kilnId: number): Promise<KilnKeyRecord[]>;
  /** the key with this fingerprint, of whatever kiln; null when none */
  keyByFingerprint(fingerprint: string): Promise<KilnKeyRecord | null>;
  /** 400 on public_key when the fingerprint is registered already (to any kiln, revoked or not) */
  addKey(key: NewKilnKey): Promise<KilnKeyRecord>;
  /** revokes the kiln's key, for good; null when the kiln has no such key; revoked false when it was revoked already */
  revokeKey(kilnId: number, keyId: number, ts: string): Promise<{ key: KilnKeyRecord; revoked: boolean } | null>;
  /**
   * Approves the kiln's pending key (locks it, so a racing revocation or
   * approval is seen); null when the kiln has no such key; approved false,
   * the key unchanged, when it is approved or revoked already.
   */
  approveKey(kilnId: number, keyId: number, approval: KeyApproval): Promise<{ key: KilnKeyRecord; approved: boolean } | null>;
}

export interface KeyApproval {
  approved_by: number;
  approved_ts: string;
}

export type NewKilnKey = Omit<KilnKeyRecord, 'id' | 'revoked_ts'>;
