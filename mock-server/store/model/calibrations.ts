/**
 * One version of a kiln's calibration (its config: the C-Go-1 per g weight and
 * zero weight, the Terrafix per g weight), under a second person
 * (docs/security.md, "Who can move which number"): proposed by one user,
 * in force only once a super-admin approved it, from the moment of approval.
 * A burn is analysed with the version in force at its log time
 * (docs/analysis.md#series-preparation). Versions are never deleted.
 */
export interface KilnCalibrationRecord {
  id: number;
  /** the record id of the kiln (kilns.id) */
  kiln_id: number;
  /** JSON string, as kilns.config */
  config: string;
  /** in force from (UTC ISO; compared with a burn's log time read as UTC); null until approved */
  effective_from: string | null;
  /** who proposed it; null for the upgrade's version 1 and the demo seed */
  proposed_by: number | null;
  proposed_ts: string;
  /** the approving super-admin; null while pending, and for version 1 made by the upgrade */
  approved_by: number | null;
  /** null while pending */
  approved_ts: string | null;
  /** set when a later proposal or approval replaced it before it was approved: it can no longer be approved */
  superseded_ts: string | null;
  /** the attached calibration certificate (a PDF or image, checked like a statement): its file key and SHA-256 */
  certificate_key: string | null;
  certificate_sha256: string | null;
  certificate_mime_type: string | null;
}
