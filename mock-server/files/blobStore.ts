import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './privateFiles';

const AREA = /^[a-z][a-z0-9-]*$/;
const EXTENSION = /^[a-z0-9]{1,5}$/;
const KEY = /^[a-z][a-z0-9-]*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,5}$/;

/**
 * Uploaded binaries (photos, statements) under DATA_DIR/files/<area>/, each
 * named by a key the server generates (<area>/<uuid>.<ext>). Nothing a client
 * sends becomes part of a path: a key that does not have that shape is refused.
 */
export class BlobStore {
  /** durable: fsync before answering, so an acknowledged upload survives a crash; the seed skips it. */
  constructor(
    readonly filesDir: string,
    private readonly durable = true,
  ) {}

  /** Stores the bytes under a new key and answers it. */
  save(area: string, bytes: Buffer, extension: string): string {
    if (!AREA.test(area) || !EXTENSION.test(extension)) throw new Error(`Not a file area or extension: ${area} ${extension}`);
    const key = `${area}/${randomUUID()}.${extension}`;
    ensurePrivateDir(path.join(this.filesDir, area));
    writeFileAtomic.sync(this.pathOf(key), bytes, { fsync: this.durable, mode: PRIVATE_FILE_MODE });
    return key;
  }

  /** The stored bytes, or null when the file is gone. */
  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Deletes a file; one already gone is not an error. */
  remove(key: string): void {
    fs.rmSync(this.pathOf(key), { force: true });
  }

  /** Empties an area (the seed starts from nothing). */
  clear(area: string): void {
    if (!AREA.test(area)) throw new Error(`Not a file area: ${area}`);
    fs.rmSync(path.join(this.filesDir, area), { recursive: true, force: true });
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`Not a file key: ${key}`);
    return path.join(this.filesDir, key);
  }
}
