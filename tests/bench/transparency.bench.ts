// npm run bench:transparency: the transparency log at 1,000,000 entries on PostgreSQL, where a
// deployment keeps it: how long an inclusion and a consistency proof take to answer over HTTP
// (GET /api/transparency/proof/…, the server in this process), the signed checkpoint, and an
// append in its own transaction; written to docs/performance.md.
import fs from 'node:fs';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../mock-server/app';
import { configFromEnv } from '../../mock-server/config';
import { PROJECT_ROOT } from '../../mock-server/projectRoot';
import { newSigningKeyPem } from '../../mock-server/signing/packageSigner';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import { entryBytes, kilnLogSubject, type KilnLogEntry } from '../../src/domain/transparency/entries';
import { createDatabase, findPostgresBin, startPostgresCluster } from '../helpers/postgres';
import { appendEntries } from '../load/bulkLogEntries';
import { replaceSection } from './docSections';

const HEADING = '## Transparency log at scale (npm run bench:transparency)';
const ENTRIES = Number(process.env.TRANSPARENCY_ENTRIES ?? 1_000_000);
const CALLS = Number(process.env.TRANSPARENCY_CALLS ?? 1000);
const APPENDS = 200;
const decoder = new TextDecoder();

const entryOf = (i: number): KilnLogEntry => ({
  kind: 'kilnlog',
  log_id: i + 1,
  kiln_id: `CG1-${String(i % 9999).padStart(4, '0')}`,
  sha256: i.toString(16).padStart(64, '0'),
  key_fingerprint: null,
  received_ts: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
});

function* entries(count: number): Generator<KilnLogEntry> {
  for (let i = 0; i < count; i++) yield entryOf(i);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timed(calls: number, call: (i: number) => Promise<void>): Promise<{ p50: number; p95: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

const random = (below: number) => Math.floor(Math.random() * below);

async function get(url: string): Promise<void> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

async function main(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('npm run bench:transparency needs the PostgreSQL binaries (docs/operations.md).');
  const cluster = await startPostgresCluster(bin);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-log-'));
  try {
    const databaseUrl = await createDatabase(cluster.adminUrl, 'kc_bench_log');
    // the schema, then the log filled past the server, as the load's bulk path fills it
    await (await PostgresStore.open(databaseUrl)).close();
    const filling = performance.now();
    console.log(`Filling the log with ${ENTRIES.toLocaleString('en')} entries...`);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await appendEntries(client, entries(ENTRIES), new Date().toISOString());
      await client.query('vacuum analyze transparency_entries');
      await client.query('vacuum analyze transparency_nodes');
    } finally {
      await client.end();
    }
    const fillS = (performance.now() - filling) / 1000;

    const server = await createApp({
      ...configFromEnv({}),
      dataDir,
      jwtSecret: 'transparency-bench-secret-long-enough-for-hs256',
      packageSigningKey: newSigningKeyPem(),
      serveConsole: false,
      storage: { databaseUrl, s3: null },
    });
    const listening = server.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/transparency`;
    try {
      const log = server.ctx.data.transparency;
      const size = await log.size();
      if (size !== ENTRIES) throw new Error(`The log holds ${size} entries, not ${ENTRIES}.`);
      // warm the pool and the caches as a running server has them
      for (let i = 0; i < 20; i++) await get(`${base}/proof/inclusion?index=${random(size)}&tree_size=${size}`);
      const inclusion = await timed(CALLS, () => get(`${base}/proof/inclusion?index=${random(size)}&tree_size=${size}`));
      const consistency = await timed(CALLS, () => get(`${base}/proof/consistency?first=${1 + random(size - 1)}&second=${size}`));
      const checkpoint = await timed(CALLS / 4, () => get(`${base}/checkpoint`));
      const append = await timed(APPENDS, (i) =>
        server.ctx.data.transaction(async (tx) => {
          const entry = entryOf(size + i);
          await tx.transparency.append(decoder.decode(entryBytes(entry)), new Date().toISOString(), kilnLogSubject(entry.log_id));
        }),
      );
      const ms = (v: number) => v.toFixed(1);
      const row = (what: string, calls: number, t: { p50: number; p95: number; p99: number }) =>
        `| ${what} | ${calls.toLocaleString('en')} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.p99)} |`;
      const section = [
        HEADING,
        '',
        `Produced by \`npm run bench:transparency\` (tests/bench/transparency.bench.ts), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end. A throwaway PostgreSQL ${path.basename(path.dirname(bin))} with the log filled to ${ENTRIES.toLocaleString('en')} kiln-log entries as the store's appends leave it (each leaf and every subtree it completes, ${fillS.toFixed(0)} s in multi-row inserts), then the server in this process answering one call at a time over loopback, random indexes and sizes. Goal (issue: "Scale"): a proof answers in p95 < 20 ms at 1,000,000 entries. An append is the store's own, in a transaction of its own, past ${ENTRIES.toLocaleString('en')}.`,
        '',
        '| call | calls | p50 ms | p95 ms | p99 ms |',
        '| --- | --- | --- | --- | --- |',
        row(`GET /api/transparency/proof/inclusion (tree of ${ENTRIES.toLocaleString('en')})`, CALLS, inclusion),
        row(`GET /api/transparency/proof/consistency (to ${ENTRIES.toLocaleString('en')})`, CALLS, consistency),
        row('GET /api/transparency/checkpoint (signed on request)', CALLS / 4, checkpoint),
        row('append, its own transaction', APPENDS, append),
        '',
        `A proof reads its O(log n) nodes (at most 2 log2 n, ${2 * Math.ceil(Math.log2(ENTRIES))} at this size) in one query by primary key, and an append reads the tree’s right edge (at most log2 n nodes) and writes the leaf and the subtrees it completes, so neither grows with the log but by its logarithm.`,
      ].join('\n');
      console.log(section);
      replaceSection(path.join(PROJECT_ROOT, 'docs', 'performance.md'), HEADING, section);
    } finally {
      listening.close();
      await server.stop();
    }
  } finally {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
