import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPublicKey } from '../../mock-server/transparency/log';
import { witnessLog, type LogReader } from '../../mock-server/transparency/witness';
import { verifierKey } from '../../src/domain/transparency/checkpoint';
import { newKeyPair } from '../../mock-server/kilns/kilnKeys';
import { burnCsv } from '../helpers/kilnLogUploads';
import { facility as storedFacility } from '../helpers/storeAccess';
import { startListeningTestServer, type ListeningTestServer } from '../helpers/testServer';
import { rewriteLog } from '../helpers/transparencyLog';

/**
 * npm run witness against a console on either store: the first run keeps the checkpoint, a later
 * one accepts a grown log with its consistency proof, and a log rewritten in the store (an entry
 * dropped) is refused with exit 1, both checkpoints printed; a state never moves past a refusal.
 */

let console_: ListeningTestServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'witness-'));
const stateFile = path.join(dir, 'witness.json');

/** Runs the CLI as a registry's cron would: its exit code and output. */
function witness(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      'mock-server/tools/witness-cli.ts',
      '--url',
      console_.baseUrl,
      '--state',
      stateFile,
      ...args,
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

const inProcess: LogReader = async (call) => {
  const res = await console_.server.http.get(call);
  return { status: res.status, text: res.text };
};

async function upload(): Promise<void> {
  const csv = burnCsv('CG1-0007', await storedFacility(console_.server, 1));
  const token = await console_.server.login('uploader');
  const res = await console_.server.http
    .post('/api/kilnlogs/upload')
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', 'text/csv')
    .send(Buffer.from(csv));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

beforeAll(async () => {
  console_ = await startListeningTestServer();
}, 120_000);
afterAll(async () => {
  await console_.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run witness', () => {
  it('keeps the first checkpoint, trusting the console key it names on first use', async () => {
    const { ctx } = console_.server;
    const run = await witness();
    expect(run.code, run.out).toBe(0);
    const key = verifierKey(ctx.config.transparencyOrigin, rawPublicKey(ctx.signer.publicKeyPem));
    expect(run.out).toContain(`Trusting on first use the log's key ${key}`);
    const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    expect(state.verifier_key).toBe(key);
    expect(state.checkpoint).toBe((await console_.server.http.get('/api/transparency/checkpoint')).text);
  }, 60_000);

  it('accepts a log that grew, proved consistent, and says when it did not change', async () => {
    const before = await console_.server.ctx.data.transparency.size();
    await upload();
    const grew = await witness();
    expect(grew.code, grew.out).toBe(0);
    expect(grew.out).toContain(`grew from ${before} to ${before + 1} entries, consistently`);
    const same = await witness();
    expect(same.out).toContain(`unchanged at ${before + 1} entries`);
  }, 60_000);

  it('refuses another key than the one its state trusts, and a checkpoint another key signed', async () => {
    const held = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    const other = verifierKey(console_.server.ctx.config.transparencyOrigin, rawPublicKey(newKeyPair().publicPem));
    expect((await witnessLog(inProcess, held, other)).code).toBe(1);
    const stranger = await witnessLog(inProcess, null, other);
    expect(stranger.code).toBe(1);
    expect(stranger.lines[0]).toMatch(/^INCONSISTENT: the fetched checkpoint does not open with the trusted key/);
  });

  it('exits 1 on a log rewritten in the store, printing both checkpoints, and keeps the checkpoint it held', async () => {
    const kept = fs.readFileSync(stateFile, 'utf8');
    const size = await console_.server.ctx.data.transparency.size();
    await rewriteLog(console_.server, { dropFrom: size - 1 });
    const run = await witness();
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(`INCONSISTENT: the tree shrank from ${size} to ${size - 1} entries.`);
    expect(run.out).toContain(`Held checkpoint:\n${console_.server.ctx.config.transparencyOrigin}\n${size}\n`);
    expect(run.out).toContain(`Fetched checkpoint:\n${console_.server.ctx.config.transparencyOrigin}\n${size - 1}\n`);
    expect(fs.readFileSync(stateFile, 'utf8')).toBe(kept);
  }, 60_000);

  it('exits 2 when the console cannot be read, and 64 when called wrongly', async () => {
    const unread = await witnessLog(async () => ({ status: 503, text: 'down' }), null, null);
    expect(unread).toMatchObject({ code: 2, lines: ['UNREADABLE: GET /api/transparency/checkpoint answered 503: down'] });
    const wrong = await new Promise<number | null>((resolve) =>
      spawn(process.execPath, ['--import', 'tsx', 'mock-server/tools/witness-cli.ts', '--state', stateFile]).on('close', resolve),
    );
    expect(wrong).toBe(64);
  }, 60_000);
});
