import type { Store } from './store';

/**
 * The one way a request persists a change that also wrote or orphaned files
 * (DESIGN, "Shape of the system": db.json beside files/). Files are written first and the store
 * last, so a crash leaves at worst an orphan file, never a record without its
 * file:
 * - if writing the store fails, `undo` takes the change back out of memory
 *   and removes the files written for it, and the error goes on;
 * - once the store is written, `cleanup` removes the files the change left
 *   unreferenced (a replaced photo, a purged log).
 */
export interface Change {
  undo(): void;
  cleanup?(): void;
}

export function commit(store: Store, change: Change): void {
  try {
    store.write();
  } catch (err) {
    change.undo();
    throw err;
  }
  change.cleanup?.();
}
