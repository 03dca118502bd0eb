import path from 'node:path';
import { LocalBlobs } from '../blobs/localBlobs';
import { S3Blobs, type S3Settings } from '../blobs/s3Blobs';
import type { Blobs } from '../blobs/blobs';
import type { DataStore } from './dataStore';
import { EmbeddedStore } from './embedded/embeddedStore';
import { PostgresStore } from './postgres/postgresStore';

/**
 * Which store and which file storage a server runs on, from the environment:
 * DATABASE_URL selects PostgreSQL (else db.json in DATA_DIR), S3_ENDPOINT and
 * S3_BUCKET an S3-compatible bucket (else DATA_DIR/files).
 */
export interface StorageConfig {
  dataDir: string;
  databaseUrl: string | null;
  s3: S3Settings | null;
}

const S3_VARS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export function storageConfigFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const given = S3_VARS.filter((name) => env[name]);
  if (given.length > 0 && given.length < S3_VARS.length) {
    throw new Error(`S3 storage needs ${S3_VARS.join(', ')}; missing ${S3_VARS.filter((n) => !env[n]).join(', ')}.`);
  }
  return {
    dataDir: path.resolve(dataDir),
    databaseUrl: env.DATABASE_URL || null,
    s3:
      given.length === S3_VARS.length
        ? {
            endpoint: env.S3_ENDPOINT!,
            bucket: env.S3_BUCKET!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            region: env.S3_REGION || 'us-east-1',
          }
        : null,
  };
}

export async function openStore(config: StorageConfig): Promise<DataStore> {
  return config.databaseUrl ? PostgresStore.open(config.databaseUrl) : new EmbeddedStore(config.dataDir);
}

/** durable: fsync local files before answering (the seed and the copy skip it). */
export function openBlobs(config: StorageConfig, durable = true): Blobs {
  return config.s3 ? new S3Blobs(config.s3) : new LocalBlobs(path.join(config.dataDir, 'files'), durable);
}
