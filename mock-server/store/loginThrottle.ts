import type { Store } from 'express-rate-limit';
import { LoginDelays, type LoginDelayOptions } from './loginDelays';

/**
 * Where the login throttles (docs/security.md, "Password guessing") keep
 * their counts: in the store, so that every server sharing it counts the same
 * failures (PostgreSQL), or in this process (the embedded store, which has
 * one server).
 */
export interface LoginThrottleOptions extends LoginDelayOptions {
  /** how long the per-client cap remembers a failed login */
  clientWindowMs: number;
}

export interface LoginThrottle {
  /** milliseconds this client and username must still wait; 0 when they may try now */
  waitMs(client: string, name: string): Promise<number>;
  failed(client: string, name: string): Promise<void>;
  succeeded(client: string, name: string): Promise<void>;
  /** the per-client cap's counts; undefined: express-rate-limit's own, in this process */
  clientStore?: Store;
}

/** The throttles of one process: the delays in a bounded Map, the per-client cap in express-rate-limit's memory. */
export function memoryLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const delays = new LoginDelays(options);
  return {
    waitMs: async (client, name) => delays.waitMs(client, name),
    failed: async (client, name) => delays.failed(client, name),
    succeeded: async (client, name) => delays.succeeded(client, name),
  };
}
