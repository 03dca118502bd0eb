import type { Blobs } from '../blobs/blobs';

/**
 * The one way a request persists a change that also writes or orphans files
 * (docs/product.md#shape-of-the-system). Files are written first and the store
 * last, so a crash leaves at worst an orphan file, never a record without its
 * file: `added` are the keys of the files written for the change (before or
 * within `write`), `write` the store operation (one call or one transaction).
 * When it fails, the added files go and the error goes on; once it
 * succeeded, the files it left unreferenced (`orphaned` of its result: a
 * replaced photo, a purged log) go.
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
