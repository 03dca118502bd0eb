import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, type KilnConsoleServer } from '../../mock-server/app';
import { newBlobKey } from '../../mock-server/blobs/blobs';
import { LocalBlobs } from '../../mock-server/blobs/localBlobs';
import { RAW_AREA } from '../../mock-server/store/fileAreas';
import { SWEPT_PREFIXES } from '../../mock-server/store/fileSweep';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * When the start-up sweep runs (docs/reliability.md): on PostgreSQL the
 * server answers while it sweeps, one server of those starting together
 * sweeps, a failing sweep is logged and the server goes on, and a stop
 * stops a sweep under way; the embedded store on its own folder sweeps
 * before it answers. The listing of the file areas is held until the test
 * lets it go, so the sweep is under way for as long as the test needs.
 */

const shared = process.env.KILN_TEST_STORE === 'postgres';
/** the sweep lists the areas in key order: this one first */
const FIRST_AREA = SWEPT_PREFIXES[0];

let first: TestServer | null = null;
const started: KilnConsoleServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(started.splice(0).map((server) => server.stop()));
  if (first) fs.rmSync(first.dataDir, { recursive: true, force: true });
  first = null;
});

/** Holds every listing of a file area until `release`; `listed` is the areas asked for, in order. */
function holdListings(): { listed: string[]; release(): void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const listed: string[] = [];
  const list = LocalBlobs.prototype.list;
  vi.spyOn(LocalBlobs.prototype, 'list').mockImplementation(async function* (this: LocalBlobs, prefix?: string) {
    if (prefix) {
      listed.push(prefix);
      await held;
    }
    yield* list.call(this, prefix);
  });
  return { listed, release };
}

/** A seeded server, stopped: its store to start others on. */
async function seededStore() {
  first = await startTestServer();
  await first.stop();
  return first.ctx.config;
}

async function start(config: KilnConsoleServer['ctx']['config']): Promise<KilnConsoleServer> {
  const server = await createApp(config);
  started.push(server);
  return server;
}

/** A raw file no record names, older than the sweep's grace: what a kill between file and record leaves. */
async function oldOrphan(dataDir: string): Promise<string> {
  const orphan = newBlobKey(RAW_AREA, 'csv');
  await first!.ctx.blobs.put(orphan, Buffer.from('left by a kill'));
  const old = new Date(Date.now() - 2 * 3_600_000);
  fs.utimesSync(path.join(dataDir, 'files', orphan), old, old);
  return orphan;
}

describe.runIf(shared)('on PostgreSQL', () => {
  it('answers readiness and logins while its start-up sweep is under way, and finishes the sweep after', async () => {
    const config = await seededStore();
    const orphan = await oldOrphan(config.dataDir);
    const listing = holdListings();

    const server = await start(config);
    await vi.waitFor(() => expect(listing.listed).toContain(FIRST_AREA), { timeout: 20_000 });
    expect((await request(server.app).get('/api/health/ready')).status).toBe(200);
    expect((await request(server.app).post('/api/auth').send({ username: 'kilnadmin', password: DEMO_PASSWORD })).status).toBe(200);
    expect(fs.existsSync(path.join(config.dataDir, 'files', orphan))).toBe(true);

    listing.release();
    const result = await server.fileSweep.done;
    expect(result?.removed).toEqual([orphan]);
    expect(fs.existsSync(path.join(config.dataDir, 'files', orphan))).toBe(false);
  });

  it('of two servers starting together, one sweeps and the other skips it', async () => {
    const config = await seededStore();
    const listing = holdListings();

    const [a, b] = await Promise.all([start(config), start(config)]);
    // the one holding the lock waits in its listing: the first to be done is the one that skipped
    const skipped = await Promise.race([a.fileSweep.done, b.fileSweep.done]);
    expect(skipped).toBeNull();
    listing.release();
    const results = await Promise.all([a.fileSweep.done, b.fileSweep.done]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(listing.listed.filter((prefix) => prefix === FIRST_AREA)).toHaveLength(1);
  });

  it('logs a sweep that fails and goes on answering', async () => {
    const config = await seededStore();
    vi.spyOn(LocalBlobs.prototype, 'list').mockImplementation(async function* () {
      yield* [];
      throw new Error('listing refused');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const server = await start(config);
    expect(await server.fileSweep.done).toBeNull();
    expect(error).toHaveBeenCalledWith('The start-up file sweep stopped:', expect.objectContaining({ message: 'listing refused' }));
    expect((await request(server.app).get('/api/health/ready')).status).toBe(200);
  });

  it('stops a sweep under way when the server stops, removing nothing more and logging no failure', async () => {
    const config = await seededStore();
    const orphan = await oldOrphan(config.dataDir);
    const listing = holdListings();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const server = await createApp(config);
    await vi.waitFor(() => expect(listing.listed).toContain(FIRST_AREA), { timeout: 20_000 });
    const stopped = server.stop();
    listing.release();
    await stopped;
    expect(await server.fileSweep.done).toBeNull();
    expect(error).not.toHaveBeenCalled();
    expect(fs.existsSync(path.join(config.dataDir, 'files', orphan))).toBe(true);
  });
});

describe.skipIf(shared)('on the embedded store with its own folder', () => {
  it('sweeps before it answers', async () => {
    const config = await seededStore();
    const listing = holdListings();

    let answering = false;
    const starting = start(config).then((server) => {
      answering = true;
      return server;
    });
    await vi.waitFor(() => expect(listing.listed).toContain(FIRST_AREA), { timeout: 20_000 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answering).toBe(false);
    listing.release();
    const server = await starting;
    expect(await server.fileSweep.done).toEqual({ removed: [], spared: [], missing: [] });
  });
});
