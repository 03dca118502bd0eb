import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { inject } from 'vitest';
import { createApp, type KilnConsoleServer } from '../../mock-server/app';
import { configFromEnv, type ServerConfig } from '../../mock-server/config';
import { loginAll, type DemoUsername } from './configure';
import { createDatabase } from './postgres';

export const DEMO_PASSWORD = 'kiln-demo';

export interface TestServer extends KilnConsoleServer {
  dataDir: string;
  http: ReturnType<typeof request>;
  /** logs in through POST /api/auth and returns the token */
  login(username: string, password?: string): Promise<string>;
  close(): void;
}

/** The store the API tests run on: the embedded one, or PostgreSQL in the api-postgres project (KILN_TEST_STORE=postgres). */
async function testDatabaseUrl(): Promise<string | null> {
  if (process.env.KILN_TEST_STORE !== 'postgres') return null;
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('The api-postgres tests need a PostgreSQL cluster.');
  return createDatabase(adminUrl, 'kc_api');
}

/**
 * The real API server in-process on a fresh temporary DATA_DIR (and a fresh
 * PostgreSQL database in the api-postgres project), seeded with the demo
 * data, checking every JSON answer against openapi.yaml.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-api-'));
  const config: ServerConfig = {
    ...configFromEnv({}),
    dataDir,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    demoPassword: DEMO_PASSWORD,
    // a few burn logs are enough for API tests and keep each server start fast
    demoLogCount: 30,
    serveConsole: false,
    validateResponses: true,
    storage: { databaseUrl: await testDatabaseUrl(), s3: null },
    ...overrides,
  };
  const server = await createApp(config);
  const http = request(server.app);
  return {
    ...server,
    dataDir,
    http,
    async login(username, password = DEMO_PASSWORD) {
      const res = await http.post('/api/auth').send({ username, password });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status}`);
      return res.text;
    },
    close() {
      server.stop().catch((err: unknown) => console.error('Closing the test store failed:', err));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A seeded test server and a token for every demo account. */
export async function startWithTokens(): Promise<{ server: TestServer; tokens: Record<DemoUsername, string> }> {
  const server = await startTestServer();
  return { server, tokens: await loginAll(server) };
}
