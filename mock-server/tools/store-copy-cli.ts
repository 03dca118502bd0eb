import { parseArgs } from 'node:util';
import { configFromEnv } from '../config';
import { copyEmbeddedToPostgres } from '../store/copyStore';
import { openBlobs, storageConfigFromEnv } from '../store/storeConfig';

/**
 * `npm run store:copy -- --to postgres`: copies DATA_DIR (db.json and files/)
 * into the PostgreSQL database of DATABASE_URL and, when the S3_* variables
 * are set, the bucket. Refuses a database that already holds rows.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (values.to !== 'postgres')
    throw new Error('Usage: npm run store:copy -- --to postgres   (with DATABASE_URL, and S3_* for a bucket, set)');
  const storage = storageConfigFromEnv(configFromEnv().dataDir);
  if (!storage.databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to copy into.');
  const started = performance.now();
  console.log(`Copying ${storage.dataDir} into PostgreSQL${storage.s3 ? ` and bucket ${storage.s3.bucket}` : ''}...`);
  const report = await copyEmbeddedToPostgres({
    dataDir: storage.dataDir,
    databaseUrl: storage.databaseUrl,
    targetBlobs: storage.s3 ? openBlobs(storage) : null,
    log: (line) => console.log(`  ${line}`),
  });
  const rows = Object.entries(report.rows).map(([table, n]) => `${n} ${table}`);
  console.log(`Copied in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows.join(', ')}; ${report.files} files.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
