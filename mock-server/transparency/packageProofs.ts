import { kilnLogSubject, packageLookup, signoffSubject } from '../../src/domain/transparency/entries';
import { sha256 } from '../auditPackage/build';
import type { PackageSigner } from '../signing/packageSigner';
import type { TransparencyStore } from '../store/parts/transparency';
import { toHex } from '../store/transparencyAppend';
import { proveInclusion, signedCheckpoint } from './log';

/**
 * What a verification package carries of the transparency log (docs/analysis.md, "Verification
 * package"): its signoff's entry and each burn's, every one with its inclusion proof against the
 * signed checkpoint beside it, so a verifier checks them offline.
 */

export const TRANSPARENCY_FILE = 'transparency.json';
export const CHECKPOINT_FILE = 'checkpoint.txt';
export const TRANSPARENCY_FORMAT = 'kiln-console-transparency/1';

export interface ProvedEntry {
  index: number;
  /** the entry's exact bytes, as UTF-8 text */
  entry: string;
  /** RFC 9162 inclusion proof against the checkpoint's root, lowercase hex */
  inclusion_proof: string[];
}

export interface PackageTransparency {
  format: typeof TRANSPARENCY_FORMAT;
  origin: string;
  tree_size: number;
  checkpoint_file: typeof CHECKPOINT_FILE;
  signoff: ProvedEntry;
  burns: (ProvedEntry & { analysis_id: number })[];
}

async function proved(log: TransparencyStore, index: number, size: number): Promise<ProvedEntry> {
  const found = await log.entry(index);
  if (!found) throw new Error(`The transparency log holds no entry ${index}.`);
  return { index, entry: found.entry, inclusion_proof: (await proveInclusion(log, index, size)).map(toHex) };
}

/**
 * The package's two transparency files: the signoff's entry at `signoffIndex` and each burn's,
 * proved against the checkpoint of the tree that ends with the last of them. That tree never
 * changes, so a package made again from the store is the same bytes however far the log grew.
 */
export async function packageProofs(
  log: TransparencyStore,
  { origin, signer }: { origin: string; signer: PackageSigner },
  signoffIndex: number,
  burnIds: readonly number[],
): Promise<[string, Uint8Array][]> {
  const indexes: [number, number][] = [];
  for (const id of [...burnIds].sort((a, b) => a - b)) {
    const index = await log.indexOf(kilnLogSubject(id));
    if (index === null) throw new Error(`Burn ${id} has no entry in the transparency log.`);
    indexes.push([id, index]);
  }
  const size = Math.max(signoffIndex, ...indexes.map(([, index]) => index)) + 1;
  const { checkpoint, note } = await signedCheckpoint(log, origin, signer, size);
  const burns = [];
  for (const [id, index] of indexes) burns.push({ analysis_id: id, ...(await proved(log, index, checkpoint.size)) });
  const transparency: PackageTransparency = {
    format: TRANSPARENCY_FORMAT,
    origin,
    tree_size: checkpoint.size,
    checkpoint_file: CHECKPOINT_FILE,
    signoff: await proved(log, signoffIndex, checkpoint.size),
    burns,
  };
  return [
    [CHECKPOINT_FILE, Buffer.from(note, 'utf8')],
    [TRANSPARENCY_FILE, Buffer.from(`${JSON.stringify(transparency, null, 2)}\n`, 'utf8')],
  ];
}

/**
 * Files an audit's package under its SHA-256 beside its signoff's entry, so the public page finds the
 * entry from the digest Audit History shows: once the package is made (its bytes hold the entry's proof).
 */
export async function filePackage(log: TransparencyStore, auditId: number, zip: Uint8Array): Promise<void> {
  const index = await log.indexOf(signoffSubject(auditId));
  if (index === null) throw new Error(`Audit ${auditId}'s signoff has no entry in the transparency log.`);
  await log.addLookup(packageLookup(sha256(zip)), index);
}
