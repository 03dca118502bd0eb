import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { ensurePrivateDir } from './privateFiles';
import { checkKey, checkPrefix, type BlobInfo, type BlobRead, type Blobs } from './blobs';
import { FirstKeys } from './keyOrder';

/** write-file-atomic's temporary name while a write is under way: <name>.<ext>.<number> */
const IN_FLIGHT = /\.[A-Za-z0-9]{1,5}\.\d+$/;
/** names held per folder level while listing */
const LIST_PAGE = 10_000;

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

  async *list(prefix = '', pageSize = LIST_PAGE): AsyncIterable<BlobInfo> {
    yield* this.listFolder(this.root, '', checkPrefix(prefix), pageSize);
  }

  /**
   * A folder's files and subfolders in key order, a page of names at a time:
   * each page is one more pass over the folder, so a folder of any size is
   * listed holding no more than a page of names per level.
   */
  private async *listFolder(dir: string, keyPrefix: string, prefix: string, pageSize: number): AsyncGenerator<BlobInfo> {
    // a subfolder is ordered by its name and a slash, as the keys in it are
    type Entry = { name: string; order: string; folder: boolean };
    for (let after: string | null = null; ;) {
      const names: FirstKeys<Entry> = new FirstKeys<Entry>(after, pageSize, (entry) => entry.order);
      try {
        for await (const entry of await fs.promises.opendir(dir)) {
          const key = keyPrefix + entry.name;
          if (entry.isDirectory()) {
            const order = `${key}/`;
            if (order.startsWith(prefix) || prefix.startsWith(order)) names.offer({ name: entry.name, order, folder: true });
          } else if (entry.isFile() && keyPrefix && key.startsWith(prefix) && !IN_FLIGHT.test(entry.name)) {
            names.offer({ name: entry.name, order: key, folder: false });
          }
        }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of names.page) {
        const file = path.join(dir, entry.name);
        if (entry.folder) {
          yield* this.listFolder(file, entry.order, prefix, pageSize);
          continue;
        }
        const info = await fs.promises.stat(file).catch((err: NodeJS.ErrnoException) => {
          // removed since the pass over its folder
          if (err.code === 'ENOENT') return null;
          throw err;
        });
        if (info) yield { key: entry.order, size: info.size, modified: info.mtime };
      }
      after = names.next;
      if (after === null) return;
    }
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
