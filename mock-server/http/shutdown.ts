import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import type { Lifecycle } from './health';

/** While the server drains, each answer closes its connection, so no client keeps a kept-alive one to a stopping server. */
export function closeWhenStopping(lifecycle: Lifecycle): RequestHandler {
  return (_req, res, next) => {
    if (lifecycle.stopping) res.set('Connection', 'close');
    next();
  };
}

/**
 * A graceful stop (SIGTERM): readiness turns 503, the listener closes (no new connection is accepted),
 * requests under way finish (idle kept-alive connections are closed at once; any still open after
 * timeoutMs are cut), then `release` closes the store. Resolves true when nothing had to be cut.
 */
export async function drain(server: Server, lifecycle: Lifecycle, timeoutMs: number, release: () => Promise<void>): Promise<boolean> {
  lifecycle.stopping = true;
  let cut = false;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // a connection that was busy at close and idle since would otherwise wait for its keep-alive timeout
  const idle = setInterval(() => server.closeIdleConnections(), 200);
  const force = setTimeout(() => {
    cut = true;
    server.closeAllConnections();
  }, timeoutMs);
  server.closeIdleConnections();
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(force);
  }
  await release();
  return !cut;
}
