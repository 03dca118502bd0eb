import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createApp } from '../../mock-server/app';
import { viteBuild } from '../../mock-server/consoleBuild';
import { configFromEnv, PROJECT_ROOT } from '../../mock-server/config';

export const DIST = path.join(PROJECT_ROOT, 'dist');

export function buildConsole(): void {
  if (!viteBuild()) throw new Error('vite build failed');
}

/**
 * The built console and a seeded API on a free loopback port, for browser
 * benchmarks; on `dataDir` when given (a benchmark's own seeding), which stop
 * removes too.
 */
export async function startConsoleServer(
  env: Record<string, string> = {},
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-')),
): Promise<{ url: string; stop(): Promise<void> }> {
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

/** A session token of a demo account, as the login screen gets it. */
export async function apiToken(url: string, username = 'kilnadmin'): Promise<string> {
  const auth = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: configFromEnv({}).demoPassword }),
  });
  if (!auth.ok) throw new Error(`login failed: ${auth.status}`);
  return auth.text();
}

/** A tab at 1400 × 900 px (unless told) whose pages take functions compiled by tsx. */
export async function benchPage(browser: Browser, viewport = { width: 1400, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  // tsx (esbuild, keepNames) wraps named functions inside page.evaluate's function in __name(), which the page lacks
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  return page;
}

/** Opens `route` of the console logged in with `token` (in the tab's session storage, where the console keeps it). */
export async function openLoggedIn(
  page: Page,
  url: string,
  token: string,
  route: string,
  waitUntil: 'load' | 'commit' = 'load',
): Promise<void> {
  await page.goto(`${url}/login`);
  await page.evaluate((t) => sessionStorage.setItem('token', t), token);
  await page.goto(`${url}${route}`, { waitUntil });
}
