// npm run bench:audits: the audit calls over HTTP on a server seeded with the demo business (400 burn logs, embedded store).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../mock-server/app';
import { configFromEnv } from '../../mock-server/config';
import { summarise } from './stats';

const RUNS = 20;
const LOGS = 400;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-audits-'));
  const server = await createApp({
    ...configFromEnv({}),
    dataDir,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    demoPassword: 'kiln-demo',
    demoLogCount: LOGS,
    serveConsole: false,
    storage: { databaseUrl: null, s3: null },
  });
  try {
    const http = request(server.app);
    const token = (await http.post('/api/auth').send({ username: 'kilnadmin', password: 'kiln-demo' })).text;
    const [open] = (await http.get('/api/dropdowns/audits').set('Authorization', `Bearer ${token}`)).body.data as { id: number }[];
    const calls: [string, string][] = [
      ['GET /audit/potential_logs?kiln_type=-1', '/api/audit/potential_logs?kiln_type=-1'],
      ['GET /dropdowns/audits', '/api/dropdowns/audits'],
      ['GET /audit/auditable_logs (3 burns, with charts)', `/api/audit/auditable_logs?audit=${open.id}`],
      ['GET /audit/history (one facility)', '/api/audit/history?facility_id=1'],
      ['GET /co2/summary', '/api/co2/summary'],
    ];
    console.log(
      `The audit calls, ${LOGS} seeded burn logs, embedded store, ${RUNS} runs each after one warm-up (${os.cpus().length} cores, Node ${process.version}):`,
    );
    for (const [name, url] of calls) {
      const get = () => http.get(url).set('Authorization', `Bearer ${token}`);
      const first = await get();
      if (first.status !== 200) throw new Error(`${name}: ${first.status} ${first.text}`);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await get();
        samples.push(performance.now() - started);
      }
      const { median, p95 } = summarise(samples);
      console.log(`  ${name}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${(first.text.length / 1024).toFixed(0)} kB`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
