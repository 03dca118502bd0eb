import { createApp } from './app';
import { buildConsoleIfNeeded } from './consoleBuild';
import { configFromEnv } from './config';
import { drain } from './http/shutdown';
import { applyServerTimeouts } from './http/serverTimeouts';
import { reanalyseOutdatedInBackground } from './kilnlogs/reanalyseOutdated';

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
