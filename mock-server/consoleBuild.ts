import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './projectRoot';

/** Builds the console into dist/ with the project's own Vite, its output on this process's; says whether the build succeeded. */
export function viteBuild(): boolean {
  const vite = path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  return result.status === 0;
}

const CONSOLE_SOURCES = ['src', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** Builds the console when dist/ is missing or older than its sources. */
export function buildConsoleIfNeeded(): void {
  const builtIndex = path.join(PROJECT_ROOT, 'dist', 'index.html');
  const sources = CONSOLE_SOURCES.map((p) => path.join(PROJECT_ROOT, p)).filter((p) => fs.existsSync(p));
  if (fs.existsSync(builtIndex) && fs.statSync(builtIndex).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log('Building the console...');
  if (!viteBuild()) throw new Error('The console build failed.');
}
