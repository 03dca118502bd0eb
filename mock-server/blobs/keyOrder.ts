/**
 * Key order: the byte order of keys, which S3's ListObjectsV2 lists in and
 * PostgreSQL sorts in under COLLATE "C". Keys are ASCII (checkKey), where
 * JavaScript's string comparison is that same order.
 */

/** The first `limit` keys in key order after `after` (null: from the first), among items offered in any order, holding at most `limit` at once. */
export class FirstKeys<T> {
  private readonly keys: string[] = [];
  private readonly items: T[] = [];

  constructor(
    private readonly after: string | null,
    private readonly limit: number,
    private readonly keyOf: (item: T) => string,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Not a page size: ${limit}`);
  }

  /** an item whose key is already held is not held twice */
  offer(item: T): void {
    const key = this.keyOf(item);
    if (this.after !== null && key <= this.after) return;
    const keys = this.keys;
    if (keys.length >= this.limit && key >= keys[keys.length - 1]) return;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (keys[mid] < key) low = mid + 1;
      else high = mid;
    }
    if (keys[low] === key) return;
    keys.splice(low, 0, key);
    this.items.splice(low, 0, item);
    if (keys.length > this.limit) {
      keys.pop();
      this.items.pop();
    }
  }

  /** the items held, in key order */
  get page(): readonly T[] {
    return this.items;
  }

  /** the key to ask the next page after, or null when this page was the last (not full) */
  get next(): string | null {
    return this.keys.length < this.limit ? null : this.keys[this.keys.length - 1];
  }
}
