import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const root = path.resolve(import.meta.dirname, '..');

// Chosen once in the main process; workers inherit them through the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-e2e-'));
// the reset route's secret for this run (fixtures.ts resetData sends it)
process.env.E2E_RESET_SECRET ??= randomBytes(24).toString('hex');

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/globalTeardown.ts',
  outputDir: path.join(root, 'test-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1366, height: 900 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `"${process.execPath}" --import tsx mock-server/start.ts`,
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256',
      NODE_ENV: 'production',
      E2E_RESET: '1',
      // as every test server (tests/helpers/seededTemplate.ts): the specs upload unsigned logs for demo kilns
      DEMO_KILN_KEYS: '0',
      E2E_RESET_SECRET: process.env.E2E_RESET_SECRET,
    },
  },
});
