import type { Server } from 'node:http';

/**
 * The listening server's time limits. Idle keep-alive connections outlive
 * the clients' and proxies' own idle limits (60 s is usual), so a client
 * never reuses a connection the server is closing at that moment (a reset,
 * seen as ECONNRESET). A whole request, body included, must arrive within
 * `requestTimeoutMs` (REQUEST_TIMEOUT_MS, default 120 s): a body trickled a
 * byte at a time no longer holds its connection for Node's default 300 s
 * (Info 2 of the 2026-11-25 review). Node checks every 30 s, so a slow
 * request is answered 408 and closed up to 30 s after its limit.
 */
export function applyServerTimeouts(server: Server, requestTimeoutMs: number): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = Math.min(66_000, requestTimeoutMs);
  server.requestTimeout = requestTimeoutMs;
}
