import fs from 'node:fs';
import path from 'node:path';
import jsonServer from 'json-server';
import low, { type LowdbSync } from 'lowdb';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../files/privateFiles';
import { AtomicFileAdapter } from './atomicFileAdapter';
import { emptyDb, type CollectionName, type DbShape } from './schema';

/**
 * The data store: json-server's lowdb database over DATA_DIR/db.json with an
 * atomic file adapter. Route modules read `store.data`, mutate records and call
 * `store.write()` once per request, after every check has passed, so a refused
 * request never leaves half a change behind.
 */
export class Store {
  readonly db: LowdbSync<DbShape>;
  readonly dataDir: string;
  readonly filesDir: string;

  constructor(dataDir: string) {
    this.dataDir = path.resolve(dataDir);
    this.filesDir = path.join(this.dataDir, 'files');
    ensurePrivateDir(this.dataDir);
    ensurePrivateDir(this.filesDir);
    const dbFile = path.join(this.dataDir, 'db.json');
    // a db.json written before files were private is narrowed now, not at its next write
    if (fs.existsSync(dbFile)) fs.chmodSync(dbFile, PRIVATE_FILE_MODE);
    const adapter = new AtomicFileAdapter<DbShape>(dbFile, {
      defaultValue: emptyDb(),
      // compact JSON: the whole file is rewritten on each write
      serialize: (state) => JSON.stringify(state),
    });
    // json-server owns the lowdb instance; its generic REST router is never mounted
    this.db = jsonServer.router<DbShape>(low(adapter)).db;
    this.ensureCollections();
  }

  get data(): DbShape {
    return this.db.getState();
  }

  write(): void {
    this.db.write();
  }

  isEmpty(): boolean {
    return this.data.users.length === 0;
  }

  nextId(collection: CollectionName): number {
    const records = this.data[collection] as { id: number }[];
    return records.reduce((max, r) => Math.max(max, r.id), 0) + 1;
  }

  /** Replaces the whole state (used by the seed) and persists it. */
  replace(state: DbShape): void {
    this.db.setState(state);
    this.write();
  }

  private ensureCollections(): void {
    const state = this.db.getState() as Partial<DbShape>;
    const defaults = emptyDb();
    let changed = false;
    for (const key of Object.keys(defaults) as CollectionName[]) {
      if (!Array.isArray(state[key])) {
        (state as Record<string, unknown>)[key] = defaults[key];
        changed = true;
      }
    }
    if (changed) this.replace(state as DbShape);
  }
}
