import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createApp, type KilnConsoleServer } from '../../mock-server/app';
import type { ServerConfig } from '../../mock-server/config';
import { loginAll, usersWithout, type DemoUsername } from './configure';
import { createDatabase } from './postgres';
import { DEMO_PASSWORD, testServerConfig } from './seededTemplate';

export { DEMO_PASSWORD } from './seededTemplate';

export interface TestServer extends KilnConsoleServer {
  dataDir: string;
  http: ReturnType<typeof request>;
  /** logs in through POST /api/auth and returns the token */
  login(username: string, password?: string): Promise<string>;
  close(): void;
}

/** Settings that change what the seed stores: a server given one seeds its own data. */
const SHAPES_THE_SEED: readonly (keyof ServerConfig)[] = ['dataDir', 'demoLogCount', 'demoKilnKeys', 'demoPassword', 'storage'];

/**
 * The store the API tests run on: the embedded one, or PostgreSQL in the
 * api-postgres project (KILN_TEST_STORE=postgres), a fresh database cloned
 * from the run's seeded template when there is one.
 */
async function testDatabaseUrl(template: string | null): Promise<string | null> {
  if (process.env.KILN_TEST_STORE !== 'postgres') return null;
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('The api-postgres tests need a PostgreSQL cluster.');
  return createDatabase(adminUrl, 'kc_api', template ?? undefined);
}

/**
 * A copy of a data directory as the server left it, modes included: Node 24's
 * fs.cpSync makes the directories it creates with the process umask (0755),
 * where the server keeps its own 0700.
 */
function copyWithModes(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true });
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const source = path.join(entry.parentPath, entry.name);
    fs.chmodSync(path.join(to, path.relative(from, source)), fs.statSync(source).mode & 0o777);
  }
}

/**
 * The real API server in-process on a fresh temporary DATA_DIR (and a fresh
 * PostgreSQL database in the api-postgres project), with the demo data,
 * checking every JSON answer against openapi.yaml. The demo data is a copy
 * of the run's seeded template (tests/helpers/apiGlobalSetup.ts) unless the
 * overrides change what the seed stores.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const template = SHAPES_THE_SEED.some((key) => key in overrides) ? null : (inject('apiTemplate') ?? null);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-api-'));
  if (template) copyWithModes(template.dataDir, dataDir);
  const databaseUrl = await testDatabaseUrl(template?.databaseName ?? null);
  const config: ServerConfig = { ...testServerConfig(dataDir, databaseUrl), ...overrides };
  const server = await createApp(config);
  // on PostgreSQL the start-up sweep runs in the background: no test races it
  await server.fileSweep.done;
  const http = request(server.app);
  return {
    ...server,
    dataDir: config.dataDir,
    http,
    async login(username, password = DEMO_PASSWORD) {
      const res = await http.post('/api/auth').send({ username, password });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status}`);
      return res.text;
    },
    close() {
      server.stop().catch((err: unknown) => console.error('Closing the test store failed:', err));
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      if (config.dataDir !== dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A supertest parser keeping an answer's bytes as they came: `.buffer(true).parse(binaryBody)` answers a Buffer body. */
export const binaryBody = (res: Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Every key the server's files hold (its folder or bucket), in listing order. */
export async function storedKeys(server: Pick<KilnConsoleServer, 'ctx'>): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of server.ctx.blobs.list()) keys.push(key);
  return keys;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A seeded test server and a token for every demo account. */
export async function startWithTokens(
  overrides: Partial<ServerConfig> = {},
): Promise<{ server: TestServer; tokens: Record<DemoUsername, string> }> {
  const server = await startTestServer(overrides);
  return { server, tokens: await loginAll(server) };
}

/** A test file's server with a token for every demo account, read once its beforeAll has run. */
export interface TestServerWithTokens {
  readonly server: TestServer;
  readonly tokens: Record<DemoUsername, string>;
  /** the Authorization header of a demo account */
  as(who: DemoUsername): { Authorization: string };
}

/**
 * The API test file's setup: starts a seeded server and logs every demo
 * account in before the file's tests, and closes the server after them.
 */
export function useTestServer(overrides: Partial<ServerConfig> = {}): TestServerWithTokens {
  let started: { server: TestServer; tokens: Record<DemoUsername, string> } | undefined;
  beforeAll(async () => {
    started = await startWithTokens(overrides);
  });
  afterAll(() => started?.server.close());
  const get = () => {
    if (!started) throw new Error('The test server is read before its beforeAll has started it.');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get tokens() {
      return get().tokens;
    },
    as: (who) => bearer(get().tokens[who]),
  };
}

/**
 * The refusals of a GET only the `allowed` demo accounts may make: 403 to
 * every other account (the title naming the rule they lack, when given), 401 without a token.
 */
export function itRefusesAllBut(api: TestServerWithTokens, path: string, allowed: readonly DemoUsername[], rule?: string): void {
  it.each(usersWithout(allowed))(`answers 403 to %s${rule ? ` (no ${rule})` : ''}`, async (who) => {
    expect((await api.server.http.get(path).set(api.as(who))).status).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await api.server.http.get(path)).status).toBe(401);
  });
}

/** A test server listening on a loopback port, for clients that speak HTTP themselves (the CLIs). */
export interface ListeningTestServer {
  server: TestServer;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startListeningTestServer(overrides: Partial<ServerConfig> = {}): Promise<ListeningTestServer> {
  const server = await startTestServer(overrides);
  const listening = server.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  return {
    server,
    baseUrl: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => listening.close(resolve));
      server.close();
    },
  };
}
