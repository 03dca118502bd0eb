import { createPublicKey, verify as verifySignature } from 'node:crypto';
import { unzipSync } from 'fflate';
import { toGrams, toKg } from '../../src/domain/carbon';
import { releasedAnalysis, releasedVersions } from '../analysis/versions';
import { sha256 } from './build';
import { MANIFEST_FILE, PACKAGE_FORMAT, REPORT_FILE, type PackageBurn, type PackageKey, type PackageManifest } from './manifest';
import { METHOD_FILE, packageMethod } from './method';
import { pdfText } from './reportText';

/**
 * The offline check of a verification package (npm run verify): every
 * SHA-256, every kiln signature, every burn's analysis run again from its raw
 * log with the recorded algorithm and factors and compared field by field,
 * the totals, and that the report names the manifest. Stops at the first
 * difference. Needs nothing but this repository.
 */

export const EXIT = { verified: 0, different: 1, unknownAlgorithm: 2 } as const;
export type VerifyCode = (typeof EXIT)[keyof typeof EXIT];

export interface VerifyOutcome {
  code: VerifyCode;
  /** one line per burn checked, then the verdict */
  lines: string[];
}

/** A difference: which file, which field, what the package records and what was re-derived. */
class Difference extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly recorded: unknown,
    readonly derived: unknown,
  ) {
    super(`${file}: ${field}: recorded ${show(recorded)}, re-derived ${show(derived)}`);
  }
}

const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first path where two JSON values differ, or null when they are the same. */
export function firstDifference(
  recorded: unknown,
  derived: unknown,
  path: string,
): { path: string; recorded: unknown; derived: unknown } | null {
  if (Array.isArray(recorded) && Array.isArray(derived)) {
    if (recorded.length !== derived.length) return { path: `${path}.length`, recorded: recorded.length, derived: derived.length };
    for (let i = 0; i < recorded.length; i++) {
      const found = firstDifference(recorded[i], derived[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(recorded) && isRecord(derived)) {
    for (const key of [...new Set([...Object.keys(derived), ...Object.keys(recorded)])]) {
      const found = firstDifference(recorded[key], derived[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return Object.is(recorded, derived) || recorded === derived ? null : { path, recorded, derived };
}

function expectSame(file: string, field: string, recorded: unknown, derived: unknown): void {
  const found = firstDifference(recorded, derived, field);
  if (found) throw new Difference(file, found.path, found.recorded, found.derived);
}

function readManifest(files: Record<string, Uint8Array>): PackageManifest {
  const bytes = files[MANIFEST_FILE];
  if (!bytes) throw new Difference(MANIFEST_FILE, 'file', 'present', 'missing');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new Difference(MANIFEST_FILE, 'JSON', 'a JSON object', 'unreadable');
  }
  if (!isRecord(parsed) || parsed.format !== PACKAGE_FORMAT)
    throw new Difference(MANIFEST_FILE, 'format', isRecord(parsed) ? parsed.format : undefined, PACKAGE_FORMAT);
  if (
    !Array.isArray(parsed.burns) ||
    !isRecord(parsed.files) ||
    !isRecord(parsed.totals) ||
    !isRecord(parsed.statement) ||
    !Array.isArray(parsed.kiln_keys)
  ) {
    throw new Difference(MANIFEST_FILE, 'shape', 'burns, totals, statement, kiln_keys and files', 'missing or of the wrong type');
  }
  return parsed as unknown as PackageManifest;
}

/** Every file but the manifest and the report is listed with its SHA-256, and only those are in the zip. */
function checkFiles(files: Record<string, Uint8Array>, manifest: PackageManifest): void {
  for (const path of Object.keys(files).sort()) {
    if (path === MANIFEST_FILE || path === REPORT_FILE) continue;
    if (!(path in manifest.files)) throw new Difference(path, 'SHA-256', '(not listed in manifest.json)', sha256(files[path]));
  }
  for (const [path, recorded] of Object.entries(manifest.files)) {
    const bytes = files[path];
    if (!bytes) throw new Difference(path, 'file', 'present', 'missing');
    expectSame(path, 'SHA-256', recorded, sha256(bytes));
  }
  if (!files[REPORT_FILE]) throw new Difference(REPORT_FILE, 'file', 'present', 'missing');
  const { statement } = manifest;
  expectSame(statement.file, 'SHA-256', statement.sha256, manifest.files[statement.file]);
  for (const burn of manifest.burns) expectSame(burn.log_file, 'SHA-256', burn.log_sha256, manifest.files[burn.log_file]);
}

/** Each listed key is an Ed25519 public key whose fingerprint is the SHA-256 of its DER SPKI bytes. */
function checkKeys(keys: readonly PackageKey[]): Map<string, ReturnType<typeof createPublicKey>> {
  const byFingerprint = new Map<string, ReturnType<typeof createPublicKey>>();
  for (const key of keys) {
    const field = `kiln_keys[${key.fingerprint}]`;
    let parsed: ReturnType<typeof createPublicKey>;
    try {
      parsed = createPublicKey(key.public_key);
    } catch {
      throw new Difference(MANIFEST_FILE, `${field}.public_key`, 'an Ed25519 public key (PEM, SPKI)', 'unreadable');
    }
    if (parsed.asymmetricKeyType !== 'ed25519')
      throw new Difference(MANIFEST_FILE, `${field}.public_key`, 'ed25519', parsed.asymmetricKeyType);
    expectSame(MANIFEST_FILE, `${field}.fingerprint`, key.fingerprint, sha256(parsed.export({ type: 'spki', format: 'der' })));
    byFingerprint.set(key.fingerprint, parsed);
  }
  return byFingerprint;
}

function checkSignature(burn: PackageBurn, raw: Uint8Array, keys: ReadonlyMap<string, ReturnType<typeof createPublicKey>>): void {
  if (!burn.signed) return;
  const key = burn.key_fingerprint === null ? undefined : keys.get(burn.key_fingerprint);
  if (!key) throw new Difference(burn.log_file, 'key_fingerprint', burn.key_fingerprint, '(no such key in kiln_keys)');
  const signature = Buffer.from(burn.signature ?? '', 'base64');
  if (signature.length !== 64 || !verifySignature(null, raw, key, signature)) {
    throw new Difference(burn.log_file, 'kiln signature', `valid for key ${burn.key_fingerprint}`, 'does not match the raw log');
  }
}

/** The burn's analysis run again from its raw log; every field compared with the manifest. */
function checkAnalysis(burn: PackageBurn, raw: Uint8Array): void {
  const run = releasedAnalysis(burn.algorithm_version);
  if (!run) throw new Error(`no algorithm ${burn.algorithm_version}`);
  const file = `${MANIFEST_FILE} burn ${burn.analysis_id} (${burn.log_file})`;
  const outcome = run(Buffer.from(raw).toString('utf8'), burn.factors);
  if (!outcome.result) throw new Difference(file, 'analysis', 'a result', `error: ${outcome.error_message ?? 'none'}`);
  const result: unknown = JSON.parse(JSON.stringify(outcome.result));
  const derived = outcome.result;
  expectSame(file, 'kiln_id', burn.kiln_id, outcome.kiln_id);
  expectSame(file, 'logts', burn.logts, outcome.logts);
  expectSame(file, 'analysis', burn.analysis, result);
  expectSame(file, 'algorithm_version', burn.algorithm_version, derived.algorithm_version);
  expectSame(file, 'valid', burn.valid, derived.valid === 'true');
  expectSame(
    file,
    'reasons',
    burn.reasons,
    derived.reasons.map(({ code, message }) => ({ code, message })),
  );
  expectSame(file, 'co2_removed_g', burn.co2_removed_g, toGrams(derived.co2_removed));
  expectSame(file, 'biochar_produced_g', burn.biochar_produced_g, toGrams(derived.biochar_produced));
  expectSame(file, 'co2_removed', burn.co2_removed, toKg(toGrams(derived.co2_removed)));
  expectSame(file, 'biochar_produced', burn.biochar_produced, toKg(toGrams(derived.biochar_produced)));
}

/** METHOD.md, which packages made before it existed lack, is the method text of the burns' algorithm versions. */
function checkMethod(files: Record<string, Uint8Array>, manifest: PackageManifest): void {
  const versions = [...new Set(manifest.burns.map((b) => b.algorithm_version))].sort();
  const text = packageMethod(versions);
  if (files[METHOD_FILE] && text !== null) {
    expectSame(
      METHOD_FILE,
      `method text of algorithm ${versions.join(', ')} (SHA-256)`,
      sha256(files[METHOD_FILE]),
      sha256(Buffer.from(text)),
    );
  }
}

function checkTotals(manifest: PackageManifest): void {
  const co2 = manifest.burns.reduce((n, b) => n + b.co2_removed_g, 0);
  const biochar = manifest.burns.reduce((n, b) => n + b.biochar_produced_g, 0);
  const { totals } = manifest;
  expectSame(MANIFEST_FILE, 'totals.burns', totals.burns, manifest.burns.length);
  expectSame(MANIFEST_FILE, 'totals.co2_removed_g', totals.co2_removed_g, co2);
  expectSame(MANIFEST_FILE, 'totals.biochar_produced_g', totals.biochar_produced_g, biochar);
  expectSame(MANIFEST_FILE, 'totals.co2_removed', totals.co2_removed, toKg(co2));
  expectSame(MANIFEST_FILE, 'totals.biochar_produced', totals.biochar_produced, toKg(biochar));
}

const kg = (grams: number) => (grams / 1000).toFixed(3);

export async function verifyPackage(zip: Uint8Array): Promise<VerifyOutcome> {
  const lines: string[] = [];
  try {
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(zip);
    } catch {
      throw new Difference('(package)', 'zip', 'a zip file', 'unreadable');
    }
    const manifest = readManifest(files);
    checkFiles(files, manifest);
    const keys = checkKeys(manifest.kiln_keys);
    for (const burn of manifest.burns) checkSignature(burn, files[burn.log_file], keys);
    const unknown = [...new Set(manifest.burns.map((b) => b.algorithm_version).filter((v) => !releasedAnalysis(v)))].sort();
    if (unknown.length) {
      lines.push(
        `UNVERIFIABLE: the package was made by algorithm version ${unknown.join(', ')}, which this verifier does not implement (it runs ${releasedVersions().join(', ')}).`,
      );
      return { code: EXIT.unknownAlgorithm, lines };
    }
    checkMethod(files, manifest);
    for (const burn of manifest.burns) {
      checkAnalysis(burn, files[burn.log_file]);
      const signature = burn.signed ? `signed (key ${burn.key_fingerprint})` : 'unsigned';
      lines.push(
        `burn ${burn.analysis_id} ${burn.log_file}: OK, ${burn.valid ? 'valid' : 'not valid'}, CO2 ${kg(burn.co2_removed_g)} kg, biochar ${kg(burn.biochar_produced_g)} kg, algorithm ${burn.algorithm_version}, ${signature}`,
      );
    }
    checkTotals(manifest);
    const manifestSha = sha256(files[MANIFEST_FILE]);
    let report: string;
    try {
      report = await pdfText(files[REPORT_FILE]);
    } catch {
      throw new Difference(REPORT_FILE, 'PDF', 'a readable PDF', 'unreadable');
    }
    if (!report.includes(manifestSha)) throw new Difference(REPORT_FILE, 'manifest.json SHA-256', '(not named)', manifestSha);
    const { totals, audit } = manifest;
    lines.push(
      `VERIFIED: audit ${audit.job_id} (${audit.id}), ${totals.burns} burns, CO2 ${kg(totals.co2_removed_g)} kg, biochar ${kg(totals.biochar_produced_g)} kg; manifest.json SHA-256 ${manifestSha}`,
    );
    return { code: EXIT.verified, lines };
  } catch (error) {
    if (!(error instanceof Difference)) throw error;
    lines.push(`DIFFERENT: ${error.message}`);
    return { code: EXIT.different, lines };
  }
}
