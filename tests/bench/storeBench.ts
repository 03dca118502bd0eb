/**
 * Store benchmark: bulk insert of N kiln logs and the kiln-log list page
 * (a facility filter and a sort) on PostgreSQL, beside the embedded store.
 *   npx tsx tests/bench/storeBench.ts            (10,000 logs)
 *   BENCH_LOGS=100000 BENCH_STORES=postgres npx tsx tests/bench/storeBench.ts
 * Starts its own throwaway PostgreSQL cluster (tests/helpers/postgres.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataStore } from '../../mock-server/store/dataStore';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import type { KilnLogRecord } from '../../mock-server/store/model';
import { createDatabase, findPostgresBin, startPostgresCluster } from '../helpers/postgres';
import { addFacility, logRow, random, sha } from '../store/fixtures';

const COUNT = Number(process.env.BENCH_LOGS ?? 10_000);
const PAGES = 200;
/** BENCH_STORES=postgres measures PostgreSQL alone (the embedded store at 100,000 logs takes minutes) */
const STORES = (process.env.BENCH_STORES ?? 'embedded,postgres').split(',');
const KILNS = [
  'CG1-0007',
  'CG1-0012',
  'RTR-0003',
  'CG1-0015',
  'TFX-0002',
  'RTR-0005',
  'TFX-0004',
  'CG1-0021',
  'RTR-0008',
  'TFX-0006',
  'CG1-0024',
  'RTR-0011',
];
/** about the size of a real analysis result (phases, load steps, reasons) */
const PADDING = 'x'.repeat(1200);

const ms = (t0: number) => performance.now() - t0;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function rows(store: DataStore): Promise<KilnLogRecord[]> {
  const facilities = [
    await addFacility(store, 'NRB'),
    await addFacility(store, 'NKR'),
    await addFacility(store, 'TAS'),
    await addFacility(store, 'RIV'),
  ];
  const rnd = random(42);
  return Array.from({ length: COUNT }, (_, i) => {
    const k = Math.floor(rnd() * KILNS.length);
    const day = Math.floor((i / COUNT) * 548);
    const row = logRow(i + 1, {
      facility: facilities[k % 4],
      kilnId: KILNS[k],
      type: k % 3,
      logts: new Date(Date.UTC(2025, 5, 1) + day * 86_400_000 + Math.floor(rnd() * 6) * 3_600_000).toISOString().slice(0, 19),
      status: rnd() < 0.85 ? 'valid' : rnd() < 0.5 ? 'invalid' : 'error',
      co2: Math.round(rnd() * 40000) / 100,
      fileSize: 100_000 + Math.floor(rnd() * 20_000),
    });
    if (row.analysis) row.analysis = row.analysis.replace(/}$/, `,"phases":"${PADDING}"}`);
    return row;
  });
}

async function measure(label: string, store: DataStore): Promise<void> {
  const data = await rows(store);
  let t0 = performance.now();
  await store.kilnLogs.insertMany(data);
  const bulk = ms(t0);

  // single inserts, the store's part of an upload
  const single: number[] = [];
  for (let i = 0; i < 100; i++) {
    const id = await store.kilnLogs.reserveId();
    t0 = performance.now();
    await store.kilnLogs.insert({ ...data[i], id, sha256: sha(`bench ${label} ${i}`) });
    single.push(ms(t0));
  }

  const rnd = random(7);
  const pages: number[] = [];
  const sorts = ['logts', 'co2_removed', 'analysis', 'kiln_id'] as const;
  for (let i = 0; i < PAGES; i++) {
    const first = Math.floor(rnd() * 20) * 25;
    const sort = { field: sorts[i % sorts.length], order: Math.floor(i / sorts.length) % 2 ? ('ASC' as const) : ('DESC' as const) };
    t0 = performance.now();
    await store.kilnLogs.list(
      { archived: false, facilityIds: null },
      { facilityIds: new Set([1 + (i % 4)]) },
      { sort, range: [first, first + 24] },
    );
    pages.push(ms(t0));
  }
  const line = (name: string, xs: number[]) => `${name} p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;
  const perSort = sorts
    .map(
      (field, k) =>
        `${field} p95 ${pct(
          pages.filter((_, i) => i % sorts.length === k),
          95,
        ).toFixed(1)} ms`,
    )
    .join(', ');
  console.log(
    `${label}, ${COUNT} logs: bulk insert ${(bulk / 1000).toFixed(2)} s (${Math.round(COUNT / (bulk / 1000))} rows/s); ${line('single insert', single)}; ${line('list page (facility filter, sort, 25 rows)', pages)} (${perSort})`,
  );
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-store-'));
  try {
    if (STORES.includes('embedded')) await measure('embedded', new EmbeddedStore(dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!STORES.includes('postgres')) return;
  const bin = findPostgresBin();
  if (!bin) {
    console.log('PostgreSQL: no binaries on this machine, not measured.');
    return;
  }
  const cluster = await startPostgresCluster(bin, { durable: true });
  try {
    const store = await PostgresStore.open(await createDatabase(cluster.adminUrl, 'kc_bench'));
    try {
      await measure('PostgreSQL', store);
    } finally {
      await store.close();
    }
  } finally {
    await cluster.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
