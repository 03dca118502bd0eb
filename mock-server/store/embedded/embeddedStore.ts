import fs from 'node:fs';
import path from 'node:path';
import { memoryLoginThrottle, type LoginThrottle, type LoginThrottleOptions } from '../loginThrottle';
import type { SigningKeyStore } from '../signingKeys';
import { embeddedSigningKeys } from './signingKeys';
import type { DataStore, FileKeySpelling, FileReferences, StoreJob, StoreParts, StoreState } from '../dataStore';
import { StoreOfParts } from '../storeOfParts';
import type { Access } from './access';
import { fileKeysAfter } from './fileKeys';
import { embeddedParts } from './parts';
import { EmbeddedState, type EmbeddedShape } from './state';
import { Journal, Mutator } from './mutator';

/**
 * The default store (docs/product.md#shape-of-the-system): json-server's lowdb over DATA_DIR/db.json,
 * every change written atomically. One operation or transaction at a time
 * reaches the state; a failed one leaves the state (and the file) as before.
 *
 * Inside `transaction(fn)`, use only the parts fn is given: calling the
 * store itself there waits for the transaction to end, which never comes.
 */
export class EmbeddedStore extends StoreOfParts implements DataStore {
  readonly kind = 'embedded' as const;
  private readonly core: EmbeddedState;

  constructor(dataDir: string) {
    const core = new EmbeddedState(path.resolve(dataDir));
    const alone: Access = {
      read: (fn) => core.exclusive(() => fn(core.state)),
      write: (fn) => core.exclusive(() => core.atomically((m) => fn(core.state, m))),
    };
    super(embeddedParts(alone));
    this.core = core;
  }

  get dataDir(): string {
    return this.core.dataDir;
  }

  /** The raw state under the store, for tests that look at records directly; no server code reaches it. */
  get rawState(): EmbeddedState {
    return this.core;
  }

  // db.json belongs to one server (DATA_DIR is its own): nothing to share a job with
  exclusively<T>(_job: StoreJob, fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  async tryExclusively<T>(_job: StoreJob, fn: () => Promise<T>): Promise<{ value: T }> {
    return { value: await fn() };
  }

  loginThrottle(options: LoginThrottleOptions): LoginThrottle {
    return memoryLoginThrottle(options);
  }

  signingKeys(): SigningKeyStore {
    return embeddedSigningKeys(this.core.dataDir);
  }

  transaction<T>(fn: (tx: StoreParts) => Promise<T>): Promise<T> {
    const core = this.core;
    return core.exclusive(() =>
      core.atomically(async (outer) => {
        const inTx: Access = {
          read: async (f) => f(core.state),
          // each operation is atomic on its own too: a refused one undoes its own steps at once
          write: async (f) => {
            const own = new Journal();
            try {
              const result = f(core.state, new Mutator(core.state, own, core.ids));
              outer.adopt(own);
              return result;
            } catch (err) {
              own.rollback();
              throw err;
            }
          },
        };
        return fn(embeddedParts(inTx));
      }),
    );
  }

  replaceAll(state: StoreState, progress?: (table: string, done: number, total: number) => void): Promise<void> {
    return this.core.exclusive(() => {
      this.core.replace(structuredClone(state));
      for (const [table, rows] of Object.entries(state)) progress?.(table, rows.length, rows.length);
    });
  }

  isEmpty(): Promise<boolean> {
    return this.core.exclusive(() => this.core.state.users.length === 0);
  }

  /** its queue moves (no operation is stuck), and db.json and its folder can still be written (a lost or read-only volume) */
  checkHealth(): Promise<void> {
    return this.core.exclusive(async () => {
      await fs.promises.access(this.core.dataDir, fs.constants.W_OK);
      await fs.promises.access(path.join(this.core.dataDir, 'db.json'), fs.constants.R_OK | fs.constants.W_OK);
    });
  }

  fileReferences(): Promise<FileReferences> {
    return this.core.exclusive(() => {
      const s = this.core.state;
      return {
        kilnLogs: s.kilnlogs.map((r) => ({ id: r.id, s3key: r.s3key })),
        facilityPhotos: s.facility_photos.flatMap((p) => [p.photo.key, p.thumb.key]),
        facilityStatements: s.facility_audits.map((st) => st.file.key),
        auditEvidence: s.audits.flatMap((a) => (a.doc_key === null ? [] : [a.doc_key])),
      };
    });
  }

  fileKeysAfter(after: string | null, limit: number, spelling: FileKeySpelling): Promise<string[]> {
    return this.core.exclusive(() => fileKeysAfter(this.core.state, after, limit, spelling));
  }

  /** The whole state, read-only, for the copy command. */
  snapshot(): Promise<Readonly<EmbeddedShape>> {
    return this.core.exclusive(() => structuredClone(this.core.state));
  }

  async close(): Promise<void> {
    await this.core.exclusive(() => undefined);
  }
}
