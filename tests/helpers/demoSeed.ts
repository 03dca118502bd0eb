import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../mock-server/app';
import { configFromEnv } from '../../mock-server/config';
import type { EmbeddedShape } from '../../mock-server/store/embedded/state';

/**
 * A data directory the demo seed filled with `demoLogCount` logs, the embedded store's db.json
 * in it read back: the records a test did not shape. The caller removes `dir`.
 */
export async function demoSeed(demoLogCount: number): Promise<{ dir: string; state: EmbeddedShape }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-demo-seed-'));
  const server = await createApp({
    ...configFromEnv({}),
    dataDir: dir,
    demoLogCount,
    serveConsole: false,
    jwtSecret: 'demo-seed-secret-long-enough-for-hs256',
  });
  server.stop();
  return { dir, state: JSON.parse(fs.readFileSync(path.join(dir, 'db.json'), 'utf8')) as EmbeddedShape };
}
