// npm run load: drives a started server from this second process on loopback
// (autocannon) and records the figures in docs/performance.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../../mock-server/config';
import { replaceSection } from '../bench/docSections';
import { startChildServer, type ChildServer } from '../helpers/childServer';
import { createDatabase, findPostgresBin, startPostgresCluster, type PostgresCluster } from '../helpers/postgres';
import { runScenario, scenarios, type ScenarioFigure, type Target } from './loadScenarios';

const USAGE = `Usage: npm run load -- [--store embedded|postgres|both] [--logs N] [--duration S]
                      [--database-url URL --data-dir DIR]

Starts the server on the embedded store with the demo data and on a throwaway
PostgreSQL with N burn logs (default 100000), then drives each with autocannon
from this process: kiln-log list pages and the carbon summary for 50 users
clicking once a second, uploads from a fleet sending five a second, mints from
brokers five a second, and list pages flat out.
Records p50/p95/p99, errors and the server's memory in docs/performance.md.
--database-url and --data-dir drive a PostgreSQL database seeded before
(npm run seed with DATABASE_URL and DATA_DIR; N says how many logs it holds)
instead of seeding a throwaway one.`;

const PASSWORD = 'kiln-demo';
const HEADING = '## Load (npm run load)';

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return res.text();
}

async function drive(label: string, server: ChildServer, durationS: number): Promise<{ label: string; figures: ScenarioFigure[] }> {
  const target: Target = {
    url: server.url,
    pid: server.process.pid!,
    tokens: { superadmin: await login(server.url, 'superadmin'), uploader: await login(server.url, 'uploader') },
  };
  const figures: ScenarioFigure[] = [];
  for (const scenario of await scenarios(target, 3000)) {
    console.log(`${label}: ${scenario.name}, ${scenario.connections} connections, ${durationS} s...`);
    const figure = await runScenario(target, scenario, durationS);
    console.log(`  ${figure.requests} requests, p50 ${figure.p50Ms} ms, p95 ${figure.p95Ms} ms, p99 ${figure.p99Ms} ms, ${figure.errors} errors, RSS ${figure.rssMb.start}→${figure.rssMb.end} MB, load average ${figure.loadAverage}`);
    figures.push(figure);
  }
  return { label, figures };
}

function seedPostgres(databaseUrl: string, dataDir: string, logs: number): void {
  console.log(`Seeding ${logs.toLocaleString('en')} burn logs on PostgreSQL...`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'mock-server', 'seed', 'cli.ts')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_LOG_COUNT: String(logs), DEMO_PASSWORD: PASSWORD },
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('The seed failed.');
}

async function drivePostgres(label: string, databaseUrl: string, dataDir: string, env: Record<string, string>, durationS: number) {
  const server = await startChildServer({ ...env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  try {
    return await drive(label, server, durationS);
  } finally {
    await server.stop();
  }
}

function table(runs: { label: string; figures: ScenarioFigure[] }[]): string[] {
  return [
    '| store | call | connections | rate | requests | p50 | p95 | p99 | errors | goal p95 | server memory (RSS) start → most → end | load average |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.flatMap(({ label, figures }) =>
      figures.map(
        (f) =>
          `| ${label} | ${f.name} | ${f.connections} | ${f.ratePerSecond ? `${f.ratePerSecond}/s` : 'flat out'} | ${f.requests.toLocaleString('en')} | ${f.p50Ms} ms | ${f.p95Ms} ms | ${f.p99Ms} ms | ${f.errors} | ${f.goalP95Ms ? `< ${f.goalP95Ms} ms` : ''} | ${f.rssMb.start} → ${f.rssMb.max} → ${f.rssMb.end} MB | ${f.loadAverage} |`,
      ),
    ),
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      store: { type: 'string', default: 'both' },
      logs: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '15' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const seeded = values['database-url'] && values['data-dir'] ? { databaseUrl: values['database-url'], dataDir: values['data-dir'] } : null;
  if (values.help || !['embedded', 'postgres', 'both'].includes(values.store) || Boolean(values['database-url']) !== Boolean(values['data-dir'])) {
    console.log(USAGE);
    return;
  }
  const durationS = Number(values.duration);
  const logs = Number(values.logs);
  const runs: { label: string; figures: ScenarioFigure[] }[] = [];
  const env = { JWT_SECRET: 'load-test-secret-that-is-long-enough', DEMO_PASSWORD: PASSWORD };

  if (values.store !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-load-'));
    const server = await startChildServer({ ...env, DATA_DIR: dataDir });
    try {
      runs.push(await drive('embedded, demo data', server, durationS));
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (values.store !== 'embedded') {
    const label = `PostgreSQL, ${logs.toLocaleString('en')} logs`;
    if (seeded) {
      runs.push(await drivePostgres(label, seeded.databaseUrl, seeded.dataDir, env, durationS));
    } else {
      const bin = findPostgresBin();
      if (!bin) throw new Error("No PostgreSQL binaries here: install Debian's postgresql, or run with --store embedded.");
      const cluster: PostgresCluster = await startPostgresCluster(bin, { durable: true });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-load-pg-'));
      try {
        const databaseUrl = await createDatabase(cluster.adminUrl, 'kc_load');
        seedPostgres(databaseUrl, dataDir, logs);
        runs.push(await drivePostgres(label, databaseUrl, dataDir, env, durationS));
      } finally {
        await cluster.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }

  const section = [
    HEADING,
    '',
    `Produced by \`npm run load\` (tests/load/run.ts) on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}: the server started as \`npm start\` runs it, driven by autocannon from a second process on loopback for ${durationS} s per call (a rate of N/s is N users, each an autocannon client clicking once a second, their seconds staggered evenly; flat out is 50 connections asking as fast as the server answers: the ceiling, and what requests arriving all at once cost), every request a new one (uploads each a new burn of a registered kiln). Latency is per request, from autocannon's response times; errors are non-2xx answers, timeouts and connection errors; memory is the server process's resident set, sampled every 250 ms; the load average is the machine's 1-minute figure as each call's run ended (${os.cpus().length} cores: above that, other work was waiting for the CPU beside the server and autocannon).`,
    '',
    ...table(runs),
    '',
  ].join('\n');
  replaceSection(path.join(PROJECT_ROOT, 'docs', 'performance.md'), HEADING, section);
  console.log(section);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
