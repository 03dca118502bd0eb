/**
 * The API server on each store: N kiln logs bulk-loaded, then burn-log
 * uploads and kiln-log list pages (a facility filter and a sort) over HTTP,
 * and the server's memory after a full GC.
 *   npm run bench                         (with the other benchmarks)
 *   npm run bench:server                  (alone: embedded at 10,000 logs, PostgreSQL at 10,000 and 100,000)
 *   BENCH_RUNS=postgres:100000 npm run bench:server
 * Starts its own throwaway PostgreSQL cluster, durable (fsync on), and
 * records its section of docs/performance.md.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateBurn, KILN_TYPE } from '../../mock-server/analysis';
import { createApp } from '../../mock-server/app';
import { hashPassword, OWASP_SCRYPT_FLOOR } from '../../mock-server/auth/passwords';
import { configFromEnv, PROJECT_ROOT } from '../../mock-server/config';
import { openStore, type StorageConfig } from '../../mock-server/store/storeConfig';
import { cgo1Kiln } from '../helpers/kilnLogUploads';
import { createDatabase, findPostgresBin, startPostgresCluster } from '../helpers/postgres';
import { addFacility, logRow, random } from '../store/fixtures';
import { replaceSection } from './docSections';
import { newSigningKeyPem } from '../../mock-server/signing/packageSigner';

const RUNS = (process.env.BENCH_RUNS ?? 'embedded:10000,postgres:10000,postgres:100000').split(',').map((run) => {
  const [store, count] = run.split(':');
  return { store: store as 'embedded' | 'postgres', count: Number(count) };
});
const UPLOADS = 60;
const PAGES = 400;
const WARM_UP_PAGES = 40;
const PASSWORD = 'bench-password-1';
const KILNS = ['CG1-0007', 'RTR-0003', 'TFX-0002', 'CG1-0012'];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const MB = (bytes: number) => (bytes / 1e6).toFixed(0);

/** A user, four facilities with a registered C-Go-1 kiln each, and `count` logs, straight into the store. */
async function load(storage: StorageConfig, count: number): Promise<void> {
  const store = await openStore(storage);
  try {
    await store.users.create({
      username: 'bench',
      role: 0,
      password_hash: await hashPassword(PASSWORD, OWASP_SCRYPT_FLOOR),
      facility_ids: [],
      created_ts: new Date().toISOString(),
    });
    const facilities = [
      await addFacility(store, 'NRB'),
      await addFacility(store, 'NKR'),
      await addFacility(store, 'TAS'),
      await addFacility(store, 'RIV'),
    ];
    for (const [i, kilnId] of KILNS.entries()) {
      await store.kilns.create(cgo1Kiln(kilnId, facilities[i].id, '2024-01-01T00:00:00.000Z'));
    }
    const rnd = random(42);
    const BATCH = 10_000;
    for (let first = 0; first < count; first += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - first) }, (_, j) => {
        const i = first + j;
        const k = Math.floor(rnd() * 4);
        return logRow(i + 1, {
          facility: facilities[k],
          kilnId: KILNS[k],
          type: 0,
          logts: new Date(Date.UTC(2025, 5, 1) + Math.floor((i / count) * 548) * 86_400_000).toISOString().slice(0, 19),
          status: rnd() < 0.85 ? 'valid' : rnd() < 0.5 ? 'invalid' : 'error',
          co2: Math.round(rnd() * 40000) / 100,
          fileSize: 100_000,
        });
      });
      await store.kilnLogs.insertMany(rows);
    }
  } finally {
    await store.close();
  }
}

interface Measured {
  line: string;
  store: 'embedded' | 'postgres';
  count: number;
  uploadP50: number;
  pageP95: number;
  heapMB: number;
}

async function measure(store: 'embedded' | 'postgres', storage: StorageConfig, count: number): Promise<Measured> {
  const label = store === 'postgres' ? 'PostgreSQL' : 'embedded';
  let t0 = performance.now();
  await load(storage, count);
  const loadS = (performance.now() - t0) / 1000;
  const { app, stop, ctx } = await createApp({
    ...configFromEnv({}),
    dataDir: storage.dataDir,
    storage: { databaseUrl: storage.databaseUrl, s3: null },
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    packageSigningKey: newSigningKeyPem(),
    serveConsole: false,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  try {
    const auth = await fetch(`${base}/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: PASSWORD }),
    });
    const headers = { Authorization: `Bearer ${await auth.text()}` };
    const facility = { latitude_min: -1.5, latitude_max: -1.1, longitude_min: 36.6, longitude_max: 37.1, wicf: 0.35 };

    const uploads: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      // a demo burn as the seed makes them
      const text = generateBurn({
        kiln_type: KILN_TYPE.CGO1,
        kiln_id: KILNS[i % 4],
        seed: 9000 + i,
        start_ts: Date.UTC(2026, 0, 5 + i, 7, 30),
        facility,
      }).text;
      t0 = performance.now();
      const res = await fetch(`${base}/kilnlogs/upload`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'text/csv' },
        body: text,
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
      uploads.push(performance.now() - t0);
    }

    const pages: number[] = [];
    const storePages: number[] = [];
    const sorts = ['logts', 'co2_removed', 'analysis', 'kiln_id'] as const;
    const rnd = random(7);
    // the uploads' garbage collected and the list's indexes read once, so the pages measure the list alone
    (globalThis as { gc?: () => void }).gc?.();
    for (let i = 0; i < WARM_UP_PAGES + PAGES; i++) {
      const first = Math.floor(rnd() * 20) * 25;
      const facilityId = 1 + (i % 4);
      const sort = { field: sorts[i % sorts.length], order: Math.floor(i / sorts.length) % 2 ? ('ASC' as const) : ('DESC' as const) };
      const query = new URLSearchParams({
        filter: JSON.stringify({ facility_id: facilityId }),
        sort: JSON.stringify([sort.field, sort.order]),
        range: JSON.stringify([first, first + 24]),
      });
      t0 = performance.now();
      const res = await fetch(`${base}/kilnlogs?${query}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
      if (i >= WARM_UP_PAGES) pages.push(performance.now() - t0);
      // the same page straight from the store: what the database costs, without HTTP, token check and JSON
      t0 = performance.now();
      await ctx.data.kilnLogs.list(
        { archived: false, facilityIds: null },
        { facilityIds: new Set([facilityId]) },
        { sort, range: [first, first + 24] },
      );
      if (i >= WARM_UP_PAGES) storePages.push(performance.now() - t0);
    }
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    const ms = (xs: number[], p: number) => `${pct(xs, p).toFixed(1)} ms`;
    const line = `| ${label} | ${count.toLocaleString('en')} | ${ms(uploads, 50)} | ${ms(uploads, 95)} | ${ms(pages, 50)} | ${ms(pages, 95)} | ${ms(storePages, 95)} | ${MB(memory.heapUsed)} MB heap, ${MB(memory.rss)} MB RSS | ${loadS.toFixed(1)} s | ${os.loadavg()[0].toFixed(1)} |`;
    console.log(line);
    return { line, store, count, uploadP50: pct(uploads, 50), pageP95: pct(pages, 95), heapMB: memory.heapUsed / 1e6 };
  } finally {
    server.close();
    await stop();
  }
}

export const SERVER_STORE_HEADING = '## The API server on each store';

/** Measures each run (a throwaway durable PostgreSQL cluster for those on PostgreSQL) and answers the section of docs/performance.md. */
export async function benchServerStores(runs = RUNS): Promise<string> {
  const results: Measured[] = [];
  const notes: string[] = [];
  const bin = runs.some((r) => r.store === 'postgres') ? findPostgresBin() : null;
  const cluster = bin ? await startPostgresCluster(bin, { durable: true }) : null;
  try {
    for (const run of runs) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-server-'));
      try {
        if (run.store === 'postgres' && !cluster) {
          notes.push(`PostgreSQL at ${run.count.toLocaleString('en')} logs: not measured, no PostgreSQL binaries on this machine.`);
          continue;
        }
        console.log(`Server on ${run.store} with ${run.count.toLocaleString('en')} logs...`);
        const databaseUrl = run.store === 'postgres' ? await createDatabase(cluster!.adminUrl, 'kc_bench') : null;
        results.push(await measure(run.store, { dataDir, databaseUrl, s3: null }, run.count));
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await cluster?.stop();
  }
  return [
    SERVER_STORE_HEADING,
    '',
    `Produced by \`npm run bench\` (alone: \`npm run bench:server\`, tests/bench/serverStore.bench.ts), ${new Date().toISOString().slice(0, 10)}, on`,
    `${os.cpus().length} cores, Node ${process.version}, niced, while others used the machine (its load average in the last column): the server`,
    'in-process on the embedded store or on a throwaway durable PostgreSQL (fsync on), the logs',
    `bulk-loaded, then ${UPLOADS} uploads of a demo burn (\`POST /api/kilnlogs/upload\`, analysis included) and ${PAGES} list pages`,
    '(`GET /api/kilnlogs`, one facility, sorted by log time, CO2, analysis or kiln id, both directions, 25 rows from',
    `the first 500, token check included; after a full GC and ${WARM_UP_PAGES} unmeasured pages), over HTTP on loopback.`,
    'Each page is asked of the store directly too, right after it (the store call: the database work alone). Memory: the whole',
    'bench process after a full GC, the loaded rows dropped; "flat" means under 10 MB more heap at the largest count than at the smallest.',
    '',
    '| Store | Logs | Upload p50 | Upload p95 | List page p50 | List page p95 (facility filter, sort, 25 rows) | Store call p95 | Server memory after GC | Bulk load | Load average |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.map((r) => r.line),
    ...(notes.length ? ['', ...notes] : []),
    '',
    ...againstGoals(results),
    '',
  ].join('\n');
}

/** The goals at 100,000 logs on PostgreSQL, each said met or not from this run's figures. */
function againstGoals(results: readonly Measured[]): string[] {
  const onPostgres = results.filter((r) => r.store === 'postgres').sort((a, b) => a.count - b.count);
  const largest = onPostgres[onPostgres.length - 1];
  if (!largest) return ['Goals at 100,000 logs on PostgreSQL (upload p50 < 50 ms, list page p95 < 20 ms, memory flat): not measured.'];
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const smallest = onPostgres[0];
  const heapGrowth = largest.heapMB - smallest.heapMB;
  return [
    `Against the goals at ${largest.count.toLocaleString('en')} logs on PostgreSQL: upload p50 ${largest.uploadP50.toFixed(1)} ms (< 50 ms, ${met(largest.uploadP50 < 50)});`,
    `list page p95 ${largest.pageP95.toFixed(1)} ms (< 20 ms, ${met(largest.pageP95 < 20)}); heap ${smallest.heapMB.toFixed(0)} MB at ${smallest.count.toLocaleString('en')} logs and`,
    `${largest.heapMB.toFixed(0)} MB at ${largest.count.toLocaleString('en')} (flat: ${met(heapGrowth < 10)}).`,
  ];
}

/** Puts a section (from its heading to the next "## " heading) into the performance document, replacing the one there. */
/** Records a section (its first line is its heading) in docs/performance.md, leaving the others as they are. */
export function writeSection(file: string, section: string): void {
  replaceSection(file, section.slice(0, section.indexOf('\n')), section);
}

// run alone (npm run bench:server): measure and record the section
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchServerStores()
    .then((section) => {
      writeSection(path.join(PROJECT_ROOT, 'docs', 'performance.md'), section);
      console.log(section);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
