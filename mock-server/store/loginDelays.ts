/**
 * Growing delays after failed logins, per client and username together
 * (docs/security.md, "Password guessing"): `limit` failures are free, then
 * each further one makes the pair wait `delayMs`, doubling each time, at most
 * `windowMs`. Only that client is slowed: the owner logging in from
 * elsewhere is not locked out. A success clears the pair; a pair with no
 * failure for `windowMs` is forgotten. At most `maxEntries` pairs are kept
 * (the oldest go first), so memory stays bounded whatever the names sent.
 */

export interface LoginDelayOptions {
  limit: number;
  windowMs: number;
  delayMs: number;
  maxEntries?: number;
}

export interface DelayEntry {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
}
type Entry = DelayEntry;

/** A pair with no failure for the window and no wait left is forgotten. */
export const isForgotten = (entry: Entry, now: number, options: LoginDelayOptions): boolean =>
  now - entry.lastFailure > options.windowMs && now >= entry.blockedUntil;

/** The pair after one more failure at `now` (entry: the pair as it was, forgotten ones already dropped). */
export function afterFailure(entry: Entry | undefined, now: number, options: LoginDelayOptions): Entry {
  const failures = (entry?.failures ?? 0) + 1;
  const over = failures - options.limit;
  const blockedUntil = over >= 0 ? now + Math.min(options.windowMs, options.delayMs * 2 ** Math.min(over, 30)) : (entry?.blockedUntil ?? 0);
  return { failures, lastFailure: now, blockedUntil };
}

export class LoginDelays {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;

  constructor(
    private readonly options: LoginDelayOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** Milliseconds this pair must still wait before another attempt; 0 when it may try now. */
  waitMs(client: string, name: string): number {
    const entry = this.current(pairKey(client, name));
    return entry ? Math.max(0, entry.blockedUntil - this.now()) : 0;
  }

  failed(client: string, name: string): void {
    const key = pairKey(client, name);
    const entry = afterFailure(this.current(key), this.now(), this.options);
    // re-insert so the Map's order stays oldest-failure first
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  succeeded(client: string, name: string): void {
    this.entries.delete(pairKey(client, name));
  }

  get size(): number {
    return this.entries.size;
  }

  private current(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && isForgotten(entry, this.now(), this.options)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

const pairKey = (client: string, name: string) => `${client}\u0000${name}`;
