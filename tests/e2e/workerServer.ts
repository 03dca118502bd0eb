import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 240_000;

/** The test server of one Playwright worker: its own port and DATA_DIR, so workers never share records. */
export interface WorkerServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the test server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the test server did not answer within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** Starts mock-server/start.ts as the browser tests run it (the console built by globalSetup.ts) and waits for its health check. */
export async function startWorkerServer(): Promise<WorkerServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/start.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256',
      NODE_ENV: 'production',
      E2E_RESET: '1',
      // as every test server (tests/helpers/seededTemplate.ts): the specs upload unsigned logs for demo kilns
      DEMO_KILN_KEYS: '0',
    },
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
