import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster from the machine's own binaries, on a
 * loopback port, for one test run (docs/stack.md#postgresql-for-tests): started once by Vitest's global
 * setup, each test file then takes a fresh database in it.
 */

/** The folder holding initdb, postgres and pg_ctl, or null when this machine has no PostgreSQL. */
export function findPostgresBin(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // no pg_config on the PATH
  }
  return candidates.find((dir) => ['initdb', 'postgres', 'pg_ctl'].every((b) => fs.existsSync(path.join(dir, b)))) ?? null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  /** connection string of the cluster's `postgres` database, user kc */
  adminUrl: string;
  /** stops PostgreSQL (fast: sessions are ended) and keeps its data, as a restart or failover does */
  pause(): Promise<void>;
  /** starts it again on the same data and port; resolves once it takes connections */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;
/** initdb refuses root: as root the binaries run as the postgres system user */
const asOwner = (bin: string, args: string[]): [string, string[]] =>
  isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

async function waitUntilReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited at start:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start within 30 s:\n${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** durable: keep PostgreSQL's fsync and synchronous commit (benchmarks); tests turn them off for speed. */
export async function startPostgresCluster(bin: string, options: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  const [initCmd, initArgs] = asOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'kc', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const fast = options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...fast];
  const [cmd, args] = asOwner(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, ...settings]);
  const adminUrl = `postgres://kc@127.0.0.1:${port}/postgres`;
  let stderr = '';
  const run = async () => {
    const server = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    server.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    await waitUntilReady(adminUrl, server, () => stderr);
    return server;
  };
  let server = await run();
  const halt = () => {
    // pg_ctl stops the server itself; signalling runuser alone can leave it running
    const [stopCmd, stopArgs] = asOwner(path.join(bin, 'pg_ctl'), ['-D', data, 'stop', '-m', 'fast', '-s']);
    try {
      execFileSync(stopCmd, stopArgs, { stdio: 'ignore' });
    } catch {
      server.kill('SIGTERM');
    }
  };
  return {
    adminUrl,
    async pause() {
      halt();
    },
    async resume() {
      server = await run();
    },
    async stop() {
      halt();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new empty database in the cluster; answers its connection string. */
export async function createDatabase(adminUrl: string, prefix = 'kc_test', template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`Not a template database name: ${template}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // a generated name of [a-z0-9_] only; CREATE DATABASE takes no parameters
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}
