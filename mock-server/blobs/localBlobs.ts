import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { ensurePrivateDir } from '../files/privateFiles';
import { checkKey, checkPrefix, type BlobInfo, type BlobRead, type Blobs } from './blobs';

/** write-file-atomic's temporary name while a write is under way: <name>.<ext>.<number> */
const IN_FLIGHT = /\.[A-Za-z0-9]{1,5}\.\d+$/;

/**
 * Files under one folder (DATA_DIR/files by default): each written to a
 * temporary file, fsynced and renamed into place, readable by the server's
 * user only (0600).
 */
export class LocalBlobs implements Blobs {
  readonly kind = 'local' as const;

  /** durable: fsync before answering, so an acknowledged upload survives a crash; the seed skips it. */
  constructor(
    readonly root: string,
    private readonly durable = true,
  ) {
    ensurePrivateDir(root);
  }

  async checkHealth(): Promise<void> {
    await fs.promises.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(file, body, { fsync: this.durable, mode: 0o600 });
  }

  async get(key: string): Promise<BlobRead | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  }

  async readAll(key: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix = ''): AsyncIterable<BlobInfo> {
    checkPrefix(prefix);
    const found: BlobInfo[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        const key = keyPrefix + entry.name;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${key}/`);
        else if (entry.isFile() && key.startsWith(prefix) && key.includes('/') && !IN_FLIGHT.test(entry.name)) {
          const { size, mtime } = await fs.promises.stat(path.join(dir, entry.name));
          found.push({ key, size, modified: mtime });
        }
      }
    };
    await walk(this.root, '');
    found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    yield* found;
  }

  /** a write killed before its rename leaves its temporary file: never a stored file, so it goes */
  async removeInterruptedWrites(): Promise<number> {
    let removed = 0;
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(file);
        else if (entry.isFile() && IN_FLIGHT.test(entry.name)) {
          await fs.promises.rm(file, { force: true });
          removed++;
        }
      }
    };
    await walk(this.root);
    return removed;
  }

  async removePrefix(prefix: string): Promise<void> {
    checkPrefix(prefix);
    if (!prefix) throw new Error('Refusing to remove every file.');
    const area = prefix.replace(/\/$/, '');
    await fs.promises.rm(path.join(this.root, area), { recursive: true, force: true });
  }
}
