import { unzipSync } from 'fflate';
import type { Blobs } from '../blobs/blobs';
import { missingFile } from '../blobs/missingFile';
import { evidenceBlobKey } from '../audits/evidence';
import type { StoreParts } from '../store/dataStore';
import { KilnLogFiles } from '../kilnlogs/storage';
import type { AuditRow } from '../store/model';
import type { PackageSigner } from '../signing/packageSigner';
import type { ServerConfig } from '../config';
import { signoffSubject } from '../../src/domain/transparency/entries';
import { packageProofs } from '../transparency/packageProofs';
import { buildPackage, sha256, signatureOf, type PackageBurnSource, type PackageProofs } from './build';
import { packageAnomalyChecks } from './anomalyChecks';
import { packageBatches } from './batches';
import { packageCalibrations } from './calibrations';
import { MANIFEST_FILE, REPORT_FILE, type PackageKey, type PackageUser } from './manifest';

/**
 * An audit's verification package as the API gives it: made from the store on
 * first request and kept as the blob audit-packages/<doc_key>.zip, so a later
 * rename of the facility or of a user never changes a package once given
 * (its SHA-256 can be quoted). The doc_key is made at signoff and unique, so
 * a package can never be mistaken for another audit's, even after a reseed.
 * The area is not among the swept ones (store/fileSweep.ts FILE_AREAS).
 */

export const PACKAGE_AREA = 'audit-packages';

/** What making a package takes: the store, the file storage, the console's signing key and its log's name. */
export interface PackageContext {
  /** the store, or the parts of the transaction that signs the audit off */
  data: Pick<StoreParts, 'audits' | 'facilities' | 'users' | 'kilns' | 'calibrations' | 'fleet' | 'transparency' | 'batches' | 'labs'>;
  blobs: Blobs;
  signer: PackageSigner;
  config: Pick<ServerConfig, 'transparencyOrigin'>;
}

/** Reads at most this many raw logs at once. */
const READ_AT_ONCE = 16;

/** The stored kiln keys with these fingerprints, as a package lists them (with the kiln id the kiln reports). */
async function kilnKeys(data: PackageContext['data'], fingerprints: readonly string[]): Promise<PackageKey[]> {
  const keys = await Promise.all(fingerprints.map((f) => data.kilns.keyByFingerprint(f)));
  return Promise.all(
    keys
      .flatMap((key) => (key ? [key] : []))
      .map(async (key): Promise<PackageKey> => ({
        fingerprint: key.fingerprint,
        kiln_id: (await data.kilns.get(key.kiln_id))?.kiln_id ?? `kiln ${key.kiln_id}`,
        label: key.label,
        public_key: key.public_key,
        created_ts: key.created_ts,
        revoked_ts: key.revoked_ts,
      })),
  );
}

/** Where an audit's package is kept. */
export function packageKey(audit: Pick<AuditRow, 'id' | 'doc_key'>): string {
  if (!audit.doc_key) throw new Error(`Audit ${audit.id} has no statement.`);
  return `${PACKAGE_AREA}/${audit.doc_key.slice(0, audit.doc_key.lastIndexOf('.'))}.zip`;
}

async function userOf(data: PackageContext['data'], id: number | null): Promise<PackageUser | null> {
  const user = id === null ? null : await data.users.get(id);
  return user ? { id: user.id, username: user.username } : null;
}

async function makePackage(
  data: PackageContext['data'],
  blobs: Blobs,
  signer: PackageSigner,
  audit: AuditRow,
  proofs: PackageProofs | undefined,
): Promise<Uint8Array> {
  const files = new KilnLogFiles(blobs);
  const [rows, frozen, facility, proposedBy, signedOffBy] = await Promise.all([
    data.audits.logsOf(audit.id),
    data.audits.burns(audit.id),
    data.facilities.get(audit.facility_id),
    userOf(data, audit.proposed_by),
    userOf(data, audit.signed_off_by),
  ]);
  if (!facility) throw new Error(`Audit ${audit.id} names no facility.`);
  const frozenOf = new Map(frozen.map((b) => [b.kilnlog_id, b]));
  const burns: PackageBurnSource[] = [];
  const audited = rows.filter((row) => frozenOf.has(row.id)).sort((a, b) => a.id - b.id);
  for (let i = 0; i < audited.length; i += READ_AT_ONCE) {
    const batch = audited.slice(i, i + READ_AT_ONCE);
    const read = await Promise.all(batch.map((row) => files.readRaw(row.s3key)));
    batch.forEach((row, k) => burns.push({ row, raw: read[k], frozen: frozenOf.get(row.id)! }));
  }
  const statementKey = evidenceBlobKey(audit.doc_key ?? '');
  const statement = await blobs.readAll(statementKey);
  if (!statement) throw missingFile(statementKey, `the statement of audit ${audit.id}`);
  const fingerprints = [
    ...new Set(burns.map(signatureOf).flatMap((s) => (s.signed === true && s.key_fingerprint ? [s.key_fingerprint] : []))),
  ];
  return buildPackage({
    audit,
    facility,
    proposedBy,
    signedOffBy,
    burns,
    statement: {
      bytes: statement,
      mime: audit.doc_mime_type ?? 'application/octet-stream',
      ext: (audit.doc_key ?? '').slice((audit.doc_key ?? '').lastIndexOf('.') + 1),
    },
    keys: await kilnKeys(data, fingerprints),
    signer,
    calibrations: await packageCalibrations(data, audited, (id) => userOf(data, id)),
    anomalyChecks: await packageAnomalyChecks(
      data,
      audit,
      audited.map((row) => row.id),
      (id) => userOf(data, id),
    ),
    batches: await packageBatches(
      data,
      blobs,
      audited.map((row) => row.id),
      audit.signoff_ts ?? '',
    ),
    proofs,
  });
}

/** The package kept for a signed-off audit, or null while none has been made (History reads its digest without making one). */
export const keptPackage = (blobs: Blobs, audit: AuditRow): Promise<Buffer | null> =>
  audit.doc_key ? blobs.readAll(packageKey(audit)) : Promise.resolve(null);

/**
 * The proofs of a package whose signoff the log holds: its entry must name the manifest made now
 * (a package made again after a rename would not, and is refused rather than proved wrong). An
 * audit signed off before the log began, whose package was kept already, has none.
 */
const loggedProofs =
  ({ data, signer, config }: PackageContext, audit: AuditRow): PackageProofs =>
  async (manifest) => {
    const index = await data.transparency.indexOf(signoffSubject(audit.id));
    if (index === null) return [];
    const logged = (await data.transparency.entry(index))!;
    if ((JSON.parse(logged.entry) as { manifest_sha256?: unknown }).manifest_sha256 !== manifest.sha256)
      throw new Error(`The package of audit ${audit.id} made now has another manifest than its signoff's entry ${index} names.`);
    return packageProofs(data.transparency, { origin: config.transparencyOrigin, signer }, index, manifest.burnIds);
  };

/**
 * The package of a signed-off audit: the one kept, or made now and kept, with the proofs of its
 * signoff and burns in the transparency log (`proofs`: the signoff's own, which appends the entry
 * first; else those of the entry the log holds).
 */
export async function auditPackage(ctx: PackageContext, audit: AuditRow, proofs?: PackageProofs): Promise<Buffer> {
  const { data, blobs, signer } = ctx;
  const key = packageKey(audit);
  const kept = await blobs.readAll(key);
  if (kept) return kept;
  const made = Buffer.from(await makePackage(data, blobs, signer, audit, proofs ?? loggedProofs(ctx, audit)));
  await blobs.put(key, made, 'application/zip');
  return made;
}

/** The SHA-256 of the manifest the audit's package would have, made now and not kept. */
export const packageManifestSha256 = async ({ data, blobs, signer }: PackageContext, audit: AuditRow): Promise<string> =>
  manifestSha256(await makePackage(data, blobs, signer, audit, undefined));

/** report.pdf of the audit's package, the very bytes the package holds (the package made and kept first where it was not). */
export async function auditReport(ctx: PackageContext, audit: AuditRow): Promise<Buffer> {
  const zip = await auditPackage(ctx, audit);
  const report = unzipSync(zip, { filter: (file) => file.name === REPORT_FILE })[REPORT_FILE];
  if (!report) throw new Error(`The package of audit ${audit.id} holds no ${REPORT_FILE}.`);
  return Buffer.from(report);
}

/** The SHA-256 of a package's manifest.json, the file its signoff entry names. */
export function manifestSha256(zip: Uint8Array): string {
  const manifest = unzipSync(zip, { filter: (file) => file.name === MANIFEST_FILE })[MANIFEST_FILE];
  if (!manifest) throw new Error(`The package holds no ${MANIFEST_FILE}.`);
  return sha256(manifest);
}
