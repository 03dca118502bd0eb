import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { configFromEnv, PROJECT_ROOT } from './config';
import { applyServerTimeouts } from './http/serverTimeouts';
import { reanalyseOutdatedInBackground } from './kilnlogs/reanalyseOutdated';

const CONSOLE_SOURCES = ['src', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** Builds the console when dist/ is missing or older than its sources. */
function buildConsoleIfNeeded(): void {
  const builtIndex = path.join(PROJECT_ROOT, 'dist', 'index.html');
  const sources = CONSOLE_SOURCES.map((p) => path.join(PROJECT_ROOT, p)).filter((p) => fs.existsSync(p));
  if (fs.existsSync(builtIndex) && fs.statSync(builtIndex).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log('Building the console...');
  const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The console build failed.');
}

async function main(): Promise<void> {
  const apiOnly = process.argv.includes('--api-only');
  const config = { ...configFromEnv(), serveConsole: !apiOnly };
  if (!apiOnly) buildConsoleIfNeeded();
  const { app, ctx } = await createApp(config);
  const server = app.listen(config.port, () => {
    console.log(`Kiln Console${apiOnly ? ' API' : ''} listening on http://localhost:${config.port} (data in ${config.dataDir})`);
    reanalyseOutdatedInBackground(ctx);
  });
  applyServerTimeouts(server, config.requestTimeoutMs);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
