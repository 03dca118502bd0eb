#!/usr/bin/env node
// Runs every suite (Vitest: unit, components, API; Playwright: browser) even
// when an earlier one fails, then prints one line "N passed, M failed" for all
// of them together. Exits non-zero when anything failed or a suite crashed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'tests', '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const suites = [];

// Lint (eslint.config.js): every file checked counts as one test, a file with errors as a failure.
const lintReport = path.join(reports, 'eslint.json');
const lintStatus = run(bin('eslint'), ['.', '--format', 'json', '--output-file', lintReport]);
const linted = readJson(lintReport);
if (lintStatus !== 0) run(bin('eslint'), ['.']); // print the problems readably
suites.push({
  name: 'eslint',
  passed: linted ? linted.filter((f) => f.errorCount === 0).length : 0,
  failed: linted
    ? linted.filter((f) => f.errorCount > 0).length + (lintStatus !== 0 && linted.every((f) => f.errorCount === 0) ? 1 : 0)
    : 1,
});

// Formatting (.prettierrc.json, npm run format): each unformatted file is a failure, a formatted tree one pass.
const formatRun = spawnSync(bin('prettier'), ['--list-different', '**/*.{ts,tsx,js,mjs,cjs}'], { cwd: root, encoding: 'utf8' });
const unformatted = (formatRun.stdout ?? '').split('\n').filter(Boolean);
if (formatRun.status !== 0)
  console.log(`Not formatted as Prettier formats them (npm run format):\n${unformatted.join('\n')}${formatRun.stderr ?? ''}`);
suites.push({
  name: 'prettier',
  passed: formatRun.status === 0 ? 1 : 0,
  failed: formatRun.status === 0 ? 0 : Math.max(unformatted.length, 1),
});

const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
suites.push({
  name: 'vitest',
  passed: vitest?.numPassedTests ?? 0,
  // a crash before the report counts as a failure, never as a silent pass
  failed: vitest ? vitest.numFailedTests + (vitestStatus !== 0 && vitest.numFailedTests === 0 ? 1 : 0) : 1,
});

// Every API file runs on both stores; where no PostgreSQL exists the second run
// is left out (vite.config.ts says so): its tests count as skipped, never as passed.
const apiRuns = new Map();
for (const file of vitest?.testResults ?? []) {
  const name = path.relative(root, file.name);
  if (name.startsWith(`tests${path.sep}api${path.sep}`)) apiRuns.set(name, [...(apiRuns.get(name) ?? []), file.assertionResults.length]);
}
const onBothStores = [...apiRuns].filter(([name]) => !name.endsWith('embeddedStore.test.ts'));
if (onBothStores.length > 0 && onBothStores.every(([, runs]) => runs.length === 1)) {
  const skipped = onBothStores.reduce((n, [, runs]) => n + runs[0], 0);
  console.log(`api-postgres: ${skipped} skipped (no PostgreSQL on this machine: the API tests ran on the embedded store only)`);
}

const playwrightReport = path.join(reports, 'playwright.json');
const playwrightStatus = run(bin('playwright'), ['test', '-c', 'tests/playwright.config.ts', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
const stats = readJson(playwrightReport)?.stats;
suites.push({
  name: 'playwright',
  passed: stats ? stats.expected + stats.flaky : 0,
  failed: stats ? stats.unexpected + (playwrightStatus !== 0 && stats.unexpected === 0 ? 1 : 0) : 1,
});

// the failed tests by name, last, where a log's tail shows them
const failedNames = [
  ...(vitest?.testResults ?? []).flatMap((file) =>
    file.assertionResults.filter((t) => t.status === 'failed').map((t) => `vitest: ${path.relative(root, file.name)} > ${t.fullName}`),
  ),
  ...(vitest?.testResults ?? [])
    .filter((file) => file.status === 'failed' && file.assertionResults.length === 0)
    .map((file) => `vitest: ${path.relative(root, file.name)} (${file.message})`),
];
const specsOf = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
for (const spec of (readJson(playwrightReport)?.suites ?? []).flatMap(specsOf))
  if (!spec.ok) failedNames.push(`playwright: ${spec.file}:${spec.line} > ${spec.title}`);
if (failedNames.length > 0) console.log(`Failed:\n${failedNames.join('\n')}`);

const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
for (const s of suites) console.log(`${s.name}: ${s.passed} passed, ${s.failed} failed`);
const summary = `${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(reports, 'summary.txt'), summary + '\n');
console.log(summary);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
