import fs from 'node:fs';
import path from 'node:path';
import { anyFile, type Blobs } from '../blobs/blobs';
import { LocalBlobs } from '../blobs/localBlobs';
import { EmbeddedStore } from './embedded/embeddedStore';
import type { EmbeddedShape } from './embedded/state';
import { bulkLoad, nonEmptyTables } from './postgres/bulkLoad';
import { PostgresStore } from './postgres/postgresStore';

/**
 * Moves a pilot to production: an embedded DATA_DIR (db.json and files/)
 * into PostgreSQL and, when one is given, an S3-compatible bucket. Files go
 * first, so no copied row ever names a file the target lacks; the rows go in
 * one transaction, into a database that must be empty.
 */

export interface CopyOptions {
  dataDir: string;
  databaseUrl: string;
  /** the bucket for the files; null keeps them in DATA_DIR/files, where the server then reads them */
  targetBlobs: Blobs | null;
  log: (line: string) => void;
}

export interface CopyReport {
  rows: Record<string, number>;
  files: number;
}

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};
const FILE_PARALLELISM = 8;

async function copyFiles(source: Blobs, target: Blobs, log: (line: string) => void): Promise<number> {
  const keys: string[] = [];
  for await (const { key } of source.list('')) keys.push(key);
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++];
      const bytes = await source.readAll(key);
      if (bytes) await target.put(key, bytes, CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream');
      done++;
      if (done % 500 === 0 || done === keys.length) log(`files: ${done}/${keys.length}`);
    }
  };
  await Promise.all(Array.from({ length: FILE_PARALLELISM }, worker));
  if (keys.length === 0) log('files: none');
  return keys.length;
}

/** Names PostgreSQL holds unique whatever their case, which an older db.json may repeat: stop before copying anything. */
function refuseDuplicates(state: EmbeddedShape): void {
  const repeated = (names: string[]) => {
    const seen = new Map<string, number>();
    for (const name of names) seen.set(name.toLowerCase(), (seen.get(name.toLowerCase()) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([name]) => name);
  };
  const kilns = repeated(state.kilns.map((k) => k.kiln_id));
  const users = repeated(state.users.map((u) => u.username));
  const problems = [
    ...(kilns.length ? [`kiln ids registered more than once: ${kilns.join(', ')}`] : []),
    ...(users.length ? [`usernames used more than once: ${users.join(', ')}`] : []),
  ];
  if (problems.length) throw new Error(`Rename these first (they must be unique, whatever their case): ${problems.join('; ')}.`);
}

export async function copyEmbeddedToPostgres(options: CopyOptions): Promise<CopyReport> {
  const { dataDir, log } = options;
  if (!fs.existsSync(path.join(dataDir, 'db.json'))) throw new Error(`${dataDir} holds no db.json: nothing to copy.`);
  const source = new EmbeddedStore(dataDir);
  const state = await source.snapshot();
  await source.close();

  refuseDuplicates(state);

  const target = await PostgresStore.open(options.databaseUrl);
  try {
    // under the setup lock: a server starting on the target meanwhile waits, then finds the copy (and seeds nothing)
    return await target.exclusively('setup', async () => {
      const occupied = await nonEmptyTables(target.db);
      if (occupied.length)
        throw new Error(`The database is not empty (rows in ${occupied.join(', ')}): the copy goes only into an empty database.`);
      const held = options.targetBlobs ? await anyFile(options.targetBlobs) : null;
      // another deployment's (or an earlier copy's) bucket: its keys would be overwritten, and its next sweep would delete ours
      if (held) throw new Error(`The bucket is not empty (it holds ${held}, perhaps more): the copy goes only into an empty bucket.`);

      const files = options.targetBlobs ? await copyFiles(new LocalBlobs(path.join(dataDir, 'files'), false), options.targetBlobs, log) : 0;
      if (!options.targetBlobs) log(`files: kept in ${path.join(dataDir, 'files')} (no S3_* variables set)`);

      const rows: Record<string, number> = {};
      await bulkLoad(target.db, state, (table, done, total) => {
        rows[table] = total;
        if (done === total || done % 10_000 === 0) log(`${table}: ${done}/${total}`);
      });
      return { rows, files };
    });
  } finally {
    await target.close();
  }
}
