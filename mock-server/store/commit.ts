import type { Blobs } from '../blobs/blobs';

/**
 * The one way a request persists a change that also writes or orphans files
 * (docs/product.md#shape-of-the-system). Files are written first and the store
 * last, so a crash leaves at worst an orphan file, never a record without its
 * file: `added` are the keys of the files written for the change (before or
 * within `write`; a function when `write` names some of them itself, read if it
 * fails), `write` the store operation (one call or one transaction).
 * When it fails, the added files go and the error goes on; once it
 * succeeded, the files it left unreferenced (`orphaned` of its result: a
 * replaced photo, a purged log) go.
 */
export async function commitFiles<T>(
  blobs: Blobs,
  change: { added: readonly string[] | (() => readonly string[]); write(): Promise<T>; orphaned?(result: T): readonly string[] },
): Promise<T> {
  let result: T;
  try {
    result = await change.write();
  } catch (err) {
    const added = typeof change.added === 'function' ? change.added() : change.added;
    await Promise.allSettled(added.map((key) => blobs.remove(key)));
    throw err;
  }
  const orphans = change.orphaned?.(result) ?? [];
  // a file that cannot be removed now stays an orphan; the change itself is kept
  const removed = await Promise.allSettled(orphans.map((key) => blobs.remove(key)));
  for (const r of removed) if (r.status === 'rejected') console.error('Removing a file no record names failed:', r.reason);
  return result;
}

/**
 * Promise.all for the writes of a change: answers their results once every one
 * has ended, or throws the first failure once every one has ended, so
 * commitFiles' clean-up never removes a file a write still under way then puts
 * back.
 */
export async function allEnded<T extends readonly unknown[]>(writes: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const ended = await Promise.allSettled(writes);
  const failed = ended.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return ended.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
