import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../mock-server/config';
import { applyServerTimeouts } from '../../../mock-server/http/serverTimeouts';

/** Info 2 of the 2026-11-25 review: a body trickled a byte every 5 s held its connection for Node's default 300 s. */
describe('applyServerTimeouts', () => {
  it('bounds a whole request to REQUEST_TIMEOUT_MS, 120 s unless told, keeping idle connections past 60 s', () => {
    expect(configFromEnv({}).requestTimeoutMs).toBe(120_000);
    expect(configFromEnv({ REQUEST_TIMEOUT_MS: '30000' }).requestTimeoutMs).toBe(30_000);
    const server = http.createServer();
    applyServerTimeouts(server, configFromEnv({}).requestTimeoutMs);
    expect(server.requestTimeout).toBe(120_000);
    expect(server.headersTimeout).toBe(66_000);
    expect(server.keepAliveTimeout).toBe(65_000);
    applyServerTimeouts(server, 30_000);
    expect(server.headersTimeout).toBe(30_000);
  });
});
