import fs from 'node:fs';
import path from 'node:path';
import { configFromEnv } from '../config';
import { openBlobs, openStore } from '../store/storeConfig';
import { refuseOccupiedBucket, seedDemoData } from '../seed';

/**
 * `npm run seed`: seeds the demo business again from nothing, into db.json in
 * DATA_DIR or, with DATABASE_URL, into PostgreSQL (files into DATA_DIR/files
 * or the S3 bucket, which must be empty), with progress on the console.
 */
async function main(): Promise<void> {
  const config = configFromEnv();
  const storage = { ...config.storage, dataDir: config.dataDir };
  if (!storage.databaseUrl) fs.rmSync(path.join(config.dataDir, 'db.json'), { force: true });
  if (!storage.s3) fs.rmSync(path.join(config.dataDir, 'files'), { recursive: true, force: true });
  const data = await openStore(storage);
  const where = storage.databaseUrl ? 'PostgreSQL' : config.dataDir;
  try {
    const started = performance.now();
    console.log(`Seeding ${config.demoLogCount} burn logs into ${where}...`);
    const blobs = openBlobs(storage, false);
    // under the setup lock: never beside a starting server's migrations or seed, or a store copy
    const state = await data.exclusively('setup', async () => {
      await refuseOccupiedBucket(blobs);
      return seedDemoData({ config, data, blobs }, (table, done, total) => {
        if (total > 0 && (done === total || done % 10_000 === 0)) console.log(`  ${table}: ${done} of ${total}`);
      });
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts = Object.entries(state).map(([name, rows]) => `${rows.length} ${name}`);
    console.log(`Seeded ${where} in ${seconds} s: ${counts.join(', ')}.`);
    console.log('A server already running on this store keeps what it has in memory: restart it.');
  } finally {
    await data.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
