import type { PackageBatch, PackageLab, PackageLabKey } from './batches';
import type { AnalysisFactors } from '../analysis/versions';

/**
 * What an audit's verification package says about it (manifest.json): who
 * made and signed off the audit, every burn with the SHA-256 of its raw log,
 * its kiln signature, its algorithm, factors and analysis, its frozen CO2 and
 * biochar in whole grams, the totals, the statement, the kiln keys that
 * signed, the console key that signs the package and the SHA-256 of every
 * other file. Plain data, written once.
 */

export const PACKAGE_FORMAT = 'kiln-console-audit-package/2';

export const MANIFEST_FILE = 'manifest.json';
export const REPORT_FILE = 'report.pdf';
export const README_FILE = 'README.txt';
/** `sha256sum` lines of every other file, the console's Ed25519 signature over them, and its public key */
export const SUMS_FILE = 'SHA256SUMS';
export const SUMS_SIGNATURE_FILE = 'SHA256SUMS.sig';
export const SIGNING_KEY_FILE = 'SIGNING-KEY.pem';
export const logFileOf = (analysisId: number): string => `logs/${analysisId}.csv`;

export interface PackageUser {
  id: number;
  username: string;
}

export interface PackageBox {
  latitude_min: number;
  latitude_max: number;
  longitude_min: number;
  longitude_max: number;
}

export interface PackageBurn {
  analysis_id: number;
  kiln_id: string | null;
  /** first reading, kiln local time */
  logts: string | null;
  /** the name the log was uploaded under */
  file_name: string;
  /** where the raw log is in the package */
  log_file: string;
  log_sha256: string;
  /** whether the kiln signed the log (Ed25519 over the raw bytes), the key's fingerprint and the base64 signature */
  signed: boolean;
  key_fingerprint: string | null;
  signature: string | null;
  algorithm_version: string;
  factors: AnalysisFactors;
  valid: boolean;
  reasons: { code: string; message: string }[];
  /** the stored analysis result, every field as the algorithm gave it; its phases hold every moment the by-hand recipe reads (from 2.2.0 also quench_top_ts) */
  analysis: Record<string, unknown>;
  /** frozen at signoff, whole grams, and the same as kg */
  co2_removed_g: number;
  biochar_produced_g: number;
  co2_removed: number;
  biochar_produced: number;
}

export interface PackageKey {
  fingerprint: string;
  kiln_id: string;
  label: string;
  /** Ed25519, PEM (SPKI) */
  public_key: string;
  created_ts: string;
  revoked_ts: string | null;
}

/** A kiln calibration version the package's burns were analysed with, who approved it, its certificate, and which burns used it. */
export interface PackageCalibration {
  id: number;
  kiln_id: string;
  /** JSON text of the kiln config, as the kiln registry holds it */
  config: string;
  effective_from: string | null;
  proposed_by: PackageUser | null;
  approved_by: PackageUser | null;
  approved_ts: string | null;
  certificate_sha256: string | null;
  /** the analysis ids of the package's burns analysed with it */
  burns: number[];
}

/**
 * A fleet anomaly of one of the package's burns and the check that cleared it before
 * the signoff (a burn with an open anomaly is never signed off: docs/analysis.md,
 * "Fleet anomalies"): who checked it, when, and what they found.
 */
export interface PackageAnomalyCheck {
  id: number;
  code: string;
  analysis_id: number;
  /** the other burn of a pair (a copied curve's original, the burn before a jump) */
  other_analysis_id: number | null;
  message: string;
  raised_ts: string;
  checked_ts: string;
  checked_by: PackageUser | null;
  note: string;
}

export interface PackageManifest {
  format: typeof PACKAGE_FORMAT;
  audit: {
    id: number;
    job_id: string;
    kiln_type: number;
    facility: { id: number; mnemonic: string; name: string; box: PackageBox };
    proposed_by: PackageUser | null;
    proposed_ts: string;
    signed_off_by: PackageUser | null;
    signoff_ts: string;
  };
  burns: PackageBurn[];
  totals: { burns: number; co2_removed_g: number; biochar_produced_g: number; co2_removed: number; biochar_produced: number };
  statement: { file: string; mime_type: string; sha256: string };
  kiln_keys: PackageKey[];
  /** the console key that signs SHA256SUMS (its kid: SHA-256 of its DER SPKI, as GET /api/signing-keys lists it) */
  signing_key: { kid: string };
  /** the calibration versions the burns used, by id */
  calibrations: PackageCalibration[];
  /** the burns' anomalies and their checks, by analysis id then anomaly id (absent from packages made before they were recorded) */
  anomaly_checks?: PackageAnomalyCheck[];
  /** the production batches the burns belong to, with their lab results and end uses (auditPackage/batches.ts); absent when none is */
  batches?: PackageBatch[];
  /** the laboratories of those lab results, and their keys as at signoff */
  labs?: PackageLab[];
  lab_keys?: PackageLabKey[];
  /** SHA-256 of every file but the manifest, the report and the signing files (which names the manifest's SHA-256), by path */
  files: Record<string, string>;
}
