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

interface Entry {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
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
    const now = this.now();
    const entry = this.current(key) ?? { failures: 0, lastFailure: now, blockedUntil: 0 };
    entry.failures += 1;
    entry.lastFailure = now;
    const over = entry.failures - this.options.limit;
    if (over >= 0) entry.blockedUntil = now + Math.min(this.options.windowMs, this.options.delayMs * 2 ** Math.min(over, 30));
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
    if (entry && this.now() - entry.lastFailure > this.options.windowMs && this.now() >= entry.blockedUntil) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

const pairKey = (client: string, name: string) => `${client}\u0000${name}`;
