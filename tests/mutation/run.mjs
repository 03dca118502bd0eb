#!/usr/bin/env node
// npm run mutation [-- FILE...]: Stryker over the burn analysis, one engine file
// per run (instrumenting them all at once slows every test several times over),
// niced and one process at a time, as the machine is shared. Prints each file's
// score and writes them, with the surviving mutants, to reports/mutation/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const engine = path.join(root, 'mock-server', 'analysis');
const SIMULATOR = new Set(['generate.ts', 'burnPlan.ts', 'prng.ts']);
const files =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : fs
        .readdirSync(engine)
        .filter((f) => f.endsWith('.ts') && !SIMULATOR.has(f))
        .map((f) => `mock-server/analysis/${f}`);

const out = path.join(root, 'reports', 'mutation');
fs.mkdirSync(out, { recursive: true });
// files of earlier runs stay in the summary; a file run again replaces its entry
const summaryFile = path.join(out, 'summary.json');
const summary = fs.existsSync(summaryFile) ? JSON.parse(fs.readFileSync(summaryFile, 'utf8')).filter((f) => !files.includes(f.file)) : [];
for (const file of files) {
  const name = path.basename(file, '.ts');
  const report = path.join(out, `${name}.json`);
  console.log(`\n=== ${file}`);
  // the shared config, narrowed to this file and reporting to its own JSON
  const base = JSON.parse(fs.readFileSync(path.join(root, 'stryker.config.json'), 'utf8'));
  delete base.$schema;
  const config = path.join(out, `${name}.stryker.json`);
  fs.writeFileSync(config, JSON.stringify({ ...base, mutate: [file], jsonReporter: { fileName: path.relative(root, report) } }, null, 2));
  const status = spawnSync('nice', ['-n', '19', path.join(root, 'node_modules', '.bin', 'stryker'), 'run', config], {
    cwd: root,
    stdio: 'inherit',
  }).status;
  let killed = 0;
  let total = 0;
  const survivors = [];
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    for (const [, result] of Object.entries(json.files)) {
      for (const m of result.mutants) {
        if (m.status === 'Ignored' || m.status === 'CompileError') continue;
        total++;
        if (m.status === 'Killed' || m.status === 'Timeout') killed++;
        else
          survivors.push(
            `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${m.status}${m.replacement ? ` → ${m.replacement}` : ''}`,
          );
      }
    }
  } catch {
    console.error(`${file}: no report (stryker exited ${status})`);
  }
  summary.push({ file, killed, total, score: total ? (100 * killed) / total : null, survivors });
  fs.writeFileSync(summaryFile, JSON.stringify(summary, null, 2));
  console.log(`${file}: ${killed} of ${total} mutants killed (${total ? ((100 * killed) / total).toFixed(1) : '–'} %)`);
}
const killed = summary.reduce((s, f) => s + f.killed, 0);
const total = summary.reduce((s, f) => s + f.total, 0);
console.log(`\nAll files: ${killed} of ${total} mutants killed (${total ? ((100 * killed) / total).toFixed(1) : '–'} %)`);
