import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const root = path.resolve(import.meta.dirname, '..');

// the reset route's secret for this run (fixtures.ts resetData sends it)
process.env.E2E_RESET_SECRET ??= randomBytes(24).toString('hex');

export default defineConfig({
  testDir: './e2e',
  // the console built once; each worker then starts a server of its own (e2e/workerServer.ts, fixtures.ts)
  globalSetup: './e2e/globalSetup.ts',
  outputDir: path.join(root, 'test-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // spec files side by side, one per worker, each worker on its own server and records; a file's tests in order
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 900 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
