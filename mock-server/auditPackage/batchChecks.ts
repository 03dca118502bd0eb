import { verify as verifySignature, type KeyObject } from 'node:crypto';
import { cOrgReason, dryBiocharGrams, endUseLimitGrams, LAB_VALUE_FIELDS, LAB_VALUE_RANGES } from '../../src/domain/batches';
import type { PackageBatch, PackageLabKey } from './batches';
import { MANIFEST_FILE, type PackageManifest } from './manifest';
import { ed25519Key, kidOfKey } from './verify';

/**
 * The batches of a package checked offline (npm run verify): each holding a burn of the
 * package, every certificate and evidence file present with the SHA-256 its record names,
 * each result's lab listed, each lab-signed result's signature against a packaged key of its
 * lab in force when the result was recorded, every lab value in its physical range and the
 * C_org identity (C_tot − C_inorg within 0.5 points), the dry biochar re-derived from the
 * result in force, and the end uses together within the batch's dry biochar (its wet biochar
 * before a moisture result). Packages made before batches were packaged have none.
 */

/** What the checks report to: verify.ts's findings. */
export interface BatchFindings {
  add(file: string, field: string, recorded: unknown, derived: unknown): void;
  same(file: string, field: string, recorded: unknown, derived: unknown): boolean;
}

/** The package's files as the checks read them. */
export interface BatchFiles {
  has(name: string): boolean;
  bytes(name: string): Uint8Array | undefined;
}

const kg = (grams: number) => `${(grams / 1000).toFixed(3)} kg`;

/** A packaged lab key, read, with the time it was in force. */
interface LabKey {
  key: KeyObject;
  from: string;
  until: string | null;
}

function labKeys(found: BatchFindings, keys: readonly PackageLabKey[]): Map<number, LabKey[]> {
  const byLab = new Map<number, LabKey[]>();
  keys.forEach((k, i) => {
    const field = `lab_keys[${i}]`;
    const key = typeof k.public_key === 'string' ? ed25519Key(k.public_key) : null;
    if (!key) return found.add(MANIFEST_FILE, `${field}.public_key`, 'an Ed25519 public key (PEM, SPKI)', 'unreadable');
    if (found.same(MANIFEST_FILE, `${field}.fingerprint`, k.fingerprint, kidOfKey(key)))
      byLab.set(k.lab_id, [...(byLab.get(k.lab_id) ?? []), { key, from: k.registered_ts, until: k.revoked_ts }]);
  });
  return byLab;
}

/** Whether a key of the lab in force when the result was recorded signed the certificate (a key revoked since still counts). */
function labSigned(keys: readonly LabKey[], recordedTs: string, bytes: Uint8Array, signature: Buffer): boolean {
  if (signature.length !== 64) return false;
  return keys.some(
    (k) => k.from <= recordedTs && (k.until === null || recordedTs < k.until) && verifySignature(null, bytes, k.key, signature),
  );
}

/** A file a record names: listed in the manifest with the record's SHA-256, and in the package. */
function checkFile(found: BatchFindings, files: BatchFiles, manifest: PackageManifest, file: unknown, sha256: unknown, what: string): void {
  const name = typeof file === 'string' ? file : String(file);
  found.same(
    name,
    `SHA-256 (${what})`,
    sha256,
    Object.hasOwn(manifest.files, name) ? manifest.files[name] : '(not listed in manifest.json)',
  );
  if (!files.has(name)) found.add(name, 'file', 'present', 'missing');
}

/** One line per batch checked without a difference. */
export function checkBatches(found: BatchFindings, files: BatchFiles, manifest: PackageManifest, countNow: () => number): string[] {
  const batches: PackageBatch[] = manifest.batches ?? [];
  const keys = labKeys(found, manifest.lab_keys ?? []);
  const labs = new Set((manifest.labs ?? []).map((l) => l.id));
  const burns = new Set(manifest.burns.map((b) => b.analysis_id));
  const lines: string[] = [];
  for (const batch of batches) {
    const before = countNow();
    const where = `${MANIFEST_FILE} batch ${batch.id}`;
    if (!batch.analysis_ids.some((id) => burns.has(id)))
      found.add(where, 'analysis_ids', batch.analysis_ids, 'a burn of the package among them');
    for (const r of batch.lab_results) {
      const at = `${where} lab result ${r.id}`;
      checkFile(found, files, manifest, r.certificate_file, r.certificate_sha256, `certificate of lab result ${r.id}`);
      for (const field of LAB_VALUE_FIELDS) {
        const value = r[field];
        const { min, max } = LAB_VALUE_RANGES[field];
        if (value !== null && !(typeof value === 'number' && value >= min && value <= max))
          found.add(at, field, value, `a number from ${min} to ${max}`);
      }
      const identity = cOrgReason(r.c_tot_pct, r.c_inorg_pct, r.c_org_pct);
      if (identity) found.add(at, 'c_org_pct', r.c_org_pct, identity);
      if (!labs.has(r.lab_id)) found.add(at, 'lab_id', r.lab_id, '(no such laboratory in labs)');
      // a missing certificate is named above: its signature cannot be checked
      const bytes = files.has(r.certificate_file) ? files.bytes(r.certificate_file) : undefined;
      if (r.lab_signed && bytes !== undefined) {
        const signature = Buffer.from(r.certificate_signature ?? '', 'base64');
        if (!labSigned(keys.get(r.lab_id) ?? [], r.recorded_ts, bytes, signature))
          found.add(
            at,
            'lab signature',
            `valid for a key of lab ${r.lab_id} in lab_keys in force at ${r.recorded_ts}`,
            'does not match the certificate',
          );
      }
    }
    const superseded = new Set(batch.lab_results.map((r) => r.supersedes));
    const inForce = batch.lab_results.filter((r) => !superseded.has(r.id) && r.moisture_pct !== null).sort((a, b) => b.id - a.id)[0];
    found.same(where, 'dry_biochar_g', batch.dry_biochar_g, inForce ? dryBiocharGrams(batch.wet_biochar_g, inForce.moisture_pct) : null);
    for (const e of batch.end_uses) checkFile(found, files, manifest, e.evidence_file, e.evidence_sha256, `evidence of end use ${e.id}`);
    const used = batch.end_uses.reduce((n, e) => n + e.dry_g, 0);
    const limit = endUseLimitGrams(batch);
    if (used > limit)
      found.add(
        where,
        'end uses dry_g',
        kg(used),
        `at most the batch's ${batch.dry_biochar_g === null ? 'wet' : 'dry'} biochar of ${kg(limit)}`,
      );
    if (countNow() === before)
      lines.push(
        `batch ${batch.id}: OK, ${batch.lab_results.length} lab result(s) (${batch.lab_results.filter((r) => r.lab_signed).length} lab-signed), ${batch.end_uses.length} end use(s) of ${kg(used)}`,
      );
  }
  return lines;
}
