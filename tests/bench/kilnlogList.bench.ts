import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../mock-server/app';
import { configFromEnv } from '../../mock-server/config';
import { makeKilnLogRows } from '../helpers/kilnLogRows';
import { summarise } from './stats';
import { rawStore } from '../helpers/rawStore';

const ROWS = 10_000;
const WARM_UP = 20;
const RUNS = 200;

/**
 * GET /api/kilnlogs over HTTP on loopback against a store of 10,000 log rows:
 * a page of 25 sorted by logts, filtered by facility, as the Kiln Logs screen
 * asks for it (token check, query parsing, filter, sort, page, JSON, gzip).
 */
export async function benchKilnLogList(): Promise<{ medianMs: number; p95Ms: number; runs: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-logs-'));
  const config = { ...configFromEnv({}), dataDir, demoLogCount: 1, serveConsole: false };
  const seeded = await createApp(config);
  rawStore(seeded).data.kilnlogs = makeKilnLogRows(ROWS);
  rawStore(seeded).write();
  await seeded.stop();
  // a server started on that DATA_DIR, holding the rows as it reads them from db.json
  const { app, ctx, stop } = await createApp(config);
  const server = app.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const auth = await fetch(`${base}/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'kilnadmin', password: ctx.config.demoPassword }),
    });
    const headers = { Authorization: `Bearer ${await auth.text()}`, 'Accept-Encoding': 'gzip' };
    const query = new URLSearchParams({ sort: '["logts","DESC"]', range: '[0,24]', filter: '{"facility_id":2}' });

    const once = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/kilnlogs?${query}`, { headers });
      const rows = (await res.json()) as unknown[];
      const elapsed = performance.now() - started;
      if (res.status !== 200 || rows.length !== 25) throw new Error(`unexpected answer: ${res.status}, ${rows.length} rows`);
      return elapsed;
    };
    for (let i = 0; i < WARM_UP; i++) await once();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await once());
    const { median, p95 } = summarise(samples);
    return { medianMs: median, p95Ms: p95, runs: RUNS };
  } finally {
    stop();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
