import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../files/privateFiles';
import { EmbeddedStore } from './embedded/embeddedStore';
import type { EmbeddedShape } from './embedded/state';
import type { CollectionName, DbShape } from './schema';

/**
 * The raw state of the embedded store, as route modules not yet on the store
 * interface (dataStore.ts) read and mutate it: `store.data`, then `store.write()`
 * once per request after every check has passed. It is the very state the
 * EmbeddedStore (`store.embedded`) works on, so areas move one at a time.
 */
export class Store {
  readonly embedded: EmbeddedStore;
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
    this.embedded = new EmbeddedStore(this.dataDir);
  }

  get data(): EmbeddedShape {
    return this.embedded.rawState.state;
  }

  write(): void {
    this.embedded.rawState.db.write();
  }

  isEmpty(): boolean {
    return this.data.users.length === 0;
  }

  nextId(collection: CollectionName): number {
    const records = this.data[collection] as { id: number }[];
    const id = records.reduce((max, r) => Math.max(max, r.id), 0) + 1;
    // the interface's id counter must not hand out this id again
    this.embedded.rawState.ids.saw(collection, id);
    return id;
  }

  /** Replaces the whole state (used by the seed) and persists it. */
  replace(state: DbShape | EmbeddedShape): void {
    // the embedded state fills the collections an older shape lacks
    this.embedded.rawState.replace(state as EmbeddedShape);
  }
}
