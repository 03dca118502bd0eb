import fs from 'node:fs';
import path from 'node:path';
import { loadSecret, TokenService } from '../auth/tokens';
import { configFromEnv } from '../config';
import type { DbShape } from '../store/schema';
import { Store } from '../store/store';
import { openBlobs } from '../store/storeConfig';
import { seedDemoData } from '.';

/** `npm run seed`: wipes DATA_DIR's db.json and files/ and seeds the demo business again. */
async function main(): Promise<void> {
  const config = configFromEnv();
  fs.rmSync(path.join(config.dataDir, 'db.json'), { force: true });
  fs.rmSync(path.join(config.dataDir, 'files'), { recursive: true, force: true });
  const store = new Store(config.dataDir);
  const tokens = new TokenService(loadSecret(store.dataDir, config.jwtSecret), config.tokenTtl);
  const started = performance.now();
  await seedDemoData({ config, data: store.embedded, blobs: openBlobs({ ...config.storage, dataDir: store.dataDir }, false), store, tokens });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const counts = (Object.entries(store.data) as [keyof DbShape, unknown[]][]).map(([name, rows]) => `${rows.length} ${name}`);
  console.log(`Seeded ${config.dataDir} in ${seconds} s: ${counts.join(', ')}.`);
  console.log('A server already running on this DATA_DIR keeps its old data in memory: restart it.');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
