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
import { startTestBucket, type TestBucket } from '../helpers/s3';
import { addBulkLogs } from './bulkLogs';
import { runScenario, scenarios, type ScenarioFigure, type Target } from './loadScenarios';
import { newSigningKeyPem } from '../../mock-server/signing/packageSigner';

const USAGE = `Usage: npm run load -- [--store embedded|postgres|both] [--logs N] [--servers N]
                      [--seed-logs N] [--duration S] [--warmup S] [--database-url URL --data-dir DIR]

Starts the server on the embedded store with the demo data and on a throwaway
PostgreSQL with N burn logs (default 100000), then drives each with autocannon
from this process: kiln-log list pages and the carbon summary for 50 users
clicking once a second, uploads from a fleet sending five a second, mints from
brokers five a second, inclusion and consistency proofs of the transparency
log twenty a second each, and list pages flat out; each for --duration seconds
(default 15), timed, after --warmup seconds (default 5) untimed.
On PostgreSQL the demo seed makes --seed-logs burns through the upload path
(default 1000), and the bulk path (tests/load/bulkLogs.ts) copies them in SQL up
to N, each copy with its entry in the transparency log, once the servers are up.
--servers runs that many servers on the one database, with a throwaway S3 bucket (s3rver) beside it when more than one, the
users dealt round them as a load balancer would.
Records p50/p95/p99, errors and each server's memory in docs/performance.md.
--database-url and --data-dir drive a PostgreSQL database seeded before
(npm run seed with DATABASE_URL and DATA_DIR, and S3_* in the environment for
more than one server; the bulk path grows it to N) instead of seeding a
throwaway one.`;

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

/** How long each call runs: untimed first, then timed. */
interface Timing {
  warmupS: number;
  durationS: number;
}

async function drive(
  label: string,
  servers: ChildServer[],
  { warmupS, durationS }: Timing,
): Promise<{ label: string; figures: ScenarioFigure[] }> {
  const { url } = servers[0];
  const target: Target = {
    servers: servers.map((server, i) => ({ name: 'ABCDEFGHIJ'[i] ?? `S${i}`, url: server.url, pid: server.process.pid! })),
    tokens: { superadmin: await login(url, 'superadmin'), uploader: await login(url, 'uploader') },
  };
  const figures: ScenarioFigure[] = [];
  for (const scenario of await scenarios(target, 3000)) {
    console.log(`${label}: ${scenario.name}, ${scenario.connections} connections, ${warmupS} s untimed, then ${durationS} s...`);
    const figure = await runScenario(target, scenario, durationS, warmupS);
    console.log(
      `  ${figure.requests} requests, p50 ${figure.p50Ms} ms, p95 ${figure.p95Ms} ms, p99 ${figure.p99Ms} ms, ${figure.errors} errors, RSS ${memoryText(figure)}, load average ${figure.loadAverage}`,
    );
    if (figure.firstError) console.log(`  first error: ${figure.firstError}`);
    figures.push(figure);
  }
  return { label, figures };
}

const memoryText = (f: ScenarioFigure) =>
  f.memory.map((m) => `${f.memory.length > 1 ? `${m.server} ` : ''}${m.rssMb.start} → ${m.rssMb.max} → ${m.rssMb.end} MB`).join(', ');

function bucketEnv(bucket: TestBucket | null): Record<string, string> {
  if (!bucket) return {};
  const s = bucket.settings;
  return {
    S3_ENDPOINT: s.endpoint,
    S3_BUCKET: s.bucket,
    S3_ACCESS_KEY_ID: s.accessKeyId,
    S3_SECRET_ACCESS_KEY: s.secretAccessKey,
    S3_REGION: s.region,
  };
}

function seedPostgres(env: Record<string, string>, logs: number): void {
  console.log(`Seeding ${logs.toLocaleString('en')} burn logs on PostgreSQL through the upload path...`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'mock-server', 'tools', 'seed-cli.ts')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, DEMO_LOG_COUNT: String(logs) },
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('The seed failed.');
}

/**
 * count servers on the database, each its own DATA_DIR beside dataDir, then the bulk path
 * up to `logs` (after their start: see bulkLogs.ts), then the load.
 */
async function drivePostgres(label: string, env: Record<string, string>, count: number, logs: number, timing: Timing) {
  const servers: ChildServer[] = [];
  const dataDirs = Array.from({ length: count }, (_, i) =>
    i === 0 ? env.DATA_DIR : fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-load-server-')),
  );
  try {
    for (const dataDir of dataDirs) servers.push(await startChildServer({ ...env, DATA_DIR: dataDir }));
    const started = performance.now();
    const added = await addBulkLogs(env.DATABASE_URL, logs, (done, total) => {
      if (done === total || done % 100_000 === 0)
        console.log(`  bulk path: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} logs`);
    });
    if (added > 0)
      console.log(`Bulk path: ${added.toLocaleString('en')} logs added in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    return await drive(label, servers, timing);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dataDir of dataDirs.slice(1)) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(runs: { label: string; figures: ScenarioFigure[] }[]): string[] {
  return [
    '| store | call | connections | rate | requests | p50 | p95 | p99 | errors | goal p95 | server memory (RSS) start → most → end | load average |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.flatMap(({ label, figures }) =>
      figures.map(
        (f) =>
          `| ${label} | ${f.name} | ${f.connections} | ${f.ratePerSecond ? `${f.ratePerSecond}/s` : 'flat out'} | ${f.requests.toLocaleString('en')} | ${f.p50Ms} ms | ${f.p95Ms} ms | ${f.p99Ms} ms | ${f.errors} | ${f.goalP95Ms ? `< ${f.goalP95Ms} ms` : ''} | ${memoryText(f)} | ${f.loadAverage} |`,
      ),
    ),
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      store: { type: 'string', default: 'both' },
      logs: { type: 'string', default: '100000' },
      servers: { type: 'string', default: '1' },
      'seed-logs': { type: 'string', default: '1000' },
      duration: { type: 'string', default: '15' },
      warmup: { type: 'string', default: '5' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const seeded = values['database-url'] && values['data-dir'] ? { databaseUrl: values['database-url'], dataDir: values['data-dir'] } : null;
  if (
    values.help ||
    !['embedded', 'postgres', 'both'].includes(values.store) ||
    Boolean(values['database-url']) !== Boolean(values['data-dir'])
  ) {
    console.log(USAGE);
    return;
  }
  const durationS = Number(values.duration);
  const timing: Timing = { durationS, warmupS: Number(values.warmup) };
  const logs = Number(values.logs);
  const serverCount = Number(values.servers);
  const seedLogs = Math.min(logs, Number(values['seed-logs']));
  const runs: { label: string; figures: ScenarioFigure[] }[] = [];
  // PostgreSQL requires both; every server of the run signs packages with the one key
  const env = { JWT_SECRET: 'load-test-secret-that-is-long-enough', PACKAGE_SIGNING_KEY: newSigningKeyPem(), DEMO_PASSWORD: PASSWORD };

  if (values.store !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-load-'));
    const server = await startChildServer({ ...env, DATA_DIR: dataDir });
    try {
      runs.push(await drive('embedded, demo data', [server], timing));
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (values.store !== 'embedded') {
    const label = `PostgreSQL, ${logs.toLocaleString('en')} logs${serverCount > 1 ? `, ${serverCount} servers` : ''}`;
    if (seeded) {
      runs.push(
        await drivePostgres(label, { ...env, DATA_DIR: seeded.dataDir, DATABASE_URL: seeded.databaseUrl }, serverCount, logs, timing),
      );
    } else {
      const bin = findPostgresBin();
      if (!bin) throw new Error("No PostgreSQL binaries here: install Debian's postgresql, or run with --store embedded.");
      const cluster: PostgresCluster = await startPostgresCluster(bin, { durable: true });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-load-pg-'));
      // several servers share files through a bucket only (docs/operations.md)
      const bucket = serverCount > 1 ? await startTestBucket('kiln-load') : null;
      try {
        const pgEnv = { ...env, ...bucketEnv(bucket), DATA_DIR: dataDir, DATABASE_URL: await createDatabase(cluster.adminUrl, 'kc_load') };
        seedPostgres(pgEnv, seedLogs);
        runs.push(await drivePostgres(label, pgEnv, serverCount, logs, timing));
      } finally {
        await bucket?.stop();
        await cluster.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }

  const section = [
    HEADING,
    '',
    `Produced by \`npm run load\` (tests/load/run.ts) on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, as \`npm run load -- ${process.argv.slice(2).join(' ')}\`: each server started as \`npm start\` runs it (several: on one database and one bucket, each its own process, the users dealt round them as a load balancer deals connections; on PostgreSQL the logs past the demo seed's are the bulk path's copies, tests/load/bulkLogs.ts), driven by autocannon from a second process on loopback for ${durationS} s per call after ${timing.warmupS} s untimed (a server's first calls of a route compile its request validator and prime the pool's connections; a warm-up's errors still count; a rate of N/s is N users, each an autocannon client clicking once a second, their seconds staggered evenly; flat out is 50 connections asking as fast as the server answers: the ceiling, and what requests arriving all at once cost), every request a new one (uploads each a new burn of a registered kiln). Latency is per request, from autocannon's response times; errors are non-2xx answers, timeouts and connection errors; memory is each server process's resident set, sampled every 250 ms; the load average is the machine's 1-minute figure as each call's run ended (${os.cpus().length} cores: above that, other work was waiting for the CPU beside the server and autocannon).`,
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
