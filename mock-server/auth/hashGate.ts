import { HttpError } from '../http/errors';

/** Who a hash is for: the logins, or the signed-in accounts' own work (password changes, creates, resets). */
type Lane = 'logins' | 'accounts';

/** Hashes one signed-in account may have running or waiting at once: one, and a second (a double click). */
export const HASHES_PER_ACCOUNT = 2;

/**
 * At most `concurrency` password hashes (login checks, new passwords) at
 * once. A scrypt call holds a libuv thread and 128 MiB for about 100 ms, and
 * file reads share those threads, so a flood of logins or password changes
 * must not take them all (docs/security.md, "Login flood"). One gate per
 * server, in AppContext.
 *
 * Logins and the signed-in accounts' hashes wait in two queues of `queue`
 * places each, served in turn, and each account may hold at most
 * HASHES_PER_ACCOUNT hashes: one account's password changes can neither fill
 * the logins' queue nor its own beyond that share (L4 of the 2026-12-01
 * review). Beyond a queue or a share, a 503 at once.
 */
export class HashGate {
  private active = 0;
  private readonly waiting: Record<Lane, (() => void)[]> = { logins: [], accounts: [] };
  private readonly perAccount = new Map<number, number>();
  private lastServed: Lane = 'accounts';

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Runs a hash: a login's check without `account`, else the work of that signed-in account (its user id). */
  async run<T>(task: () => Promise<T>, account?: number): Promise<T> {
    if (account === undefined) return this.inLane('logins', task);
    const held = this.perAccount.get(account) ?? 0;
    if (held >= HASHES_PER_ACCOUNT) throw accountBusy();
    this.perAccount.set(account, held + 1);
    try {
      return await this.inLane('accounts', task);
    } finally {
      const left = (this.perAccount.get(account) ?? 1) - 1;
      if (left > 0) this.perAccount.set(account, left);
      else this.perAccount.delete(account);
    }
  }

  private async inLane<T>(lane: Lane, task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting[lane].length >= this.queue) throw busy();
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      // hand the slot straight to the next waiter, the other queue first, or free it
      const next = this.nextWaiter();
      if (next) next();
      else this.active -= 1;
    }
  }

  private nextWaiter(): (() => void) | undefined {
    const order: Lane[] = this.lastServed === 'logins' ? ['accounts', 'logins'] : ['logins', 'accounts'];
    for (const lane of order) {
      const next = this.waiting[lane].shift();
      if (next) {
        this.lastServed = lane;
        return next;
      }
    }
    return undefined;
  }
}

const busy = () => new HttpError(503, 'The server is busy checking other passwords. Try again in a moment.', { 'Retry-After': '2' });
const accountBusy = () =>
  new HttpError(503, 'The server is busy with the password changes this account sent already. Try again in a moment.', {
    'Retry-After': '2',
  });
