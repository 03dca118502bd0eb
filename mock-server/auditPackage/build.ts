import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { toGrams, toKg } from '../../src/domain/carbon';
import { factorsOf, releasedAnalysis } from '../analysis/versions';
import type { PackageSigner } from '../signing/packageSigner';
import type { AnalysisResult, ChartPoint } from '../analysis';
import type { AuditBurnRecord, AuditRow, FacilityRecord, KilnLogRecord } from '../store/model';
import {
  logFileOf,
  MANIFEST_FILE,
  PACKAGE_FORMAT,
  README_FILE,
  REPORT_FILE,
  SIGNING_KEY_FILE,
  SUMS_FILE,
  SUMS_SIGNATURE_FILE,
  type PackageAnomalyCheck,
  type PackageBurn,
  type PackageCalibration,
  type PackageKey,
  type PackageManifest,
  type PackageUser,
} from './manifest';
import type { PackageBatches } from './batches';
import { METHOD_FILE, packageMethod } from './method';
import { packageReadme } from './readme';
import { renderReport } from './report';

/** The kiln signature of a log (kiln keys): absent on a log stored before logs were signed, meaning unsigned. */
export interface LogSignature {
  signed?: boolean;
  key_fingerprint?: string | null;
  signature?: string | null;
}

export interface PackageBurnSource {
  row: KilnLogRecord & LogSignature;
  /** the raw log, byte for byte as uploaded */
  raw: Buffer;
  /** the numbers frozen at signoff, and the signature state frozen with them where the store keeps it */
  frozen: AuditBurnRecord & LogSignature;
}

export interface PackageSource {
  audit: AuditRow;
  facility: FacilityRecord;
  proposedBy: PackageUser | null;
  signedOffBy: PackageUser | null;
  burns: readonly PackageBurnSource[];
  statement: { bytes: Buffer; mime: string; ext: string };
  /** the stored kiln keys whose fingerprints the burns name */
  keys: readonly PackageKey[];
  signer: PackageSigner;
  /** the calibration versions the burns used (auditPackage/calibrations.ts) */
  calibrations?: readonly PackageCalibration[];
  /** the burns' anomalies checked by the signoff (auditPackage/anomalyChecks.ts) */
  anomalyChecks?: readonly PackageAnomalyCheck[];
  /** the production batches of the burns, with their evidence files (auditPackage/batches.ts) */
  batches?: PackageBatches;
  /** the files that prove the package in the transparency log, given its manifest's SHA-256 (transparency/packageProofs.ts) */
  proofs?: PackageProofs;
}

/** Files added beside the manifest once it is fixed: the log's entry of the signoff names the manifest, so they cannot be in it. */
export type PackageProofs = (manifest: { sha256: string; burnIds: number[] }) => Promise<[string, Uint8Array][]>;

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const auditFileStem = (audit: Pick<AuditRow, 'job_id' | 'signoff_ts'>) =>
  `audit-${audit.job_id.replace(/[^A-Za-z0-9._-]+/g, '_')}-${(audit.signoff_ts ?? '').slice(0, 10)}`;

export const packageFileName = (audit: Pick<AuditRow, 'job_id' | 'signoff_ts'>): string => `${auditFileStem(audit)}.zip`;

/** The report of the package on its own (GET /api/audit/{id}/report). */
export const reportFileName = (audit: Pick<AuditRow, 'job_id' | 'signoff_ts'>): string => `${auditFileStem(audit)}-report.pdf`;

/** The signature state frozen at signoff; from a store that froze none, the log's own. */
export const signatureOf = ({ row, frozen }: Pick<PackageBurnSource, 'row' | 'frozen'>): LogSignature =>
  frozen.signed === undefined ? row : frozen;

/**
 * A burn's chart in the report: its raw log run again with the recorded
 * algorithm and factors (none for a version this code does not run), so the
 * report follows from the package alone and the verifier can make it again.
 */
export function reportChart(burn: Pick<PackageBurn, 'algorithm_version' | 'factors'>, raw: Uint8Array): ChartPoint[] {
  const run = releasedAnalysis(burn.algorithm_version);
  return run ? run(Buffer.from(raw).toString('utf8'), burn.factors).chart_data : [];
}

/** SHA256SUMS: one `sha256sum` line per file, sorted by name. */
export const sumsOf = (files: readonly (readonly [string, Uint8Array])[]): Buffer =>
  Buffer.from(
    [...files]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, bytes]) => `${sha256(bytes)}  ${name}\n`)
      .join(''),
    'utf8',
  );

function packageBurn({ row, raw, frozen }: PackageBurnSource): PackageBurn {
  if (!row.analysis) throw new Error(`Audited log ${row.id} has no analysis.`);
  const analysis = JSON.parse(row.analysis) as AnalysisResult;
  const signature = signatureOf({ row, frozen });
  const signed = signature.signed === true;
  const co2 = toGrams(frozen.co2_removed);
  const biochar = toGrams(frozen.biochar_produced);
  return {
    analysis_id: row.id,
    kiln_id: row.kiln_id,
    logts: row.logts,
    file_name: row.file_name,
    log_file: logFileOf(row.id),
    log_sha256: sha256(raw),
    signed,
    key_fingerprint: signed ? (signature.key_fingerprint ?? null) : null,
    signature: signed ? (signature.signature ?? null) : null,
    algorithm_version: frozen.algorithm_version,
    factors: factorsOf(analysis),
    valid: analysis.valid === 'true',
    reasons: analysis.reasons.map(({ code, message }) => ({ code, message })),
    analysis: analysis as unknown as Record<string, unknown>,
    co2_removed_g: co2,
    biochar_produced_g: biochar,
    co2_removed: toKg(co2),
    biochar_produced: toKg(biochar),
  };
}

/**
 * When every entry of the zip says it was written: the signoff day at noon,
 * given as local fields because ZIP times are local (noon is never inside a
 * daylight-saving jump), so every server writes the same bytes.
 */
function entryTime(signoffTs: string): Date {
  const d = new Date(signoffTs);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12, 0, 0);
}

/**
 * An audit's verification package, the same bytes every time it is made:
 * burns by analysis id, keys by fingerprint, entries in a fixed order, fixed
 * times inside the zip and the PDF, the report made from the manifest and the
 * raw logs alone, and SHA256SUMS signed by the console (Ed25519 signatures
 * are deterministic).
 */
export async function buildPackage(source: PackageSource): Promise<Uint8Array> {
  const { audit, facility } = source;
  if (audit.signoff_ts === null) throw new Error(`Audit ${audit.id} is not signed off.`);
  const sources = [...source.burns].sort((a, b) => a.row.id - b.row.id);
  const burns = sources.map(packageBurn);
  const fingerprints = new Set(burns.map((b) => b.key_fingerprint).filter((f): f is string => f !== null));
  // a key's state as at signoff: a later revocation must not change a package once made
  const keys = source.keys
    .filter((k) => fingerprints.has(k.fingerprint))
    .map((k) => ({ ...k, revoked_ts: k.revoked_ts !== null && k.revoked_ts <= audit.signoff_ts! ? k.revoked_ts : null }))
    .sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : 1));
  const co2 = burns.reduce((n, b) => n + b.co2_removed_g, 0);
  const biochar = burns.reduce((n, b) => n + b.biochar_produced_g, 0);
  const statementFile = `statement.${source.statement.ext}`;
  const method = packageMethod(burns.map((b) => b.algorithm_version));
  const readme = Buffer.from(
    packageReadme({
      jobId: audit.job_id,
      statementFile,
      method: method !== null,
      batches: Boolean(source.batches?.batches.length),
    }),
    'utf8',
  );
  const methodEntry: [string, Uint8Array][] = method === null ? [] : [[METHOD_FILE, Buffer.from(method, 'utf8')]];
  const others: [string, Uint8Array][] = [
    [README_FILE, readme],
    ...methodEntry,
    [statementFile, source.statement.bytes],
    ...sources.map((s): [string, Uint8Array] => [logFileOf(s.row.id), s.raw]),
    ...(source.batches?.files ?? []),
  ];
  const batches = source.batches?.batches.length
    ? { batches: source.batches.batches, labs: source.batches.labs, lab_keys: source.batches.lab_keys }
    : {};
  const manifest: PackageManifest = {
    format: PACKAGE_FORMAT,
    audit: {
      id: audit.id,
      job_id: audit.job_id,
      kiln_type: audit.kiln_type,
      facility: {
        id: facility.id,
        mnemonic: facility.mnemonic,
        name: facility.name,
        box: {
          latitude_min: facility.latitude_min,
          latitude_max: facility.latitude_max,
          longitude_min: facility.longitude_min,
          longitude_max: facility.longitude_max,
        },
      },
      proposed_by: source.proposedBy,
      proposed_ts: audit.create_ts,
      signed_off_by: source.signedOffBy,
      signoff_ts: audit.signoff_ts,
    },
    burns,
    totals: {
      burns: burns.length,
      co2_removed_g: co2,
      biochar_produced_g: biochar,
      co2_removed: toKg(co2),
      biochar_produced: toKg(biochar),
    },
    statement: { file: statementFile, mime_type: source.statement.mime, sha256: sha256(source.statement.bytes) },
    kiln_keys: keys,
    signing_key: { kid: source.signer.kid },
    calibrations: [...(source.calibrations ?? [])],
    anomaly_checks: [...(source.anomalyChecks ?? [])].sort((a, b) => a.analysis_id - b.analysis_id || a.id - b.id),
    ...batches,
    files: Object.fromEntries(others.map(([path, bytes]) => [path, sha256(bytes)])),
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
  const charts = new Map(sources.map((s, i) => [s.row.id, reportChart(burns[i], s.raw)]));
  const report = await renderReport(manifest, charts, sha256(manifestBytes));
  const proofs = source.proofs ? await source.proofs({ sha256: sha256(manifestBytes), burnIds: burns.map((b) => b.analysis_id) }) : [];

  const mtime = entryTime(audit.signoff_ts);
  const signed: [string, Uint8Array][] = [
    [MANIFEST_FILE, manifestBytes],
    [REPORT_FILE, report],
    ...others,
    ...proofs,
    [SIGNING_KEY_FILE, Buffer.from(source.signer.publicKeyPem, 'utf8')],
  ];
  const sums = sumsOf(signed);
  const entries: [string, Uint8Array][] = [...signed, [SUMS_FILE, sums], [SUMS_SIGNATURE_FILE, source.signer.sign(sums)]];
  return zipSync(Object.fromEntries(entries.map(([path, bytes]) => [path, [bytes, { mtime }]])), { level: 6 });
}
