import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Facility } from '../../src/domain/api/configure';
import { startChildServer, type ChildServer } from '../helpers/childServer';
import { burnCsv } from '../helpers/kilnLogUploads';
import { createDatabase } from '../helpers/postgres';
import { TEST_PACKAGE_SIGNING_KEY } from '../helpers/seededTemplate';

/**
 * SIGTERM (scale and faults review 2026-11-25, item 5), as a deployment stops a server: it takes no new
 * connection, lets the request under way finish (an upload whose body is still arriving) on a kept-alive
 * connection, closes the store and exits 0, without waiting for the client's idle connection to time out.
 * The server is its own process; on the embedded store and, in the api-postgres project, on PostgreSQL.
 */

const PASSWORD = 'kiln-demo';
let dataDir: string;
let server: ChildServer;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-shutdown-'));
  server = await startChildServer({
    DATA_DIR: dataDir,
    JWT_SECRET: 'shutdown-test-secret-that-is-long-enough',
    // PostgreSQL refuses to start without it (every server sharing the database signs with one key)
    PACKAGE_SIGNING_KEY: TEST_PACKAGE_SIGNING_KEY,
    DEMO_PASSWORD: PASSWORD,
    DEMO_LOG_COUNT: '3',
    SEED_DEMO: '1',
    SHUTDOWN_TIMEOUT_MS: '120000',
    ...(process.env.KILN_TEST_STORE === 'postgres'
      ? { DATABASE_URL: await createDatabase(inject('postgresUrl')!, 'kc_shutdown'), FILE_SWEEP_GRACE_MINUTES: '0' }
      : {}),
  });
}, 120_000);
afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(what: string, ok: () => boolean, withinMs = 60_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${withinMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A demo account's token, through POST /api/auth of the server process. */
async function login(username: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  return res.text();
}

describe('SIGTERM', () => {
  it('refuses new connections, finishes the upload under way, closes the store and exits 0', async () => {
    const token = await login('uploader');
    const admin = await login('kilnadmin');
    const { facilities } = (await (
      await fetch(`${server.url}/api/facilities`, { headers: { Authorization: `Bearer ${admin}` } })
    ).json()) as { facilities: Facility[] };
    const csv = Buffer.from(
      burnCsv(
        'CG1-0007',
        facilities.find((f) => f.id === 1)!,
      ),
    );

    // a kept-alive connection, as a browser or a balancer holds one
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/kilnlogs/upload`, {
        method: 'POST',
        agent,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', 'Content-Length': String(csv.length) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write(csv.subarray(0, csv.length >> 1));
      // the rest of the body follows only once the server is draining
      void until('the drain', () => server.output().includes('SIGTERM: no new connections')).then(
        () => req.end(csv.subarray(csv.length >> 1)),
        reject,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.process.kill('SIGTERM');
    await until('the drain', () => server.output().includes('SIGTERM: no new connections'));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    const upload = await answered;
    expect(upload.status, upload.body).toBe(201);
    await until('the exit', () => server.process.exitCode !== null);
    expect(server.process.exitCode, server.output()).toBe(0);
    expect(server.output()).toContain('Stopped: every request finished, the store closed.');
    agent.destroy();
  });
});
