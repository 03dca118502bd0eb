import type { BatchEmissions, BatchRecord, EndUseRecord, LabKeyRecord, LabRecord, LabResultRecord } from '../model';

/** What a new batch names; the store derives its period, figures and state from the burns it locks. */
export interface NewBatch {
  label: string;
  facility_id: number;
  kiln_type: number;
  feedstock: string;
  feedstock_note: string | null;
  analysis_ids: readonly number[];
  created_by: number | null;
  created_ts: string;
}

export type NewLabResult = Omit<LabResultRecord, 'id'>;
export type NewEndUse = Omit<EndUseRecord, 'id'>;

/**
 * Production batches (issue 43): burns grouped under the rules of
 * src/domain/batches, their lab results (never edited: a correction is a new
 * result superseding the old, both kept), end uses and project emissions.
 * Refusals name their field (400); an unknown batch is 404.
 */
export interface BatchStore {
  /**
   * Locks the burns and creates the batch, all or nothing: 400 naming each
   * field at fault (batchProblems), a burn already in a batch among them, also
   * when another create claims it at the same moment.
   */
  create(input: NewBatch): Promise<BatchRecord>;
  get(id: number): Promise<BatchRecord | null>;
  /** newest first; facilityIds (when given) limits them to those facilities */
  list(filter?: { facilityIds?: readonly number[] | null }): Promise<BatchRecord[]>;
  /** the batches holding any of these burns, by id */
  ofLogs(logIds: readonly number[]): Promise<BatchRecord[]>;
  /** closes an open batch; null when there is none, 409 when it is closed or sampled already */
  close(id: number): Promise<BatchRecord | null>;
  /**
   * Records a lab result (labResultProblems; a correction names the result of
   * the batch it supersedes, which no other result supersedes yet): the batch
   * becomes sampled and its dry biochar follows the newest result in force
   * that gives a moisture. 404 for no batch, 400 on lab_id for no such laboratory.
   */
  addLabResult(result: NewLabResult): Promise<LabResultRecord>;
  /** the batch's results, oldest first, superseded ones too */
  labResults(batchId: number): Promise<LabResultRecord[]>;
  /**
   * Records an end use (endUseProblems) when the batch's end uses with it stay
   * within its char, checked under the batch's lock so racing end uses cannot
   * exceed it: 400 on dry_g saying by how much. 404 for no batch.
   */
  addEndUse(endUse: NewEndUse): Promise<EndUseRecord>;
  /** the batch's end uses, oldest first */
  endUses(batchId: number): Promise<EndUseRecord[]>;
  /** replaces the batch's emissions (emissionsProblems); null when there is no batch */
  setEmissions(batchId: number, emissions: BatchEmissions): Promise<BatchRecord | null>;
}

export type NewLab = Omit<LabRecord, 'id'>;
export type NewLabKey = Omit<LabKeyRecord, 'id' | 'revoked_ts' | 'revoked_by'>;
/** Who revoked a lab key, and when. */
export interface LabKeyRevocation {
  revoked_by: number | null;
  revoked_ts: string;
}

/** Laboratories and their Ed25519 keys (registered by a super-admin; a key is never deleted, only revoked). */
export interface LabStore {
  /** 400 naming the field (labProblems), on name also when a lab of that name (any case) exists */
  create(lab: NewLab): Promise<LabRecord>;
  get(id: number): Promise<LabRecord | null>;
  /** oldest first */
  list(): Promise<LabRecord[]>;
  /** 404 for no lab; 400 on public_key when the fingerprint is registered already (to any lab) */
  addKey(key: NewLabKey): Promise<LabKeyRecord>;
  /** the lab's keys, oldest first, revoked ones too */
  keys(labId: number): Promise<LabKeyRecord[]>;
  /** revokes the lab's key for good; null when the lab has no such key; revoked false when it was revoked already */
  revokeKey(labId: number, keyId: number, revocation: LabKeyRevocation): Promise<{ key: LabKeyRecord; revoked: boolean } | null>;
}
