import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Facility, Kiln, KilnRegistryResponse } from '../../src/domain/api/configure';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { startChildServer, type ChildServer } from '../helpers/childServer';
import { savePayloadOf } from '../helpers/configure';
import { burnCsv } from '../helpers/kilnLogUploads';
import { createDatabase } from '../helpers/postgres';
import { TEST_PACKAGE_SIGNING_KEY } from '../helpers/seededTemplate';
import { createRandom } from '../../mock-server/analysis/prng';

/**
 * Crash safety: a stream of writes (burn-log uploads, kiln and facility
 * edits, audit proposals, eco-asset mints) against the server as its own process, killed with SIGKILL at a
 * random moment, then started again on the same data. After every restart
 * the store opens, every acknowledged write is there, a change in flight at
 * the kill is there whole or not at all, and no log is without its file or
 * its file changed, and no file is without its log: the files of an upload
 * the kill cut between its files and its row (never acknowledged) are gone,
 * removed by the start-up sweep before the server answers. Runs on the
 * embedded store and, in the api-postgres project, on PostgreSQL.
 */

const KILLS = 4;
const PASSWORD = 'kiln-demo';
const seeded = createRandom(20261123);
const random = () => seeded.next();

let dataDir: string;
let env: Record<string, string>;
let server: ChildServer | null = null;

const tally = { acknowledged: 0, kills: 0, lost: 0, withoutRecord: 0, withoutFile: 0, swept: 0 };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-crash-'));
  env = {
    DATA_DIR: dataDir,
    JWT_SECRET: 'crash-test-secret-that-is-long-enough',
    // PostgreSQL refuses to start without it (every server sharing the database signs with one key)
    PACKAGE_SIGNING_KEY: TEST_PACKAGE_SIGNING_KEY,
    DEMO_PASSWORD: PASSWORD,
    DEMO_LOG_COUNT: '10',
    // this server alone uses its database: no other one can be between a file and its record, so no grace period
    ...(process.env.KILN_TEST_STORE === 'postgres'
      ? { DATABASE_URL: await createDatabase(inject('postgresUrl')!, 'kc_crash'), FILE_SWEEP_GRACE_MINUTES: '0', SEED_DEMO: '1' }
      : {}),
  };
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `crash safety (${env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}): ${tally.acknowledged} writes acknowledged, ${tally.kills} kills, ${tally.lost} lost, ` +
      `${tally.withoutRecord} files without a record, ${tally.withoutFile} records without a file after restarts; ${tally.swept} file(s) of unacknowledged uploads removed by the start-up sweep`,
  );
});

async function api<T>(method: string, url: string, token: string | null, body?: string, contentType = 'application/json') {
  const res = await fetch(`${server!.url}/api${url}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': contentType }) },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
}

async function login(username: string): Promise<string> {
  const res = await api<string>('POST', '/auth', null, JSON.stringify({ username, password: PASSWORD }));
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return res.body;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Ledger {
  /** log id → sha256 of what was sent, for every acknowledged upload */
  uploads: Map<number, string>;
  /** per kiln (or facility) id: the value last acknowledged, and the values sent after it (in flight at the kill) */
  kilnDates: Map<number, { acked: string; sent: string[] }>;
  facilityNames: Map<number, { acked: string; sent: string[] }>;
  /** job id → the burn it proposed, for every acknowledged proposal */
  proposals: Map<string, number>;
  /** per signed-off audit: kg its acknowledged mints took, and kg of every mint sent */
  minted: Map<number, { acked: number; sent: number }>;
  /** transaction id → the audit it drew on, for every acknowledged mint */
  mints: Map<string, number>;
}

const ledger: Ledger = {
  uploads: new Map(),
  kilnDates: new Map(),
  facilityNames: new Map(),
  proposals: new Map(),
  minted: new Map(),
  mints: new Map(),
};
const MINT_KG = 0.25;

interface AvailableAudit {
  signoff_id: number;
  audited_co2: number;
  utilised_co2: number;
}
type AvailableCo2 = { audits_by_facility: Record<string, { audits: AvailableAudit[] }> };

async function availableAudits(token: string): Promise<AvailableAudit[]> {
  const res = await api<AvailableCo2>('GET', '/eco-asset/available_co2', token);
  expect(res.status).toBe(200);
  return Object.values(res.body.audits_by_facility).flatMap((f) => f.audits);
}

function recordSent(map: Ledger['kilnDates'], id: number, value: string) {
  map.get(id)!.sent.push(value);
}
function recordAcked(map: Ledger['kilnDates'], id: number, value: string) {
  map.set(id, { acked: value, sent: [] });
  tally.acknowledged++;
}

/** Writes until the server dies; every write it acknowledged goes in the ledger. */
async function writeUntilKilled(round: number, tokens: { superadmin: string; uploader: string }, kilns: Kiln[], facilities: Facility[]) {
  let alive = true;
  // a writer stops when the server is gone (its request fails) or it has nothing left to write (false)
  const loop = async (write: (n: number) => Promise<boolean | void>) => {
    for (let n = 0; alive; n++) {
      const more = await write(n).catch(() => false);
      if (more === false) return;
    }
  };
  const uploads = loop(async () => {
    const kiln = kilns[Math.floor(random() * kilns.length)];
    const facility = facilities.find((f) => f.id === kiln.facility_id)!;
    const csv = burnCsv(kiln.kiln_id, facility);
    const res = await api<KilnLog>('POST', '/kilnlogs/upload', tokens.uploader, csv, 'text/csv');
    if (res.status === 201) {
      ledger.uploads.set(res.body.id, sha256(csv));
      tally.acknowledged++;
    }
  });
  const kilnEdits = loop(async (n) => {
    const kiln = kilns[n % kilns.length];
    const date = new Date(Date.UTC(2020, 0, 1) + (round * 1000 + n) * 86_400_000).toISOString().slice(0, 10);
    recordSent(ledger.kilnDates, kiln.id, date);
    const payload = {
      id: kiln.id,
      kiln_id: kiln.kiln_id,
      facility_id: kiln.facility_id,
      type: kiln.type,
      install_date: date,
      config: JSON.parse(kiln.config),
    };
    const res = await api('POST', '/kiln/registry/edit', tokens.superadmin, JSON.stringify(payload));
    if (res.status === 200) recordAcked(ledger.kilnDates, kiln.id, date);
  });
  const facilityEdits = loop(async (n) => {
    const f = facilities[n % facilities.length];
    const name = `Yard ${round}-${n}`;
    recordSent(ledger.facilityNames, f.id, name);
    const payload = { ...savePayloadOf(f), name };
    const res = await api('POST', '/facility/edit', tokens.superadmin, JSON.stringify(payload));
    if (res.status === 200) recordAcked(ledger.facilityNames, f.id, name);
  });
  const candidates = (await api<{ data: { id: number }[] }>('GET', '/audit/potential_logs?kiln_type=-1', tokens.superadmin)).body.data;
  const proposals = loop(async (n) => {
    const burn = candidates[n];
    if (!burn) return false;
    const jobId = `CRASH-${round}-${n}`;
    const res = await api(
      'POST',
      `/audit/propose?job_id=${jobId}&kiln_type=-1`,
      tokens.superadmin,
      JSON.stringify({ analysis_ids: [burn.id] }),
    );
    if (res.status === 201) {
      ledger.proposals.set(jobId, burn.id);
      tally.acknowledged++;
    }
  });
  const audits = (await availableAudits(tokens.superadmin)).filter((a) => a.audited_co2 - a.utilised_co2 > 100);
  const mints = loop(async (n) => {
    if (audits.length === 0) return false;
    const audit = audits[n % audits.length];
    const kg = ledger.minted.get(audit.signoff_id) ?? { acked: 0, sent: 0 };
    ledger.minted.set(audit.signoff_id, { ...kg, sent: kg.sent + MINT_KG });
    const transactionId = `CRASH-${round}-${n}`;
    const payload = { minting_note: 'crash test', transaction_id: transactionId, co2_utilisation: { [audit.signoff_id]: MINT_KG } };
    const res = await api('POST', '/eco-asset/mint', tokens.superadmin, JSON.stringify(payload));
    if (res.status === 200) {
      const now = ledger.minted.get(audit.signoff_id)!;
      ledger.minted.set(audit.signoff_id, { ...now, acked: now.acked + MINT_KG });
      ledger.mints.set(transactionId, audit.signoff_id);
      tally.acknowledged++;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 400 + random() * 1600));
  await server!.kill();
  tally.kills++;
  alive = false;
  await Promise.all([uploads, kilnEdits, facilityEdits, proposals, mints]);
}

async function allLogs(token: string): Promise<KilnLog[]> {
  const rows: KilnLog[] = [];
  for (const list of ['/kilnlogs', '/archived_kilnlogs']) {
    for (let first = 0; ; first += 1000) {
      const res = await api<KilnLog[]>('GET', `${list}?range=${encodeURIComponent(JSON.stringify([first, first + 999]))}`, token);
      expect(res.status).toBe(200);
      rows.push(...res.body);
      if (res.body.length < 1000) break;
    }
  }
  return rows;
}

function storedFiles(area: string): string[] {
  const dir = path.join(dataDir, 'files', area);
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `${area}/${name}`) : [];
}

async function checkNothingLostOrHalfWritten(token: string) {
  const logs = await allLogs(token);
  const byId = new Map(logs.map((row) => [row.id, row]));
  const lost = [...ledger.uploads.keys()].filter((id) => !byId.has(id));
  tally.lost += lost.length;
  expect(lost, 'acknowledged uploads missing after the restart').toEqual([]);

  // every log's file is there, byte for byte what was acknowledged
  for (const row of logs) {
    const res = await fetch(`${server!.url}/api/kilnlogs/${row.id}/download`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status, `log ${row.id} has no file`).toBe(200);
    const text = await res.text();
    const sent = ledger.uploads.get(row.id);
    if (sent) expect(sha256(text), `log ${row.id} changed`).toBe(sent);
  }
  // a kill between a log's files and its row left them without a record: the sweep at start removed them,
  // and a write cut short before its rename left no temporary file
  const referenced = new Set(logs.flatMap((row) => [row.s3key, `analysis/${row.id}.json`]));
  const stored = new Set([...storedFiles('kilnlogs'), ...storedFiles('analysis')]);
  const withoutRecord = [...stored].filter((key) => !referenced.has(key));
  const withoutFile = [...referenced].filter((key) => !stored.has(key));
  tally.withoutRecord += withoutRecord.length;
  tally.withoutFile += withoutFile.length;
  expect(withoutRecord, 'files no log names after the restart').toEqual([]);
  expect(withoutFile, 'logs without their raw file or analysis after the restart').toEqual([]);

  const registry = await api<KilnRegistryResponse>('GET', '/kiln/registry/list', token);
  for (const kiln of registry.body.kilns) {
    const expected = ledger.kilnDates.get(kiln.id);
    if (expected) expect([expected.acked, ...expected.sent], `kiln ${kiln.id}`).toContain(kiln.install_date);
  }
  const facilities = await api<{ facilities: Facility[] }>('GET', '/facilities', token);
  for (const f of facilities.body.facilities) {
    const expected = ledger.facilityNames.get(f.id);
    if (expected) expect([expected.acked, ...expected.sent], `facility ${f.id}`).toContain(f.name);
  }

  // every acknowledged proposal is open with its burn (none is signed off here)
  const open = await api<{ data: { id: number; job_id: string }[] }>('GET', '/dropdowns/audits', token);
  const openJobs = new Map(open.body.data.map((p) => [p.job_id, p.id]));
  for (const [jobId, burn] of ledger.proposals) {
    expect(openJobs.has(jobId), `proposal ${jobId}`).toBe(true);
    const logs = await api<{ data: { logs: { id: number }[] } }>('GET', `/audit/auditable_logs?audit=${openJobs.get(jobId)}`, token);
    expect(
      logs.body.data.logs.map((l) => l.id),
      `proposal ${jobId}`,
    ).toEqual([burn]);
  }

  // every kilogram minted is allocated once: what each audit gave is between the acknowledged mints and all sent
  for (const audit of await availableAudits(token)) {
    const kg = ledger.minted.get(audit.signoff_id);
    const before = initialUtilised.get(audit.signoff_id) ?? 0;
    const taken = Math.round((audit.utilised_co2 - before) * 1000) / 1000;
    expect(taken, `audit ${audit.signoff_id}`).toBeGreaterThanOrEqual(kg?.acked ?? 0);
    expect(taken, `audit ${audit.signoff_id}`).toBeLessThanOrEqual(kg?.sent ?? 0);
    expect(audit.utilised_co2).toBeLessThanOrEqual(audit.audited_co2);
  }
}

/** utilised CO2 per audit before any mint of this test */
const initialUtilised = new Map<number, number>();

/** Files the server's start-up sweep reported removing (its console line). */
function sweptAtStart(output: string): number {
  const said = /Removed (\d+) file\(s\) no record names/.exec(output);
  return said ? Number(said[1]) : 0;
}

describe('killed with SIGKILL in the middle of writes, the server restarts with every acknowledged write, whole, no log without its files and no file without its log', () => {
  it(`holds over ${KILLS} kills`, { timeout: 600_000 }, async () => {
    for (let round = 0; round < KILLS; round++) {
      server = await startChildServer(env);
      tally.swept += sweptAtStart(server.output());
      const tokens = { superadmin: await login('superadmin'), uploader: await login('uploader') };
      if (round > 0) await checkNothingLostOrHalfWritten(tokens.superadmin);
      const registry = await api<KilnRegistryResponse>('GET', '/kiln/registry/list', tokens.superadmin);
      const facilities = (await api<{ facilities: Facility[] }>('GET', '/facilities', tokens.superadmin)).body.facilities;
      const kilns = registry.body.kilns.filter((k) => k.type === 0);
      for (const k of kilns) if (!ledger.kilnDates.has(k.id)) ledger.kilnDates.set(k.id, { acked: k.install_date, sent: [] });
      for (const f of facilities) if (!ledger.facilityNames.has(f.id)) ledger.facilityNames.set(f.id, { acked: f.name, sent: [] });
      if (round === 0) for (const a of await availableAudits(tokens.superadmin)) initialUtilised.set(a.signoff_id, a.utilised_co2);
      await writeUntilKilled(round, tokens, kilns, facilities);
    }
    server = await startChildServer(env);
    tally.swept += sweptAtStart(server.output());
    await checkNothingLostOrHalfWritten(await login('superadmin'));
    expect(tally.kills).toBe(KILLS);
    expect(tally).toMatchObject({ lost: 0, withoutRecord: 0, withoutFile: 0 });
    expect(ledger.uploads.size).toBeGreaterThan(KILLS);
    expect(ledger.proposals.size).toBeGreaterThan(0);
    expect(ledger.mints.size).toBeGreaterThan(0);
  });
});
