import { crc32, inflateRawSync } from 'node:zlib';

/**
 * A zip read for the verifier, trusting nothing in it: the central directory
 * parsed here (fflate's object of files hides duplicate names, `__proto__`
 * and the entries' types), each entry's name and type checked before any
 * byte is inflated, and inflation bounded by the entry's declared size and
 * by ZIP_LIMITS (docs/security.md, "Verifier"). Directory entries (zip -r,
 * bsdtar, python's zipfile add them) are not files; a file is inflated only
 * when read, and only its bytes are kept.
 */

export const ZIP_LIMITS = {
  /** entries in the central directory (a package of 1,000 burns has about 1,010) */
  entries: 20_000,
  /** one file's inflated bytes (the console takes logs of 10 MiB and statements of 20 MiB) */
  entryBytes: 64 * 1024 * 1024,
  /** all files' inflated bytes together */
  totalBytes: 1024 * 1024 * 1024,
} as const;

/** Why one entry is refused; `name` is the entry's name as the zip spells it (printed escaped). */
export interface ZipProblem {
  name: string;
  problem: string;
}

export interface ZipFile {
  name: string;
  /** the declared inflated size */
  size: number;
  /** the file's bytes; throws ZipReadError when they are not what the directory declares */
  read(): Uint8Array;
}

export class ZipReadError extends Error {}

export interface ZipContents {
  /** the regular files by name (duplicates and refused entries left out) */
  files: Map<string, ZipFile>;
  problems: ZipProblem[];
}

const SIG = { eocd: 0x06054b50, zip64Locator: 0x07064b50, zip64Eocd: 0x06064b50, central: 0x02014b50, local: 0x04034b50 } as const;
const UNIX = 3;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const DOS_DIRECTORY = 0x10;

function findEocd(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let i = zip.length - 22; i >= lowest; i--) if (zip.readUInt32LE(i) === SIG.eocd) return i;
  throw new ZipReadError('no end of central directory');
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipReadError('a size or offset beyond any file');
  return Number(value);
}

/** Where the central directory is and how many entries it has (zip64 where the short record says so). */
function directoryOf(zip: Buffer): { offset: number; count: number } {
  const eocd = findEocd(zip);
  let count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || zip.readUInt32LE(locator) !== SIG.zip64Locator) throw new ZipReadError('no zip64 end of central directory');
    const at = safeNumber(zip.readBigUInt64LE(locator + 8));
    if (at + 56 > zip.length || zip.readUInt32LE(at) !== SIG.zip64Eocd) throw new ZipReadError('no zip64 end of central directory');
    count = safeNumber(zip.readBigUInt64LE(at + 32));
    offset = safeNumber(zip.readBigUInt64LE(at + 48));
  }
  return { offset, count };
}

/** A name's problem, or null: relative, forward slashes, no `.` or `..` segment, no control character. */
export function nameProblem(name: string): string | null {
  if (name === '') return 'an empty name';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'a name holding control characters';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  if (name.includes('\\')) return 'a name holding a backslash';
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((s) => s === '..' || s === '.' || s === '')) return 'a path with a "..", "." or empty segment';
  return null;
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  directory: boolean;
  type: string | null;
}

function zip64Fields(extra: Buffer, entry: { size: number; compressedSize: number; localOffset: number }): void {
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let at = i + 4;
      const next = () => {
        if (at + 8 > i + 4 + length) throw new ZipReadError('a short zip64 field');
        const value = safeNumber(extra.readBigUInt64LE(at));
        at += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    i += 4 + length;
  }
}

/** The entry's type where its attributes name one other than a regular file or a directory. */
function otherType(madeBy: number, attributes: number): { directory: boolean; type: string | null } {
  const dosDirectory = (attributes & DOS_DIRECTORY) !== 0;
  if (madeBy >> 8 !== UNIX) return { directory: dosDirectory, type: null };
  const mode = (attributes >>> 16) & S_IFMT;
  if (mode === 0) return { directory: dosDirectory, type: null };
  if (mode === S_IFDIR) return { directory: true, type: null };
  if (mode === S_IFREG) return { directory: false, type: null };
  return { directory: false, type: mode === 0o120000 ? 'a symbolic link' : `a special file (mode ${mode.toString(8)})` };
}

function readEntries(zip: Buffer): Entry[] {
  const { offset, count } = directoryOf(zip);
  if (count > ZIP_LIMITS.entries) throw new ZipReadError(`${count} entries, more than the ${ZIP_LIMITS.entries} a package may have`);
  const entries: Entry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== SIG.central) throw new ZipReadError('a broken central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const flags = zip.readUInt16LE(at + 8);
    const raw = zip.subarray(at + 46, at + 46 + nameLength);
    // bit 11: UTF-8; otherwise CP437, whose ASCII half is ASCII (the rest is read as Latin-1, and refused as unlisted)
    const name = (flags & 0x800) !== 0 ? raw.toString('utf8') : raw.toString('latin1');
    const sizes = { size: zip.readUInt32LE(at + 24), compressedSize: zip.readUInt32LE(at + 20), localOffset: zip.readUInt32LE(at + 42) };
    zip64Fields(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), sizes);
    const kind = otherType(zip.readUInt16LE(at + 4), zip.readUInt32LE(at + 38));
    entries.push({
      name,
      method: zip.readUInt16LE(at + 10),
      flags,
      crc: zip.readUInt32LE(at + 16),
      ...sizes,
      directory: kind.directory || name.endsWith('/'),
      type: kind.type,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function fileOf(zip: Buffer, entry: Entry, budget: { left: number }): ZipFile {
  return {
    name: entry.name,
    size: entry.size,
    read() {
      const at = entry.localOffset;
      if (at + 30 > zip.length || zip.readUInt32LE(at) !== SIG.local) throw new ZipReadError('no local header');
      const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
      if (start + entry.compressedSize > zip.length) throw new ZipReadError('its data runs past the end of the zip');
      if (entry.size > budget.left) throw new ZipReadError(`more than ${ZIP_LIMITS.totalBytes} bytes inflated in all`);
      budget.left -= entry.size;
      const data = zip.subarray(start, start + entry.compressedSize);
      let bytes: Buffer;
      if (entry.method === 0) bytes = Buffer.from(data);
      else {
        try {
          // one byte more than declared: a bomb that lies about its size stops there
          bytes = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
        } catch (error) {
          throw new ZipReadError(
            error instanceof RangeError ? `it inflates to more than the ${entry.size} bytes it declares` : 'its data does not inflate',
          );
        }
      }
      if (bytes.length !== entry.size) throw new ZipReadError(`it holds ${bytes.length} bytes, not the ${entry.size} it declares`);
      if (crc32(bytes) >>> 0 !== entry.crc >>> 0) throw new ZipReadError('its CRC-32 does not match');
      return bytes;
    },
  };
}

/** The zip's regular files and every entry refused; throws ZipReadError when the zip itself cannot be read. */
export function readZip(bytes: Uint8Array): ZipContents {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readEntries(zip);
  const problems: ZipProblem[] = [];
  const files = new Map<string, ZipFile>();
  const seen = new Map<string, number>();
  for (const e of entries) seen.set(e.name, (seen.get(e.name) ?? 0) + 1);
  const budget = { left: ZIP_LIMITS.totalBytes };
  const reported = new Set<string>();
  for (const e of entries) {
    const refuse = (problem: string) => problems.push({ name: e.name, problem });
    const badName = nameProblem(e.name);
    if ((seen.get(e.name) ?? 0) > 1) {
      if (!reported.has(e.name)) refuse(`the zip holds ${seen.get(e.name)} entries of this name`);
      reported.add(e.name);
    } else if (badName) refuse(badName);
    else if (e.type) refuse(`${e.type}, not a regular file`);
    else if (e.directory) {
      if (e.size !== 0) refuse('a directory entry holding data');
    } else if ((e.flags & 0x1) !== 0) refuse('an encrypted entry');
    else if (e.method !== 0 && e.method !== 8) refuse(`compression method ${e.method}, neither stored nor deflated`);
    else if (e.size > ZIP_LIMITS.entryBytes) refuse(`${e.size} bytes inflated, more than the ${ZIP_LIMITS.entryBytes} a file may have`);
    else files.set(e.name, fileOf(zip, e, budget));
  }
  const declared = [...files.values()].reduce((n, f) => n + f.size, 0);
  if (declared > ZIP_LIMITS.totalBytes) {
    problems.push({
      name: '(package)',
      problem: `its files declare ${declared} bytes, more than the ${ZIP_LIMITS.totalBytes} a package may hold`,
    });
    files.clear();
  }
  return { files, problems };
}
