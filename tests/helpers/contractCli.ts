import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../mock-server/config';
import { DEMO_PASSWORD } from './seededTemplate';

/** Runs the contract check as `npm run contract` does, as a demo account against a listening server; answers its output lines. */
export async function runContractCli(baseUrl: string, user: string, ...flags: string[]): Promise<string[]> {
  const cli = path.join(PROJECT_ROOT, 'mock-server/tools/contract-cli.ts');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', cli, '--base-url', baseUrl, '--user', user, '--password', DEMO_PASSWORD, ...flags],
    { cwd: PROJECT_ROOT },
  );
  return stdout.trim().split('\n');
}
