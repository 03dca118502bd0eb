import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../mock-server/app';
import { configFromEnv, PROJECT_ROOT } from '../../mock-server/config';

export const DIST = path.join(PROJECT_ROOT, 'dist');

export function buildConsole(): void {
  const res = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('vite build failed');
}

/**
 * The built console and a seeded API on a free loopback port, for browser
 * benchmarks; on `dataDir` when given (a benchmark's own seeding), which stop
 * removes too.
 */
export async function startConsoleServer(env: Record<string, string> = {}, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-'))): Promise<{ url: string; stop(): Promise<void> }> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('No built console in dist/: run npm run build first.');
  const { app, stop } = await createApp({ ...configFromEnv(env), dataDir, serveConsole: true });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
