/** A log's analysed figures: kg of CO2 removed and of biochar produced. */
export interface AnalysisDetail {
  co2_removed: number;
  biochar_produced: number;
}

/**
 * One uploaded burn log (docs/product.md#calls-beyond-the-specification); its raw file
 * and chart live in files/. The API adds analysis_id (its id) and audit_job_id
 * (its audit's job id) on read.
 */
export interface KilnLogRecord {
  id: number;
  /** the identifier in the file header */
  kiln_id: string | null;
  /** id of the matched kilns record */
  kiln: number | null;
  facility_id: number | null;
  facility_name: string | null;
  /** kiln type: 0 C-Go-1, 1 Retort, 2 Terrafix */
  type: number | null;
  /** burn start, the kiln's own wall clock */
  logts: string | null;
  upload_ts: string;
  file_name: string;
  /** bytes */
  file_size: number;
  sha256: string;
  /** key of the stored raw file */
  s3key: string;
  latitude: number | null;
  longitude: number | null;
  gps_in_range: boolean | null;
  /** JSON string of the analysis result (docs/analysis.md, "Result") */
  analysis: string | null;
  error_message: string | null;
  analysis_detail: AnalysisDetail | null;
  /** the analysis says valid */
  valid: boolean;
  /** filed under a kiln id a super-admin has not approved yet: kept, but not creditable */
  kiln_pending: boolean;
  /** the kiln calibration version (kiln_calibrations.id) the analysis used: the one in force at logts; null when none applied */
  calibration_id: number | null;
  /** uploaded with a valid Ed25519 signature by an active key of the kiln it names */
  signed: boolean;
  /** the signing key's fingerprint; null when unsigned */
  key_fingerprint: string | null;
  /** the base64 Ed25519 signature over the stored file's exact bytes; null when unsigned */
  signature: string | null;
  /** the account that uploaded it (a second person clears its anomalies); null or absent for logs of older schemas and the seed's */
  uploaded_by?: number | null;
  audited: boolean;
  audit_id: number | null;
  archived_ts: string | null;
  /** when an archived log is deleted */
  delete_after: string | null;
}
