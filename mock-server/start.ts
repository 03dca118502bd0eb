import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { viteBuild } from './consoleBuild';
import { configFromEnv, PROJECT_ROOT } from './config';
import { drain } from './http/shutdown';
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
  if (!viteBuild()) throw new Error('The console build failed.');
}

async function main(): Promise<void> {
  const apiOnly = process.argv.includes('--api-only');
  const config = { ...configFromEnv(), serveConsole: !apiOnly };
  if (!apiOnly) buildConsoleIfNeeded();
  const { app, ctx, lifecycle, stop: release } = await createApp(config);
  const server = app.listen(config.port, () => {
    console.log(`Kiln Console${apiOnly ? ' API' : ''} listening on http://localhost:${config.port} (data in ${config.dataDir})`);
    void reanalyseOutdatedInBackground(ctx);
  });
  applyServerTimeouts(server, config.requestTimeoutMs);
  const stop = (signal: string) => {
    // a second signal while draining stops at once
    if (lifecycle.stopping) process.exit(1);
    console.log(`${signal}: no new connections; finishing the requests under way (at most ${config.shutdownTimeoutMs} ms).`);
    drain(server, lifecycle, config.shutdownTimeoutMs, release).then(
      (clean) => {
        console.log(
          clean ? 'Stopped: every request finished, the store closed.' : 'Stopped: requests still running were cut; the store closed.',
        );
        process.exit(0);
      },
      (err: unknown) => {
        console.error('Stopping failed:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
