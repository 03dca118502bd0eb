import { checkTransparency } from './transparencyCheck';
import { CHECKPOINT_FILE, TRANSPARENCY_FILE } from '../transparency/packageProofs';
import { createHash, createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import { toGrams, toKg } from '../../src/domain/carbon';
import type { ChartPoint } from '../analysis';
import { releasedAnalysis, releasedVersions } from '../analysis/versions';
import { sha256 } from './build';
import {
  MANIFEST_FILE,
  PACKAGE_FORMAT,
  REPORT_FILE,
  SIGNING_KEY_FILE,
  SUMS_FILE,
  SUMS_SIGNATURE_FILE,
  type PackageBurn,
  type PackageManifest,
} from './manifest';
import { checkBatches } from './batchChecks';
import { METHOD_FILE, packageMethod } from './method';
import { renderReport } from './report';
import { readZip, ZipReadError, type ZipFile } from './zipReader';

/**
 * The offline check of a verification package (npm run verify): the zip
 * read without trusting it (zipReader.ts), SHA256SUMS and the console's
 * signature over it (against a pinned key where one is given), every SHA-256
 * of the manifest, every kiln signature, every burn's analysis run again from
 * its raw log with the recorded algorithm and factors and compared field by
 * field, the totals, and report.pdf made again from the manifest and the logs
 * and compared byte for byte. Every difference is listed, each on its own
 * line, every text taken from the package escaped. Needs nothing but this
 * repository.
 */

export const EXIT = { verified: 0, different: 1, unknownAlgorithm: 2 } as const;
export type VerifyCode = (typeof EXIT)[keyof typeof EXIT];

export interface VerifyOutcome {
  code: VerifyCode;
  /** one line per burn checked, one per difference, then the verdict */
  lines: string[];
}

/** The console key a verifier pins (--trust): its kid, and the key itself when given as a PEM file. */
export interface TrustedKey {
  kid: string;
  key: KeyObject | null;
}

export interface VerifyOptions {
  trust?: TrustedKey;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The text with every control, line-breaking and bidirectional character written as \u{…}: nothing reaches a terminal raw. */
export const printable = (text: string): string =>
  text.replace(CONTROL, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}}`);

const show = (value: unknown): string => (value === undefined ? '(absent)' : (JSON.stringify(value) ?? String(value)));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const own = (record: Record<string, unknown>, key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);

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
      const found = firstDifference(own(recorded, key), own(derived, key), `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return Object.is(recorded, derived) || recorded === derived ? null : { path, recorded, derived };
}

/** The differences found so far, each a line; a check that breaks on a malformed package becomes one too. */
class Findings {
  private readonly seen = new Set<string>();
  readonly lines: string[] = [];

  /** A difference, once: two listings naming the same missing file make one line. */
  push(line: string): void {
    if (!this.seen.has(line)) this.lines.push(line);
    this.seen.add(line);
  }

  add(file: string, field: string, recorded: unknown, derived: unknown): void {
    this.push(`${file}: ${field}: recorded ${show(recorded)}, re-derived ${show(derived)}`);
  }

  /** Adds the first difference between the two values; true when they are the same. */
  same(file: string, field: string, recorded: unknown, derived: unknown): boolean {
    const found = firstDifference(recorded, derived, field);
    if (found) this.add(file, found.path, found.recorded, found.derived);
    return !found;
  }

  guard(file: string, what: string, check: () => void): void {
    try {
      check();
    } catch (error) {
      this.push(`${file}: ${what}: could not be checked (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  get count(): number {
    return this.lines.length;
  }
}

/** The package's files, read at most once each for their hash, and again where their bytes are needed. */
class PackageFiles {
  private readonly hashes = new Map<string, string | null>();
  private readonly kept = new Map<string, Uint8Array | null>();

  constructor(
    readonly files: ReadonlyMap<string, ZipFile>,
    private readonly found: Findings,
    private readonly keep: ReadonlySet<string>,
  ) {}

  has(name: string): boolean {
    return this.files.has(name);
  }

  names(): string[] {
    return [...this.files.keys()].sort();
  }

  /** The bytes, or undefined (named once as a difference) where the entry cannot be read. */
  bytes(name: string): Uint8Array | undefined {
    if (this.kept.has(name)) return this.kept.get(name) ?? undefined;
    const file = this.files.get(name);
    if (!file) return undefined;
    let bytes: Uint8Array | null = null;
    try {
      bytes = file.read();
    } catch (error) {
      if (!(error instanceof ZipReadError)) throw error;
      if (!this.hashes.has(name)) this.found.push(`${name}: zip entry: ${error.message}`);
      this.hashes.set(name, null);
    }
    if (this.keep.has(name)) this.kept.set(name, bytes);
    return bytes ?? undefined;
  }

  sha256(name: string): string | undefined {
    if (!this.hashes.has(name)) {
      const bytes = this.bytes(name);
      if (!this.hashes.has(name)) this.hashes.set(name, bytes ? sha256(bytes) : null);
    }
    return this.hashes.get(name) ?? undefined;
  }
}

const SUMS_LINE = /^([0-9a-f]{64}) {2}(.+)$/;

/** SHA256SUMS: well formed, sorted, each file once; each hash right; every file but itself and its signature listed. */
function checkSums(files: PackageFiles, found: Findings): Buffer | undefined {
  if (!files.has(SUMS_FILE)) {
    found.add(SUMS_FILE, 'file', 'present', 'missing');
    return undefined;
  }
  const bytes = files.bytes(SUMS_FILE);
  if (!bytes) return undefined;
  const text = Buffer.from(bytes).toString('utf8');
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : [text];
  if (!text.endsWith('\n')) found.add(SUMS_FILE, 'last line', 'ends with a line break', 'does not');
  const listed = new Set<string>();
  let previous = '';
  lines.forEach((line, i) => {
    const match = SUMS_LINE.exec(line);
    if (!match) return found.add(SUMS_FILE, `line ${i + 1}`, '<sha256 hex>  <name>', line);
    const [, hash, name] = match;
    if (listed.has(name)) found.add(SUMS_FILE, `line ${i + 1}`, 'each file once', `${name} again`);
    else if (name < previous) found.add(SUMS_FILE, `line ${i + 1}`, 'sorted by name', `${name} after ${previous}`);
    listed.add(name);
    previous = name;
    if (name === SUMS_FILE || name === SUMS_SIGNATURE_FILE) return found.add(SUMS_FILE, `line ${i + 1}`, 'the other files', name);
    if (!files.has(name)) return found.add(name, 'file', 'present', 'missing');
    const actual = files.sha256(name);
    if (actual !== undefined) found.same(name, 'SHA-256 (SHA256SUMS)', hash, actual);
  });
  for (const name of files.names()) {
    if (name !== SUMS_FILE && name !== SUMS_SIGNATURE_FILE && !listed.has(name))
      found.add(name, 'SHA-256', '(not listed in SHA256SUMS)', files.sha256(name) ?? '(unreadable)');
  }
  return Buffer.from(bytes);
}

export function ed25519Key(pem: Uint8Array | string): KeyObject | null {
  try {
    const key = createPublicKey(typeof pem === 'string' ? pem : Buffer.from(pem).toString('utf8'));
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

export const kidOfKey = (key: KeyObject): string =>
  createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex');

/** The key that is to have signed SHA256SUMS: the pinned one, else the package's own. */
function signingKey(files: PackageFiles, found: Findings, trust: TrustedKey | undefined): { kid: string; key: KeyObject } | null {
  const packaged = files.has(SIGNING_KEY_FILE) ? files.bytes(SIGNING_KEY_FILE) : undefined;
  const packagedKey = packaged ? ed25519Key(packaged) : null;
  const packagedKid = packagedKey ? kidOfKey(packagedKey) : null;
  if (!files.has(SIGNING_KEY_FILE)) {
    if (!trust?.key) found.add(SIGNING_KEY_FILE, 'file', 'present', 'missing');
  } else if (packaged && !packagedKey) found.add(SIGNING_KEY_FILE, 'public key', 'an Ed25519 public key (PEM, SPKI)', 'unreadable');
  if (trust) {
    if (packagedKid !== null && packagedKid !== trust.kid)
      found.add(SIGNING_KEY_FILE, 'kid', packagedKid, `${trust.kid} (the trusted key)`);
    if (trust.key) return { kid: trust.kid, key: trust.key };
    if (packagedKey && packagedKid === trust.kid) return { kid: trust.kid, key: packagedKey };
    if (!packagedKey)
      found.add(
        SUMS_SIGNATURE_FILE,
        'signature',
        `by the trusted key ${trust.kid}`,
        '(no key to check it with: pass its PEM file to --trust)',
      );
    return null;
  }
  return packagedKey && packagedKid ? { kid: packagedKid, key: packagedKey } : null;
}

function checkConsoleSignature(
  files: PackageFiles,
  found: Findings,
  sums: Buffer | undefined,
  trust: TrustedKey | undefined,
): { kid: string; key: KeyObject } | null {
  const key = signingKey(files, found, trust);
  if (!files.has(SUMS_SIGNATURE_FILE)) {
    found.add(SUMS_SIGNATURE_FILE, 'file', 'present', 'missing');
    return key;
  }
  const signature = files.bytes(SUMS_SIGNATURE_FILE);
  if (!signature || !sums || !key) return key;
  if (signature.length !== 64 || !verifySignature(null, sums, key.key, signature))
    found.add(SUMS_SIGNATURE_FILE, 'signature', `valid for key ${key.kid}`, 'does not match SHA256SUMS');
  return key;
}

function readManifest(files: PackageFiles, found: Findings): { manifest: PackageManifest; bytes: Uint8Array } | null {
  if (!files.has(MANIFEST_FILE)) {
    found.add(MANIFEST_FILE, 'file', 'present', 'missing');
    return null;
  }
  const bytes = files.bytes(MANIFEST_FILE);
  if (!bytes) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    found.add(MANIFEST_FILE, 'JSON', 'a JSON object', 'unreadable');
    return null;
  }
  if (!isRecord(parsed) || parsed.format !== PACKAGE_FORMAT) {
    found.add(MANIFEST_FILE, 'format', isRecord(parsed) ? own(parsed, 'format') : undefined, PACKAGE_FORMAT);
    return null;
  }
  const shape =
    ['burns', 'kiln_keys'].every((k) => Array.isArray(own(parsed, k))) &&
    ['audit', 'files', 'totals', 'statement', 'signing_key'].every((k) => isRecord(own(parsed, k)));
  if (!shape) {
    found.add(MANIFEST_FILE, 'shape', 'audit, burns, totals, statement, kiln_keys, signing_key and files', 'missing or of the wrong type');
    return null;
  }
  if (!Object.values(parsed.files as Record<string, unknown>).every((v) => typeof v === 'string')) {
    found.add(MANIFEST_FILE, 'files', 'a SHA-256 per path', 'a value that is not text');
    return null;
  }
  return { manifest: parsed as unknown as PackageManifest, bytes };
}

/** Files the manifest cannot list: itself, the report (which names it), the signing files (which cover it) and the log's proofs (whose entry names it). */
const NOT_IN_MANIFEST = new Set([
  MANIFEST_FILE,
  REPORT_FILE,
  SUMS_FILE,
  SUMS_SIGNATURE_FILE,
  SIGNING_KEY_FILE,
  TRANSPARENCY_FILE,
  CHECKPOINT_FILE,
]);

function checkManifestFiles(files: PackageFiles, found: Findings, manifest: PackageManifest): void {
  const listed = new Map(Object.entries(manifest.files));
  for (const name of files.names()) {
    if (!NOT_IN_MANIFEST.has(name) && !listed.has(name))
      found.add(name, 'SHA-256', '(not listed in manifest.json)', files.sha256(name) ?? '(unreadable)');
  }
  for (const [name, recorded] of listed) {
    if (NOT_IN_MANIFEST.has(name)) found.add(MANIFEST_FILE, `files[${name}]`, '(not listed)', recorded);
    else if (!files.has(name)) found.add(name, 'file', 'present', 'missing');
    else {
      const actual = files.sha256(name);
      if (actual !== undefined) found.same(name, 'SHA-256', recorded, actual);
    }
  }
  if (!files.has(REPORT_FILE)) found.add(REPORT_FILE, 'file', 'present', 'missing');
  const statement = manifest.statement;
  found.same(
    typeof statement.file === 'string' ? statement.file : show(statement.file),
    'SHA-256',
    statement.sha256,
    typeof statement.file === 'string' ? listed.get(statement.file) : undefined,
  );
}

/** What a burn must look like to be checked at all; the fields it lacks, or null. */
function burnProblem(burn: unknown): string | null {
  if (!isRecord(burn)) return 'not an object';
  const types: [string, (v: unknown) => boolean][] = [
    ['analysis_id', Number.isSafeInteger],
    ['log_file', (v) => typeof v === 'string'],
    ['log_sha256', (v) => typeof v === 'string'],
    ['signed', (v) => typeof v === 'boolean'],
    ['key_fingerprint', (v) => v === null || typeof v === 'string'],
    ['signature', (v) => v === null || typeof v === 'string'],
    ['algorithm_version', (v) => typeof v === 'string'],
    ['factors', isRecord],
    ['analysis', isRecord],
    ['reasons', Array.isArray],
    ['co2_removed_g', Number.isSafeInteger],
    ['biochar_produced_g', Number.isSafeInteger],
  ];
  const wrong = types.filter(([key, ok]) => !ok(own(burn, key))).map(([key]) => key);
  return wrong.length ? `${wrong.join(', ')} missing or of the wrong type` : null;
}

interface KilnKey {
  key: KeyObject;
  kiln_id: unknown;
}

/** Each listed kiln key is an Ed25519 public key whose fingerprint is the SHA-256 of its DER SPKI bytes. */
function checkKilnKeys(found: Findings, keys: readonly unknown[]): Map<string, KilnKey> {
  const byFingerprint = new Map<string, KilnKey>();
  keys.forEach((key, i) => {
    const fingerprint = isRecord(key) ? own(key, 'fingerprint') : undefined;
    const field = `kiln_keys[${typeof fingerprint === 'string' ? fingerprint : i}]`;
    const pem = isRecord(key) ? own(key, 'public_key') : undefined;
    const parsed = typeof pem === 'string' ? ed25519Key(pem) : null;
    if (!parsed) return found.add(MANIFEST_FILE, `${field}.public_key`, 'an Ed25519 public key (PEM, SPKI)', 'unreadable');
    if (found.same(MANIFEST_FILE, `${field}.fingerprint`, fingerprint, kidOfKey(parsed)) && typeof fingerprint === 'string')
      byFingerprint.set(fingerprint, { key: parsed, kiln_id: isRecord(key) ? own(key, 'kiln_id') : undefined });
  });
  return byFingerprint;
}

/** A signed burn's kiln signature over its raw log, by a listed key of the burn's own kiln; false where it fails. */
function checkKilnSignature(found: Findings, burn: PackageBurn, raw: Uint8Array, keys: ReadonlyMap<string, KilnKey>): boolean {
  if (!burn.signed) return true;
  const key = burn.key_fingerprint === null ? undefined : keys.get(burn.key_fingerprint);
  if (!key) {
    found.add(burn.log_file, 'key_fingerprint', burn.key_fingerprint, '(no such key in kiln_keys)');
    return false;
  }
  if (!found.same(burn.log_file, 'kiln key kiln_id', key.kiln_id, burn.kiln_id)) return false;
  const signature = Buffer.from(burn.signature ?? '', 'base64');
  if (signature.length !== 64 || !verifySignature(null, raw, key.key, signature)) {
    found.add(burn.log_file, 'kiln signature', `valid for key ${burn.key_fingerprint}`, 'does not match the raw log');
    return false;
  }
  return true;
}

/** The burn's analysis run again from its raw log and every field compared with the manifest; its chart, for the report. */
function checkAnalysis(found: Findings, burn: PackageBurn, raw: Uint8Array): { ok: boolean; chart: ChartPoint[] } {
  const run = releasedAnalysis(burn.algorithm_version)!;
  const file = `${MANIFEST_FILE} burn ${burn.analysis_id} (${burn.log_file})`;
  const before = found.count;
  const outcome = run(Buffer.from(raw).toString('utf8'), burn.factors);
  if (!outcome.result) {
    found.add(file, 'analysis', 'a result', `error: ${outcome.error_message ?? 'none'}`);
    return { ok: false, chart: outcome.chart_data };
  }
  const derived = outcome.result;
  found.same(file, 'kiln_id', burn.kiln_id, outcome.kiln_id);
  found.same(file, 'logts', burn.logts, outcome.logts);
  found.same(file, 'analysis', burn.analysis, JSON.parse(JSON.stringify(derived)));
  found.same(file, 'algorithm_version', burn.algorithm_version, derived.algorithm_version);
  found.same(file, 'valid', burn.valid, derived.valid === 'true');
  found.same(
    file,
    'reasons',
    burn.reasons,
    derived.reasons.map(({ code, message }) => ({ code, message })),
  );
  found.same(file, 'co2_removed_g', burn.co2_removed_g, toGrams(derived.co2_removed));
  found.same(file, 'biochar_produced_g', burn.biochar_produced_g, toGrams(derived.biochar_produced));
  found.same(file, 'co2_removed', burn.co2_removed, toKg(toGrams(derived.co2_removed)));
  found.same(file, 'biochar_produced', burn.biochar_produced, toKg(toGrams(derived.biochar_produced)));
  return { ok: found.count === before, chart: outcome.chart_data };
}

/** METHOD.md, which packages made before it existed lack, is the method text of the burns' algorithm versions. */
function checkMethod(files: PackageFiles, found: Findings, burns: readonly PackageBurn[]): void {
  const versions = [...new Set(burns.map((b) => b.algorithm_version))].sort();
  const text = packageMethod(versions);
  const bytes = files.has(METHOD_FILE) ? files.bytes(METHOD_FILE) : undefined;
  if (bytes && text !== null)
    found.same(METHOD_FILE, `method text of algorithm ${versions.join(', ')} (SHA-256)`, sha256(bytes), sha256(Buffer.from(text)));
}

function checkTotals(found: Findings, manifest: PackageManifest, burns: readonly PackageBurn[]): void {
  const co2 = burns.reduce((n, b) => n + b.co2_removed_g, 0);
  const biochar = burns.reduce((n, b) => n + b.biochar_produced_g, 0);
  const { totals } = manifest;
  found.same(MANIFEST_FILE, 'totals.burns', totals.burns, manifest.burns.length);
  found.same(MANIFEST_FILE, 'totals.co2_removed_g', totals.co2_removed_g, co2);
  found.same(MANIFEST_FILE, 'totals.biochar_produced_g', totals.biochar_produced_g, biochar);
  found.same(MANIFEST_FILE, 'totals.co2_removed', totals.co2_removed, toKg(co2));
  found.same(MANIFEST_FILE, 'totals.biochar_produced', totals.biochar_produced, toKg(biochar));
}

/**
 * The anomaly checks hold what the console holds to (docs/analysis.md, "Fleet anomalies"):
 * each names a burn of the package, a checker and what they found, and was made by the
 * signoff; packages made before checks were recorded have none.
 */
function checkAnomalyChecks(found: Findings, manifest: PackageManifest): void {
  const checks = own(manifest as unknown as Record<string, unknown>, 'anomaly_checks');
  if (checks === undefined) return;
  if (!Array.isArray(checks)) return found.add(MANIFEST_FILE, 'anomaly_checks', checks, 'a list');
  const burns = new Set(manifest.burns.map((b) => b.analysis_id));
  checks.forEach((check: unknown, i) => {
    const field = `anomaly_checks[${i}]`;
    if (!isRecord(check)) return found.add(MANIFEST_FILE, field, check, 'an anomaly check');
    if (!burns.has(check.analysis_id as number))
      found.add(MANIFEST_FILE, `${field}.analysis_id`, check.analysis_id, '(no such burn in the package)');
    if (!isRecord(check.checked_by)) found.add(MANIFEST_FILE, `${field}.checked_by`, check.checked_by, 'the user who checked it');
    if (typeof check.note !== 'string' || check.note.trim() === '')
      found.add(MANIFEST_FILE, `${field}.note`, check.note, 'what the check found');
    const checked = typeof check.checked_ts === 'string' ? check.checked_ts : '';
    if (!(checked !== '' && checked <= manifest.audit.signoff_ts))
      found.add(MANIFEST_FILE, `${field}.checked_ts`, check.checked_ts, `by the signoff (${manifest.audit.signoff_ts})`);
  });
}

const kg = (grams: number) => (grams / 1000).toFixed(3);

/** Everything about the manifest's burns, totals and report; the burn lines, and the versions this code does not run. */
async function checkContent(
  files: PackageFiles,
  found: Findings,
  { manifest, bytes }: { manifest: PackageManifest; bytes: Uint8Array },
  signedBy: string | null,
): Promise<{ burnLines: string[]; unknown: string[] }> {
  const burnLines: string[] = [];
  const unknown = new Set<string>();
  found.guard(MANIFEST_FILE, 'files', () => checkManifestFiles(files, found, manifest));
  if (signedBy !== null) found.same(MANIFEST_FILE, 'signing_key.kid', own(manifest.signing_key, 'kid'), signedBy);
  const keys = new Map<string, KilnKey>();
  found.guard(MANIFEST_FILE, 'kiln_keys', () => checkKilnKeys(found, manifest.kiln_keys).forEach((v, k) => keys.set(k, v)));
  const burns: PackageBurn[] = [];
  const charts = new Map<number, ChartPoint[]>();
  manifest.burns.forEach((candidate: unknown, i) => {
    const problem = burnProblem(candidate);
    if (problem) return found.add(MANIFEST_FILE, `burns[${i}]`, 'a burn', problem);
    const burn = candidate as PackageBurn;
    burns.push(burn);
    found.guard(MANIFEST_FILE, `burn ${burn.analysis_id}`, () => {
      const before = found.count;
      found.same(burn.log_file, 'SHA-256', burn.log_sha256, own(manifest.files, burn.log_file));
      const raw = files.has(burn.log_file) ? files.bytes(burn.log_file) : undefined;
      if (!raw) {
        if (!files.has(burn.log_file) && !Object.hasOwn(manifest.files, burn.log_file))
          found.add(burn.log_file, 'file', 'present', 'missing');
        return;
      }
      checkKilnSignature(found, burn, raw, keys);
      if (!releasedAnalysis(burn.algorithm_version)) {
        unknown.add(burn.algorithm_version);
        charts.set(burn.analysis_id, []);
        return;
      }
      const { chart } = checkAnalysis(found, burn, raw);
      charts.set(burn.analysis_id, chart);
      if (found.count !== before) return;
      const signature = burn.signed ? `signed (key ${burn.key_fingerprint})` : 'unsigned';
      burnLines.push(
        `burn ${burn.analysis_id} ${burn.log_file}: OK, ${burn.valid ? 'valid' : 'not valid'}, CO2 ${kg(burn.co2_removed_g)} kg, biochar ${kg(burn.biochar_produced_g)} kg, algorithm ${burn.algorithm_version}, ${signature}`,
      );
    });
  });
  found.guard(MANIFEST_FILE, 'totals', () => checkTotals(found, manifest, burns));
  found.guard(MANIFEST_FILE, 'anomaly_checks', () => checkAnomalyChecks(found, manifest));
  found.guard(METHOD_FILE, 'method', () => checkMethod(files, found, burns));
  found.guard(MANIFEST_FILE, 'batches', () => burnLines.push(...checkBatches(found, files, manifest, () => found.count)));
  const report = files.has(REPORT_FILE) ? files.bytes(REPORT_FILE) : undefined;
  if (report) {
    try {
      const again = await renderReport(manifest, charts, sha256(bytes));
      if (!Buffer.from(again).equals(Buffer.from(report)))
        found.add(
          REPORT_FILE,
          'bytes (made again from manifest.json and the logs)',
          `SHA-256 ${sha256(report)}`,
          `SHA-256 ${sha256(again)}`,
        );
    } catch (error) {
      found.push(`${REPORT_FILE}: could not be made again from manifest.json (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return { burnLines, unknown: [...unknown].sort() };
}

export async function verifyPackage(zip: Uint8Array, options: VerifyOptions = {}): Promise<VerifyOutcome> {
  const found = new Findings();
  const done = (code: VerifyCode, lines: string[]): VerifyOutcome => ({ code, lines: lines.map(printable) });
  let contents: ReturnType<typeof readZip>;
  try {
    contents = readZip(zip);
  } catch (error) {
    const reason = error instanceof ZipReadError ? error.message : 'unreadable';
    return done(EXIT.different, [
      `DIFFERENT: (package): zip: recorded "a zip file", re-derived "${reason}"`,
      'NOT VERIFIED: 1 difference.',
    ]);
  }
  for (const { name, problem } of contents.problems) found.push(`${name}: zip entry refused: ${problem}`);
  const files = new PackageFiles(
    contents.files,
    found,
    new Set([MANIFEST_FILE, REPORT_FILE, SUMS_FILE, SUMS_SIGNATURE_FILE, SIGNING_KEY_FILE, TRANSPARENCY_FILE, CHECKPOINT_FILE]),
  );
  const sums = checkSums(files, found);
  const signer = checkConsoleSignature(files, found, sums, options.trust);
  const signedBy = signer?.kid ?? null;
  const read = readManifest(files, found);
  let burnLines: string[] = [];
  let unknown: string[] = [];
  let logLine: string | null = null;
  if (read) {
    ({ burnLines, unknown } = await checkContent(files, found, read, signedBy));
    const logged = checkTransparency(
      (name) => (files.has(name) ? files.bytes(name) : undefined),
      read.manifest,
      read.bytes,
      signer?.key ?? null,
    );
    logged.problems.forEach((problem) => found.push(problem));
    logLine = logged.summary;
  }

  const lines = [...burnLines, ...(logLine ? [logLine] : [])];
  if (found.count) {
    lines.push(...found.lines.map((l) => `DIFFERENT: ${l}`), `NOT VERIFIED: ${found.count} difference${found.count === 1 ? '' : 's'}.`);
    return done(EXIT.different, lines);
  }
  const { manifest } = read!;
  if (unknown.length) {
    lines.push(
      `UNVERIFIABLE: every SHA-256 and signature holds, but the package was made by algorithm version ${unknown.join(', ')}, which this verifier does not implement (it runs ${releasedVersions().join(', ')}).`,
    );
    return done(EXIT.unknownAlgorithm, lines);
  }
  const pinned = options.trust
    ? `signed by the pinned console key ${signedBy}`
    : `signed by console key ${signedBy}, which was NOT pinned: anyone can sign with a key of their own; check it against GET /api/signing-keys and pass --trust <kid>`;
  const { totals, audit } = manifest;
  lines.push(
    `VERIFIED: audit ${audit.job_id} (${audit.id}), ${totals.burns} burns, CO2 ${kg(totals.co2_removed_g)} kg, biochar ${kg(totals.biochar_produced_g)} kg; manifest.json SHA-256 ${sha256(read!.bytes)}; ${pinned}`,
  );
  return done(EXIT.verified, lines);
}
