import fs from 'node:fs';
import os from 'node:os';
import autocannon, { type Request, type Result } from 'autocannon';
import type { Facility, KilnKey, KilnRegistryResponse } from '../../src/domain/api/configure';
import { percentile } from '../bench/stats';
import { demoKilnPrivateKey } from '../../mock-server/seed/kilnKeys';
import { fingerprintOf, signBytes } from '../../mock-server/kilns/kilnKeys';
import { burnCsv } from '../helpers/kilnLogUploads';
import { createPublicKey } from 'node:crypto';

/**
 * The load `npm run load` puts on a running server, from this (second)
 * process on loopback, with autocannon: what staff and kilns do most.
 */

export interface Scenario {
  name: string;
  /** connections asking as fast as the server answers; with a rate, one per user */
  connections: number;
  /** that many users each clicking once a second, their seconds staggered (runUsers); none: flat out */
  ratePerSecond?: number;
  /** the goal for p95, ms */
  goalP95Ms?: number;
  requests: Request[];
}

export interface ScenarioFigure {
  name: string;
  connections: number;
  ratePerSecond?: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** non-2xx answers and connection errors */
  errors: number;
  /** the first error answer, status and the start of its body: what to fix when errors is not 0 */
  firstError?: string;
  goalP95Ms?: number;
  /** each server's resident memory, MB: at the start, the most, at the end */
  memory: ServerMemory[];
  /** the machine's 1-minute load average as the scenario ended: what else was running shows here */
  loadAverage: number;
}

export interface ServerMemory {
  server: string;
  rssMb: { start: number; max: number; end: number };
}

/** one or more servers on one store, as behind a load balancer: any token works on each */
export interface Target {
  servers: { name: string; url: string; pid: number }[];
  tokens: { superadmin: string; uploader: string };
}

async function getJson<T>(target: Target, path: string): Promise<T> {
  const res = await fetch(`${target.servers[0].url}/api${path}`, { headers: { Authorization: `Bearer ${target.tokens.superadmin}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The scenarios for this server's data: list pages and uploads name its real facilities and kilns. */
export async function scenarios(target: Target, uploadsToPrepare: number): Promise<Scenario[]> {
  const { facilities } = await getJson<{ facilities: Facility[] }>(target, '/facilities');
  const { kilns } = await getJson<KilnRegistryResponse>(target, '/kiln/registry/list');
  const cgo1 = kilns.filter((k) => k.type === 0);
  // read before the upload bodies are made: making them takes seconds, past the server's keep-alive, and fetch would reuse a closed socket
  const available = await getJson<{
    audits_by_facility: Record<string, { audits: { signoff_id: number; audited_co2: number; utilised_co2: number }[] }>;
  }>(target, '/eco-asset/available_co2');
  const auth = { Authorization: `Bearer ${target.tokens.superadmin}` };

  // a staff member paging one facility's kiln logs: all newest first, the valid ones by CO2, or its errors newest first
  const views = [
    { filter: {}, sort: ['logts', 'DESC'] },
    { filter: { status: 'valid' }, sort: ['co2_removed', 'DESC'] },
    { filter: { status: 'error' }, sort: ['logts', 'DESC'] },
  ];
  const listPages: Request[] = facilities.flatMap((f) =>
    views.flatMap((view) =>
      [0, 25, 50].map((first) => ({
        method: 'GET' as const,
        path: `/api/kilnlogs?filter=${q({ facility_id: f.id, ...view.filter })}&sort=${q(view.sort)}&range=${q([first, first + 24])}`,
        headers: auth,
      })),
    ),
  );

  // kilns uploading burns: each body a new burn of a registered C-Go-1 kiln
  const runSeed = Date.now() % 2 ** 30;
  // a kiln with an active key refuses unsigned uploads, so each burn of a demo kiln whose derived key is registered is signed as the kiln signs it (mock-server/seed/kilnKeys.ts)
  const keys = new Map<string, { privateKey: ReturnType<typeof demoKilnPrivateKey>; fingerprint: string }>();
  for (const kiln of cgo1) {
    const privateKey = demoKilnPrivateKey(kiln.kiln_id);
    const fingerprint = fingerprintOf(createPublicKey(privateKey));
    const registered = await getJson<KilnKey[]>(target, `/kilns/${kiln.id}/keys`);
    if (registered.some((k) => k.fingerprint === fingerprint && k.approved_ts && !k.revoked_ts))
      keys.set(kiln.kiln_id, { privateKey, fingerprint });
  }
  const uploads = Array.from({ length: uploadsToPrepare }, (_, i) => {
    const kiln = cgo1[i % cgo1.length];
    // seeds of this run's own: a database seeded once and driven again must not see a file twice (409)
    const body = burnCsv(
      kiln.kiln_id,
      facilities.find((f) => f.id === kiln.facility_id)!,
      { seed: runSeed + i },
    );
    const key = keys.get(kiln.kiln_id);
    return { body, signature: key ? { 'Kiln-Key': key.fingerprint, 'Kiln-Signature': signBytes(key.privateKey, Buffer.from(body)) } : {} };
  });
  let next = 0;
  const upload: Request = {
    method: 'POST',
    path: '/api/kilnlogs/upload',
    headers: { Authorization: `Bearer ${target.tokens.uploader}`, 'Content-Type': 'text/csv' },
    setupRequest: (req) => {
      const { body, signature } = uploads[next++ % uploads.length];
      return { ...req, body, headers: { ...req.headers, ...signature } };
    },
  };

  const summary: Request = { method: 'GET', path: '/api/co2/summary', headers: auth };

  // a broker minting a gram at a time from the audit with the most CO2 left, each mint a new transaction id
  const richest = Object.values(available.audits_by_facility)
    .flatMap((f) => f.audits)
    .sort((a, b) => b.audited_co2 - b.utilised_co2 - (a.audited_co2 - a.utilised_co2))[0];
  let mints = 0;
  const mint: Request = {
    method: 'POST',
    path: '/api/eco-asset/mint',
    headers: { ...auth, 'Content-Type': 'application/json' },
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({
        minting_note: 'load test',
        transaction_id: `LOAD-${process.pid}-${mints++}`,
        co2_utilisation: { [richest.signoff_id]: 0.001 },
      }),
    }),
  };

  // registries and witnesses asking the public log for proofs against the tree it has now (no token), 20 a second each
  const checkpoint = await fetch(`${target.servers[0].url}/api/transparency/checkpoint`);
  if (!checkpoint.ok) throw new Error(`GET /transparency/checkpoint: ${checkpoint.status}`);
  const logSize = Number((await checkpoint.text()).split('\n')[1]);
  const randomBelow = (n: number) => Math.floor(Math.random() * n);
  const inclusion: Request = {
    method: 'GET',
    path: '/api/transparency/proof/inclusion',
    setupRequest: (req) => ({ ...req, path: `/api/transparency/proof/inclusion?index=${randomBelow(logSize)}&tree_size=${logSize}` }),
  };
  const consistency: Request = {
    method: 'GET',
    path: '/api/transparency/proof/consistency',
    setupRequest: (req) => ({ ...req, path: `/api/transparency/proof/consistency?first=${1 + randomBelow(logSize)}&second=${logSize}` }),
  };

  const list = 'GET /api/kilnlogs: a page of 25, one facility, filtered and sorted';
  return [
    // 50 users, each clicking once a second
    // the goals at 1,000,000 logs: list p95 < 20 ms, upload p95 < 50 ms
    { name: list, connections: 50, ratePerSecond: 50, goalP95Ms: 20, requests: listPages },
    { name: 'GET /api/co2/summary: the carbon summary', connections: 50, ratePerSecond: 50, goalP95Ms: 50, requests: [summary] },
    // a fleet of kilns, together five burn logs a second
    { name: 'POST /api/kilnlogs/upload: a new burn log', connections: 5, ratePerSecond: 5, goalP95Ms: 50, requests: [upload] },
    // brokers minting, together five a second
    ...(richest
      ? [{ name: 'POST /api/eco-asset/mint: a gram from one audit', connections: 5, ratePerSecond: 5, goalP95Ms: 100, requests: [mint] }]
      : []),
    // the goal at 1,000,000 entries: a proof p95 < 20 ms
    ...(logSize > 1
      ? [
          {
            name: `GET /api/transparency/proof/inclusion: a random entry in the tree of ${logSize.toLocaleString('en')}`,
            connections: 20,
            ratePerSecond: 20,
            goalP95Ms: 20,
            requests: [inclusion],
          },
          {
            name: `GET /api/transparency/proof/consistency: a random earlier tree to ${logSize.toLocaleString('en')}`,
            connections: 20,
            ratePerSecond: 20,
            goalP95Ms: 20,
            requests: [consistency],
          },
        ]
      : []),
    // what one process answers flat out: the ceiling behind the figures above
    { name: `${list}, flat out`, connections: 50, requests: listPages },
  ];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/** One autocannon run; each answer's time goes to `latencies`. */
function cannon(options: autocannon.Options, latencies: number[]): Promise<Result> {
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(options, (err: unknown, res: Result) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    instance.on('reqError', (error: Error) => console.log(`  request error: ${error.message}`));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A rated scenario is that many users, each clicking once a second, their
 * seconds staggered evenly: one autocannon client each, the n-th starting n/N
 * of a second after the first, the users dealt round the servers as a
 * balancer deals connections. One autocannon run with overallRate would
 * not do: every connection's budget is reset by its own one-second timer, all
 * started in the same tick, so the whole second's requests arrive in the same
 * millisecond (the flat-out scenario shows what such a queue costs).
 */
async function runUsers(
  target: Target,
  scenario: Scenario & { ratePerSecond: number },
  durationS: number,
  latencies: number[],
): Promise<Result[]> {
  const users = scenario.ratePerSecond;
  return Promise.all(
    Array.from({ length: users }, async (_, i) => {
      await sleep((1000 * i) / users);
      return cannon(
        {
          url: target.servers[i % target.servers.length].url,
          connections: 1,
          connectionRate: 1,
          duration: durationS,
          requests: scenario.requests,
          pipelining: 1,
        },
        latencies,
      );
    }),
  );
}

/** Drives the scenario's requests for `durationS`, adding each response time to `latencies`. */
function driveFor(target: Target, scenario: Scenario, requests: Request[], durationS: number, latencies: number[]): Promise<Result[]> {
  const { ratePerSecond } = scenario;
  const { servers } = target;
  // flat out: the connections split over the servers
  return ratePerSecond
    ? runUsers(target, { ...scenario, requests, ratePerSecond }, durationS, latencies)
    : Promise.all(
        servers.map(({ url }) =>
          cannon(
            { url, connections: Math.ceil(scenario.connections / servers.length), duration: durationS, requests, pipelining: 1 },
            latencies,
          ),
        ),
      );
}

/**
 * Runs a call for `warmupS` untimed, then `durationS` timed: a server's first calls of a route
 * compile its request validator and open and prime the pool's connections, once, not what
 * a user of a running deployment meets. A warm-up's errors still count.
 */
export async function runScenario(target: Target, scenario: Scenario, durationS: number, warmupS: number): Promise<ScenarioFigure> {
  let firstError: string | undefined;
  const requests = scenario.requests.map((request) => ({
    ...request,
    onResponse: (status: number, body: string) => {
      if (status >= 300 && firstError === undefined) firstError = `${status} ${body.slice(0, 300)}`;
    },
  }));
  const warmup = warmupS > 0 ? await driveFor(target, scenario, requests, warmupS, []) : [];
  const memory = target.servers.map(({ name, pid }) => ({ name, pid, start: rssMb(pid), max: 0 }));
  const sampler = setInterval(() => memory.forEach((m) => (m.max = Math.max(m.max, rssMb(m.pid)))), 250);
  const latencies: number[] = [];
  let results: Result[];
  try {
    results = await driveFor(target, scenario, requests, durationS, latencies);
  } finally {
    clearInterval(sampler);
  }
  const sum = (of: (r: Result) => number) => results.reduce((total, r) => total + of(r), 0);
  return {
    name: scenario.name,
    connections: scenario.connections,
    ratePerSecond: scenario.ratePerSecond,
    requests: sum((r) => r.requests.total),
    p50Ms: round(percentile(latencies, 0.5)),
    p95Ms: round(percentile(latencies, 0.95)),
    p99Ms: round(percentile(latencies, 0.99)),
    errors: [...results, ...warmup].reduce((total, r) => total + r.errors + r.timeouts + r.non2xx, 0),
    firstError,
    goalP95Ms: scenario.goalP95Ms,
    memory: memory.map(({ name, pid, start, max }) => {
      const end = rssMb(pid);
      return { server: name, rssMb: { start, max: Math.max(start, max, end), end } };
    }),
    loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
  };
}
