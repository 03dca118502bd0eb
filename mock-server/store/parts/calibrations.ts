import type { KilnCalibrationRecord } from '../model';

export type NewKilnCalibration = Omit<
  KilnCalibrationRecord,
  'id' | 'superseded_ts' | 'certificate_key' | 'certificate_sha256' | 'certificate_mime_type'
>;

/** How an approval went: done, or why not (approved already, or superseded by a later version). */
export type CalibrationApproval = { calibration: KilnCalibrationRecord; outcome: 'approved' | 'already_approved' | 'superseded' };

/**
 * A kiln's calibration versions (docs/security.md, "Who can move which
 * number"). The kiln's own config is the approved version in force now; a
 * pending version changes nothing until a super-admin approves it.
 */
export interface KilnCalibrationStore {
  /** the kiln's versions, oldest first */
  ofKiln(kilnId: number): Promise<KilnCalibrationRecord[]>;
  /** the approved versions of every kiln (those the analysis may apply), oldest first */
  approved(): Promise<KilnCalibrationRecord[]>;
  get(kilnId: number, id: number): Promise<KilnCalibrationRecord | null>;
  /** the record ids of the kilns with a version waiting for approval */
  pendingKilns(): Promise<number[]>;
  /**
   * Stores a new version. Approved (approved_ts set): the kiln's config
   * becomes its config. Either way every pending version of the kiln before
   * it is superseded (one proposal waits at a time: the newest).
   */
  add(calibration: NewKilnCalibration): Promise<KilnCalibrationRecord>;
  /**
   * Approves a pending version, in force from `ts`: the kiln's config becomes
   * its config. Null when the kiln has no such version.
   */
  approve(kilnId: number, id: number, approval: { approved_by: number; ts: string }): Promise<CalibrationApproval | null>;
  /** records the version's certificate; null when the kiln has no such version */
  attachCertificate(
    kilnId: number,
    id: number,
    certificate: { key: string; sha256: string; mime_type: string },
  ): Promise<KilnCalibrationRecord | null>;
}
