import path from 'node:path';
import { LocalBlobs } from '../blobs/localBlobs';
import { DEFAULT_S3_TIMEOUTS, S3Blobs, type S3Settings } from '../blobs/s3Blobs';
import type { Blobs } from '../blobs/blobs';
import type { DataStore } from './dataStore';
import { EmbeddedStore } from './embedded/embeddedStore';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './postgres/connect';
import { PostgresStore } from './postgres/postgresStore';

/**
 * Which store and which file storage a server runs on, from the environment:
 * DATABASE_URL selects PostgreSQL (else db.json in DATA_DIR), S3_ENDPOINT and
 * S3_BUCKET an S3-compatible bucket (else DATA_DIR/files).
 */
export interface StorageConfig {
  dataDir: string;
  databaseUrl: string | null;
  /** DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS; the defaults when absent */
  databaseTimeouts?: DatabaseTimeouts;
  s3: S3Settings | null;
}

/** A timeout in milliseconds from the environment: a positive integer, else the default. */
function timeoutMs(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value?.trim() && Number.isInteger(n) && n > 0 ? n : fallback;
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
    databaseTimeouts: {
      connectMs: timeoutMs(env.DATABASE_CONNECT_TIMEOUT_MS, DEFAULT_DATABASE_TIMEOUTS.connectMs),
      statementMs: timeoutMs(env.DATABASE_STATEMENT_TIMEOUT_MS, DEFAULT_DATABASE_TIMEOUTS.statementMs),
    },
    s3:
      given.length === S3_VARS.length
        ? {
            endpoint: env.S3_ENDPOINT!,
            bucket: env.S3_BUCKET!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            region: env.S3_REGION || 'us-east-1',
            connectTimeoutMs: timeoutMs(env.S3_CONNECT_TIMEOUT_MS, DEFAULT_S3_TIMEOUTS.connectTimeoutMs),
            requestTimeoutMs: timeoutMs(env.S3_REQUEST_TIMEOUT_MS, DEFAULT_S3_TIMEOUTS.requestTimeoutMs),
          }
        : null,
  };
}

export async function openStore(config: StorageConfig): Promise<DataStore> {
  return config.databaseUrl
    ? PostgresStore.open(config.databaseUrl, { timeouts: config.databaseTimeouts })
    : new EmbeddedStore(config.dataDir);
}

/** durable: fsync local files before answering (the seed and the copy skip it). */
export function openBlobs(config: StorageConfig, durable = true): Blobs {
  return config.s3 ? new S3Blobs(config.s3) : new LocalBlobs(path.join(config.dataDir, 'files'), durable);
}
