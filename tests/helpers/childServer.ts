import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../../mock-server/config';

/**
 * The API server as its own process (`mock-server/start.ts --api-only`), as
 * `npm start` runs it: for tests that must kill it outright and start it
 * again on the same data, and for load from a second process.
 */

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** what it printed, for a failure message */
  output(): string;
  /** SIGKILL: no shutdown handler runs, the store gets no chance to finish */
  kill(): Promise<void>;
  /** SIGTERM and wait */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export async function startChildServer(env: Record<string, string>, readyWithinMs = 90_000): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'mock-server', 'start.ts'), '--api-only'], {
    cwd: PROJECT_ROOT,
    // as the in-process test servers (tests/helpers/seededTemplate.ts): the tests upload unsigned logs for demo kilns
    env: { ...process.env, DEMO_KILN_KEYS: '0', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server was not ready within ${readyWithinMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

export interface ApiAnswer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

/** One call to a server's API over HTTP, its body JSON unless a content type is given; a hang is a failure (30 s), not a stuck test. */
export async function callApi(
  url: string,
  method: string,
  route: string,
  token: string | null,
  body?: string,
  contentType = 'application/json',
): Promise<ApiAnswer> {
  const res = await fetch(`${url}/api${route}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': contentType } : {}) },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as Record<string, unknown>,
  };
}

/** Asks until `ok` holds; the answers on the way are returned for their own checks. */
export async function until<T>(ask: () => Promise<T>, ok: (answer: T) => boolean, withinMs = 60_000): Promise<T[]> {
  const seen: T[] = [];
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answer = await ask();
    seen.push(answer);
    if (ok(answer)) return seen;
    if (Date.now() > deadline) throw new Error(`not reached within ${withinMs} ms; last answer ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
