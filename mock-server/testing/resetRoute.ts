import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { seedDemoData } from '../seed';
import type { DataStore, StoreState } from '../store/dataStore';
import { sweepFiles } from '../store/fileSweep';
import { bringInActs } from '../transparency/bringIn';

/** The header the browser tests' runner sends with the run's E2E_RESET_SECRET. */
export const RESET_SECRET_HEADER = 'X-Test-Reset-Secret';
const MIN_SECRET_LENGTH = 16;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const isLoopback = (address: string | undefined) => address !== undefined && LOOPBACK.test(address);

const sameSecret = (given: string, secret: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** True when a browser says the request comes from another site (Sec-Fetch-Site), or its Origin is not this host. */
function crossSite(req: express.Request): boolean {
  if (req.get('Sec-Fetch-Site') === 'cross-site' || req.get('Sec-Fetch-Site') === 'same-site') return true;
  const origin = req.get('Origin');
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.get('Host');
  } catch {
    return true;
  }
}

const refused = (reason: string) => new HttpError(403, `The test reset is refused: ${reason}.`);

/** The demo data as the first reset stored it: every record, and every file with its bytes. */
interface SeededSnapshot {
  state: StoreState;
  files: { key: string; body: Buffer }[];
}

/**
 * The first reset seeds (seedDemoData: seconds, for its analyses, audits and
 * mints) and keeps what it stored; every later one puts that back, records
 * and files, in well under a second. Only on the embedded store, whose db.json
 * is the whole state written before the seed returns; elsewhere each reset seeds.
 * As at the start (app.ts), the seed writes past the transparency log (`store`,
 * unrecorded) and its acts are then brought into the log it emptied, so every
 * demo burn and audit has its entry and the snapshot holds the log with them.
 */
async function seedOrRestore(ctx: AppContext, store: DataStore, snapshot: SeededSnapshot | null): Promise<SeededSnapshot | null> {
  if (snapshot) {
    await store.replaceAll(snapshot.state);
    for (const file of snapshot.files) await ctx.blobs.put(file.key, file.body);
  } else {
    await seedDemoData({ ...ctx, data: store });
    await bringInActs({ ...ctx, data: store });
  }
  // the seed deletes nothing: the files of the data it replaced go here (this test server alone uses them)
  await sweepFiles(ctx.data, ctx.blobs, { graceMs: 0 });
  if (snapshot || ctx.data.kind !== 'embedded' || ctx.blobs.kind !== 'local') return snapshot;
  const state = JSON.parse(await fs.promises.readFile(path.join(ctx.config.dataDir, 'db.json'), 'utf8')) as StoreState;
  const files: SeededSnapshot['files'] = [];
  for await (const { key } of ctx.blobs.list()) {
    const body = await ctx.blobs.readAll(key);
    if (body) files.push({ key, body });
  }
  return { state, files };
}

/**
 * POST /api/testing/reset: the demo data seeded afresh, so each browser test
 * that changes data starts from the same state. Mounted only when the server
 * runs with E2E_RESET=1 (the browser tests' server); otherwise the path is
 * unknown like any other (404). It wipes every record and puts the demo
 * passwords back, so (M5 of the 2026-11-25 review) it answers only a caller
 * on this machine, with no proxy between, that sends the run's secret
 * (E2E_RESET_SECRET, which the flag requires) in X-Test-Reset-Secret: a
 * custom header no cross-site form or simple request can carry; a request a
 * browser marks as coming from another site is refused before that.
 */
export function testResetRoutes(ctx: AppContext, store: DataStore): express.Router {
  const router = express.Router();
  if (process.env.E2E_RESET !== '1') return router;
  const secret = process.env.E2E_RESET_SECRET ?? '';
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`E2E_RESET=1 needs E2E_RESET_SECRET of at least ${MIN_SECRET_LENGTH} characters: the reset wipes every record.`);
  }
  console.warn('E2E_RESET=1: POST /api/testing/reset wipes every record and restores the demo passwords. Never run a real server with it.');
  let snapshot: SeededSnapshot | null = null;
  router.post('/testing/reset', async (req, res, next) => {
    try {
      if (!isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) throw refused('only a caller on this machine may reset');
      if (crossSite(req)) throw refused('a request from another site may not reset');
      if (!sameSecret(req.get(RESET_SECRET_HEADER) ?? '', secret)) throw refused(`send the run's secret in ${RESET_SECRET_HEADER}`);
      snapshot = await seedOrRestore(ctx, store, snapshot);
      res.json({ status: 1 });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
