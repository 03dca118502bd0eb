#!/usr/bin/env node
// Prints reports/mutation/summary.json (written by run.mjs) as Markdown: the
// score per file and every surviving mutant, for docs/analysis.md.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const summary = JSON.parse(fs.readFileSync(path.join(root, 'reports', 'mutation', 'summary.json'), 'utf8'));
const pct = (k, t) => (t ? `${((100 * k) / t).toFixed(1)} %` : '–');
console.log('| file | killed | mutants | score |\n| --- | --- | --- | --- |');
for (const f of summary) console.log(`| ${f.file} | ${f.killed} | ${f.total} | ${pct(f.killed, f.total)} |`);
const killed = summary.reduce((s, f) => s + f.killed, 0);
const total = summary.reduce((s, f) => s + f.total, 0);
console.log(`| all of the above | ${killed} | ${total} | ${pct(killed, total)} |\n`);
for (const f of summary) {
  console.log(`Surviving in ${f.file} (${f.survivors.length}):`);
  for (const s of f.survivors) {
    const line = s.replace(/\s+/g, ' ');
    console.log(`- \`${line.length > 140 ? `${line.slice(0, 140)}…` : line}\``);
  }
  console.log('');
}
