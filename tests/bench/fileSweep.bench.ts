/**
 * The start-up file sweep's memory over a large store: N kiln logs (2 named
 * files each) on the embedded store and on a throwaway PostgreSQL, and a
 * bucket that lists those files (a few gone) and a few no record names.
 *   npm run bench:sweep                        (embedded and PostgreSQL, 200,000 files each)
 *   SWEEP_BENCH_RUNS=embedded:200000 npm run bench:sweep
 * The bucket makes its listing up in key order as it is read, holding no key:
 * what is measured is what the sweep itself holds, the heap after a full GC,
 * sampled as the sweep reads the listing, removes and looks up, less the heap
 * before it. Prints one line per run; docs/performance.md ("merge in key order") records them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BlobInfo, BlobRead, Blobs } from '../../mock-server/blobs/blobs';
import { analysisKeyOf } from '../../mock-server/store/fileAreas';
import type { DataStore } from '../../mock-server/store/dataStore';
import { openStore } from '../../mock-server/store/storeConfig';
import { createDatabase, findPostgresBin, startPostgresCluster } from '../helpers/postgres';
import { addFacility, logRow } from '../store/fixtures';

const RUNS = (process.env.SWEEP_BENCH_RUNS ?? 'embedded:200000,postgres:200000').split(',').map((run) => {
  const [store, files] = run.split(':');
  return { store: store as 'embedded' | 'postgres', files: Number(files) };
});
/** SWEEP_MODULE=path: another version of store/fileSweep.ts to measure (the figures before the sweep paged: the previous commit's, copied beside it) */
const { sweepFiles } = (await import(
  process.env.SWEEP_MODULE ?? '../../mock-server/store/fileSweep'
)) as typeof import('../../mock-server/store/fileSweep');
/** one log in this many has its files gone (missing), and an orphan beside its raw file */
const EVERY = 5_000;
const SAMPLE_EVERY = 10_000;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (npm run bench:sweep).');
const MB = (bytes: number) => (bytes / 1e6).toFixed(1);

/** Follows the sweep's heap: after a full GC, at points it passes often. */
class HeapWatch {
  private base = 0;
  peak = 0;
  start(): void {
    gc!();
    this.base = process.memoryUsage().heapUsed;
    this.peak = 0;
  }
  sample(): void {
    gc!();
    this.peak = Math.max(this.peak, process.memoryUsage().heapUsed - this.base);
  }
}

/** A bucket holding the logs' files (those of every EVERY-th log gone) and an orphan beside every EVERY-th raw file. */
class MadeUpBucket implements Blobs {
  readonly kind = 's3' as const;
  removed = 0;
  private reads = 0;
  /** the log ids in the key order of their analysis files (analysis/10.json before analysis/9.json) */
  private readonly idsInKeyOrder: Int32Array;

  constructor(
    private readonly logs: number,
    private readonly watch: HeapWatch,
  ) {
    this.idsInKeyOrder = Int32Array.from(Array.from({ length: logs }, (_, i) => i + 1).sort((a, b) => (String(a) < String(b) ? -1 : 1)));
  }

  private tick(): void {
    if (++this.reads % SAMPLE_EVERY === 0) this.watch.sample();
  }

  async *list(prefix = ''): AsyncIterable<BlobInfo> {
    const info = (key: string): BlobInfo => ({ key, size: 1, modified: new Date(0) });
    if (prefix === 'analysis/') {
      for (const id of this.idsInKeyOrder) {
        this.tick();
        if (id % EVERY !== 0) yield info(analysisKeyOf(id));
      }
    } else if (prefix === 'kilnlogs/') {
      for (let id = 1; id <= this.logs; id++) {
        this.tick();
        const raw = logRow(id).s3key;
        if (id % EVERY !== 0) yield info(raw);
        else yield info(`${raw}.orphan`);
      }
    }
  }

  async remove(): Promise<void> {
    this.removed++;
    this.watch.sample();
  }

  async get(): Promise<BlobRead | null> {
    this.watch.sample();
    return null;
  }

  put(): Promise<void> {
    throw new Error('not in this bench');
  }
  readAll(): Promise<Buffer | null> {
    throw new Error('not in this bench');
  }
  removePrefix(): Promise<void> {
    throw new Error('not in this bench');
  }
  async removeInterruptedWrites(): Promise<number> {
    return 0;
  }
  async checkHealth(): Promise<void> {}
}

async function load(store: DataStore, logs: number): Promise<void> {
  const facility = await addFacility(store, 'NRB');
  const BATCH = 10_000;
  for (let first = 1; first <= logs; first += BATCH) {
    await store.kilnLogs.insertMany(Array.from({ length: Math.min(BATCH, logs - first + 1) }, (_, j) => logRow(first + j, { facility })));
  }
}

async function measure(store: DataStore, files: number): Promise<string> {
  const logs = files / 2;
  await load(store, logs);
  const watch = new HeapWatch();
  const bucket = new MadeUpBucket(logs, watch);
  watch.start();
  const started = performance.now();
  const result = await sweepFiles(store, bucket, { graceMs: 0 });
  const seconds = (performance.now() - started) / 1000;
  watch.sample();
  const expected = Math.floor(logs / EVERY);
  if (result.removed.length !== expected || result.missing.length !== 2 * expected)
    throw new Error(
      `The sweep found ${result.removed.length} orphans and ${result.missing.length} missing, not ${expected} and ${2 * expected}.`,
    );
  return `${store.kind}: ${files.toLocaleString('en')} named files, ${result.removed.length} orphans removed, ${result.missing.length} missing: peak heap held by the sweep ${MB(watch.peak)} MB, ${seconds.toFixed(1)} s`;
}

async function main(): Promise<void> {
  const bin = RUNS.some((r) => r.store === 'postgres') ? findPostgresBin() : null;
  const cluster = bin ? await startPostgresCluster(bin) : null;
  try {
    for (const run of RUNS) {
      if (run.store === 'postgres' && !cluster) {
        console.log('postgres: not measured, no PostgreSQL binaries on this machine');
        continue;
      }
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-sweep-'));
      const databaseUrl = run.store === 'postgres' ? await createDatabase(cluster!.adminUrl, 'kc_bench') : null;
      const store = await openStore({ dataDir, databaseUrl, s3: null });
      try {
        console.log(await measure(store, run.files));
      } finally {
        await store.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await cluster?.stop();
  }
  console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
}

await main();
