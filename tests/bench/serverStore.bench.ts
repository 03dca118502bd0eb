/**
 * The API server on each store: N kiln logs bulk-loaded, then burn-log
 * uploads and kiln-log list pages (a facility filter and a sort) over HTTP,
 * and the server's memory after a full GC.
 *   npm run bench:server                  (embedded at 10,000 logs, PostgreSQL at 10,000 and 100,000)
 *   BENCH_RUNS=postgres:100000 npm run bench:server
 * Starts its own throwaway PostgreSQL cluster, durable (fsync on).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generateBurn, KILN_TYPE } from '../../mock-server/analysis';
import { DEFAULT_CALIBRATION } from '../../mock-server/analysis/generate';
import { createApp } from '../../mock-server/app';
import { hashPassword } from '../../mock-server/auth/passwords';
import { configFromEnv } from '../../mock-server/config';
import { openStore, type StorageConfig } from '../../mock-server/store/storeConfig';
import { createDatabase, findPostgresBin, startPostgresCluster } from '../helpers/postgres';
import { addFacility, logRow, random } from '../store/fixtures';

const RUNS = (process.env.BENCH_RUNS ?? 'embedded:10000,postgres:10000,postgres:100000').split(',').map((run) => {
  const [store, count] = run.split(':');
  return { store: store as 'embedded' | 'postgres', count: Number(count) };
});
const UPLOADS = 60;
const PAGES = 200;
const PASSWORD = 'bench-password-1';
const KILNS = ['CG1-0007', 'RTR-0003', 'TFX-0002', 'CG1-0012'];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const MB = (bytes: number) => (bytes / 1e6).toFixed(0);

/** A user, four facilities with a registered C-Go-1 kiln each, and `count` logs, straight into the store. */
async function load(storage: StorageConfig, count: number): Promise<void> {
  const store = await openStore(storage);
  try {
    await store.users.create({ username: 'bench', role: 0, password_hash: await hashPassword(PASSWORD), facility_ids: [], created_ts: new Date().toISOString() });
    const facilities = [await addFacility(store, 'NRB'), await addFacility(store, 'NKR'), await addFacility(store, 'TAS'), await addFacility(store, 'RIV')];
    for (const [i, kilnId] of KILNS.entries()) {
      await store.kilns.create({
        kiln_id: kilnId,
        facility_id: facilities[i].id,
        type: KILN_TYPE.CGO1,
        install_date: '2024-01-01',
        last_update: '2024-01-01T00:00:00.000Z',
        config: JSON.stringify({ cgo1: DEFAULT_CALIBRATION.cgo1 }),
      });
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

async function measure(label: string, storage: StorageConfig, count: number): Promise<string> {
  let t0 = performance.now();
  await load(storage, count);
  const loadS = (performance.now() - t0) / 1000;
  const { app, stop } = await createApp({
    ...configFromEnv({}),
    dataDir: storage.dataDir,
    storage: { databaseUrl: storage.databaseUrl, s3: null },
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    serveConsole: false,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  try {
    const auth = await fetch(`${base}/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'bench', password: PASSWORD }) });
    const headers = { Authorization: `Bearer ${await auth.text()}` };
    const facility = { latitude_min: -1.5, latitude_max: -1.1, longitude_min: 36.6, longitude_max: 37.1, wicf: 0.35 };

    const uploads: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      // a demo burn as the seed makes them
      const text = generateBurn({ kiln_type: KILN_TYPE.CGO1, kiln_id: KILNS[i % 4], seed: 9000 + i, start_ts: Date.UTC(2026, 0, 5 + i, 7, 30), facility }).text;
      t0 = performance.now();
      const res = await fetch(`${base}/kilnlogs/upload`, { method: 'POST', headers: { ...headers, 'Content-Type': 'text/csv' }, body: text });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
      uploads.push(performance.now() - t0);
    }

    const pages: number[] = [];
    const sorts = ['logts', 'co2_removed', 'analysis', 'kiln_id'];
    const rnd = random(7);
    for (let i = 0; i < PAGES; i++) {
      const first = Math.floor(rnd() * 20) * 25;
      const query = new URLSearchParams({
        filter: JSON.stringify({ facility_id: 1 + (i % 4) }),
        sort: JSON.stringify([sorts[i % sorts.length], Math.floor(i / sorts.length) % 2 ? 'ASC' : 'DESC']),
        range: JSON.stringify([first, first + 24]),
      });
      t0 = performance.now();
      const res = await fetch(`${base}/kilnlogs?${query}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
      pages.push(performance.now() - t0);
    }
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    const line = `| ${label} | ${count.toLocaleString('en')} | ${pct(uploads, 50).toFixed(1)} ms | ${pct(uploads, 95).toFixed(1)} ms | ${pct(pages, 95).toFixed(1)} ms | ${MB(memory.heapUsed)} MB heap, ${MB(memory.rss)} MB RSS | ${loadS.toFixed(1)} s |`;
    console.log(line);
    return line;
  } finally {
    server.close();
    await stop();
  }
}

async function main(): Promise<void> {
  const lines: string[] = [];
  const bin = RUNS.some((r) => r.store === 'postgres') ? findPostgresBin() : null;
  const cluster = bin ? await startPostgresCluster(bin, { durable: true }) : null;
  try {
    for (const run of RUNS) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-server-'));
      try {
        if (run.store === 'postgres' && !cluster) {
          console.log('PostgreSQL: no binaries on this machine, not measured.');
          continue;
        }
        const databaseUrl = run.store === 'postgres' ? await createDatabase(cluster!.adminUrl, 'kc_bench') : null;
        lines.push(await measure(run.store === 'postgres' ? 'PostgreSQL' : 'embedded', { dataDir, databaseUrl, s3: null }, run.count));
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await cluster?.stop();
  }
  console.log(['', '| Store | Logs | Upload p50 | Upload p95 | List page p95 (facility filter, sort, 25 rows) | Server memory after GC | Bulk load |', '|---|---|---|---|---|---|---|', ...lines].join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
