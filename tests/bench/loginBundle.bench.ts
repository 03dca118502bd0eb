import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { DIST, startConsoleServer } from './consoleServer';

export interface BundleFigure {
  files: { name: string; gzipBytes: number }[];
  totalGzipBytes: number;
}

/**
 * Opens the login screen in Chromium and adds up the gzip size of every
 * JavaScript file the browser actually requested (entry, preloads, lazy chunks).
 */
export async function measureLoginBundle(): Promise<BundleFigure> {
  const server = await startConsoleServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('.js') || url.pathname.endsWith('.mjs')) scripts.add(url.pathname);
    });
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = [...scripts].map((p) => ({
      name: p.replace(/^\//, ''),
      gzipBytes: gzipSync(fs.readFileSync(path.join(DIST, p)), { level: 9 }).length,
    }));
    return { files, totalGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
  } finally {
    await browser.close();
    await server.stop();
  }
}
