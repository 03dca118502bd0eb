import { HttpError } from '../http/errors';

/**
 * At most `concurrency` password hashes (login checks, new passwords) at
 * once, `queue` more waiting; beyond that a 503 at once. A scrypt call holds
 * a libuv thread and 128 MiB for about 100 ms, and file reads share those
 * threads, so a flood of logins or password changes must not take them all
 * (docs/security.md, "Login flood"). One gate per server, in AppContext.
 */
export class HashGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      // hand the slot straight to the next waiter, or free it
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const busy = () => new HttpError(503, 'The server is busy checking other passwords. Try again in a moment.', { 'Retry-After': '2' });
