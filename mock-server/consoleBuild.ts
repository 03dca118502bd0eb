import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from './config';

/** Builds the console into dist/ with the project's own Vite, its output on this process's; says whether the build succeeded. */
export function viteBuild(): boolean {
  const vite = path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  return result.status === 0;
}
