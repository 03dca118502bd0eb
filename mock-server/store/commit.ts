import type { Blobs } from '../blobs/blobs';
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

/**
 * The same idiom on the store interface and the blob interface: `added` are
 * the keys of the files already written for the change, `write` the store
 * operation (one call or one transaction). When it fails, the added files go
 * and the error goes on; once it succeeded, the files it left unreferenced
 * (`orphaned` of its result: a replaced photo, a purged log) go.
 */
export async function commitFiles<T>(
  blobs: Blobs,
  change: { added: readonly string[]; write(): Promise<T>; orphaned?(result: T): readonly string[] },
): Promise<T> {
  let result: T;
  try {
    result = await change.write();
  } catch (err) {
    await Promise.allSettled(change.added.map((key) => blobs.remove(key)));
    throw err;
  }
  const orphans = change.orphaned?.(result) ?? [];
  // a file that cannot be removed now stays an orphan; the change itself is kept
  const removed = await Promise.allSettled(orphans.map((key) => blobs.remove(key)));
  for (const r of removed) if (r.status === 'rejected') console.error('Removing a file no record names failed:', r.reason);
  return result;
}
