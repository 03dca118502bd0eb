import type { ErrorRequestHandler } from 'express';
import { HttpError } from './errors';

/**
 * A dependency (PostgreSQL, the bucket) failing is the server's trouble, not the caller's: the answer is a
 * 503 with Retry-After and words a user can act on, never a 401 (which logs the console out) or a bare 500,
 * and a login it cuts short does not count as a failed one.
 */

export type Dependency = 'database' | 'file storage';

/** seconds a client is asked to wait before trying again */
export const RETRY_AFTER_S = 5;

const MESSAGES: Record<Dependency, string> = {
  database: 'The database is unavailable at the moment. Please try again shortly.',
  'file storage': 'File storage is unavailable at the moment. Please try again shortly.',
};

export class DependencyUnavailable extends HttpError {
  constructor(
    readonly dependency: Dependency,
    /** what the client library threw, for the log */
    readonly failure: unknown,
  ) {
    super(503, MESSAGES[dependency], { 'Retry-After': String(RETRY_AFTER_S) });
    this.name = 'DependencyUnavailable';
  }
}

/** Node's socket errors: the peer refused, reset, vanished or was never found. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server that is going, gone, full or cancelled the statement (statement_timeout) */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-4]|53300|57014)$/;
/** what node-postgres itself throws when a connection is lost or cannot be had */
const PG_CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed/i;

/** Whether an error from the PostgreSQL client means the database cannot be reached or answer, rather than a bad statement. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
  // several addresses tried at once (localhost: ::1 and 127.0.0.1) fail together
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  return PG_CLIENT_MESSAGES.test(err.message);
}

const describe = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/** Before errorHandler: the store throws its client's errors as they are, and one that means PostgreSQL is out of reach becomes the 503. */
export const dependencyErrors: ErrorRequestHandler = (thrown: unknown, _req, _res, next) => {
  const err = isDatabaseUnavailable(thrown) ? new DependencyUnavailable('database', thrown) : thrown;
  if (err instanceof DependencyUnavailable) console.warn(`503, ${err.dependency} unavailable: ${describe(err.failure)}`);
  next(err);
};
