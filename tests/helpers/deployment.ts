import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { inject } from 'vitest';
import { createApp, type KilnConsoleServer } from '../../mock-server/app';
import type { ServerConfig } from '../../mock-server/config';
import { createDatabase } from './postgres';
import { startTestBucket, type TestBucket } from './s3';
import { DEMO_PASSWORD, testServerConfig } from './seededTemplate';

/**
 * Several API servers on one PostgreSQL database and one bucket, as behind a
 * load balancer (docs/operations.md): each its own process state (its own
 * DATA_DIR, pool, timers and in-memory throttles), all in this process so a
 * test reaches each one's store and answers directly. Starts from an empty
 * database and bucket; servers can be stopped and started again on them, so
 * tests of restarts and outages can build on it.
 */

export interface DeployedServer extends KilnConsoleServer {
  /** 'A', 'B', ... in start order */
  name: string;
  dataDir: string;
  http: ReturnType<typeof request>;
  login(username: string, password?: string): Promise<string>;
  /** closes its store and removes its DATA_DIR */
  stop(): Promise<void>;
}

export interface Deployment {
  databaseUrl: string;
  bucket: TestBucket;
  servers: DeployedServer[];
  /** starts one more server on the same database and bucket (a replica, or a restart) */
  start(overrides?: Partial<ServerConfig>): Promise<DeployedServer>;
  /** stops every server, then the bucket */
  stop(): Promise<void>;
}

const NAMES = 'ABCDEFGHIJ';

/**
 * count servers started at the same moment on a fresh database and bucket, with
 * the test servers' settings (tests/helpers/seededTemplate.ts: a shared JWT_SECRET,
 * SEED_DEMO=1) and the overrides.
 */
export async function startDeployment(count: number, overrides: Partial<ServerConfig> = {}): Promise<Deployment> {
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('A deployment of several servers needs the PostgreSQL cluster of the api-postgres tests.');
  const databaseUrl = await createDatabase(adminUrl, 'kc_deploy');
  const bucket = await startTestBucket('kiln-deploy');
  const servers: DeployedServer[] = [];

  const start = async (more: Partial<ServerConfig> = {}, name = NAMES[servers.length] ?? `S${servers.length}`): Promise<DeployedServer> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kiln-deploy-${name}-`));
    const config: ServerConfig = {
      ...testServerConfig(dataDir, databaseUrl),
      storage: { databaseUrl, s3: bucket.settings },
      ...overrides,
      ...more,
    };
    let server: KilnConsoleServer;
    try {
      server = await createApp(config);
      // its start-up sweep runs in the background: no test races it
      await server.fileSweep.done;
    } catch (err) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
    const http = request(server.app);
    const deployed: DeployedServer = {
      ...server,
      name,
      dataDir,
      http,
      async login(username, password = DEMO_PASSWORD) {
        const res = await http.post('/api/auth').send({ username, password });
        if (res.status !== 200) throw new Error(`login ${username} on ${name} failed: ${res.status}`);
        return res.text;
      },
      async stop() {
        await server.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
    servers.push(deployed);
    return deployed;
  };

  try {
    // at the same moment, as a deployment tool starts its replicas
    await Promise.all(Array.from({ length: count }, (_, i) => start({}, NAMES[i])));
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop()));
    await bucket.stop();
    throw err;
  }
  servers.sort((a, b) => a.name.localeCompare(b.name));
  return {
    databaseUrl,
    bucket,
    servers,
    start,
    async stop() {
      await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
      await bucket.stop();
    },
  };
}
