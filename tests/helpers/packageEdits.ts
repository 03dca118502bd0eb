import { createHash } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';

/** Changes to a verification package's files, for tests that tamper with one. */

/** The package's files, changed by `edit`, zipped again. */
export function repack(zip: Uint8Array, edit: (files: Record<string, Uint8Array>) => void): Uint8Array {
  const files = unzipSync(zip);
  edit(files);
  return zipSync(files);
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export type Manifest = Record<string, unknown> & { burns: Record<string, unknown>[]; files: Record<string, string> };

export const readJson = (bytes: Uint8Array): Manifest => JSON.parse(Buffer.from(bytes).toString('utf8')) as Manifest;
export const writeJson = (value: unknown): Uint8Array => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** One byte of a file changed (to '1', or '2' where it was '1'). */
export function flipByte(bytes: Uint8Array, at = Math.floor(bytes.length / 2)): Uint8Array {
  const copy = new Uint8Array(bytes);
  copy[at] = copy[at] === 0x31 ? 0x32 : 0x31;
  return copy;
}

/** The manifest changed by `edit`, everything else as it was. */
export const withManifest = (zip: Uint8Array, edit: (m: Manifest) => void): Uint8Array =>
  repack(zip, (files) => {
    const manifest = readJson(files['manifest.json']);
    edit(manifest);
    files['manifest.json'] = writeJson(manifest);
  });

/** SHA256SUMS made again over the other files and signed by `sign`, as the console (or whoever holds its key) would. */
export function resign(files: Record<string, Uint8Array>, sign: (bytes: Uint8Array) => Uint8Array): void {
  const lines = Object.keys(files)
    .filter((name) => name !== 'SHA256SUMS' && name !== 'SHA256SUMS.sig')
    .sort()
    .map((name) => `${sha256(files[name])}  ${name}\n`);
  files.SHA256SUMS = Buffer.from(lines.join(''));
  files['SHA256SUMS.sig'] = sign(files.SHA256SUMS);
}
