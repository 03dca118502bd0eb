import path from 'node:path';
import { OWASP_SCRYPT_FLOOR, type ScryptCost } from './auth/passwords';
import { PROJECT_ROOT } from './projectRoot';
import type { PdfCheckLimits } from './files/pdfChecker';
import { storageConfigFromEnv, type StorageConfig } from './store/storeConfig';

export interface ServerConfig {
  port: number;
  dataDir: string;
  /** from JWT_SECRET; when absent one is generated once and kept in DATA_DIR */
  jwtSecret?: string;
  /**
   * PACKAGE_SIGNING_KEY: the Ed25519 private key (PKCS#8 PEM) that signs every verification package;
   * when absent one is generated once and kept in DATA_DIR (the embedded store only: PostgreSQL requires it)
   */
  packageSigningKey?: string;
  /**
   * TRANSPARENCY_ORIGIN: the transparency log's origin, the first line of its checkpoints and the
   * name its notes are signed under; unique to this console's log (default kiln-console.local/transparency)
   */
  transparencyOrigin: string;
  /** token lifetime, e.g. '8h' (jose time span syntax) */
  tokenTtl: string;
  demoPassword: string;
  /**
   * the scrypt cost of every password hash the server makes: OWASP's floor, and
   * no environment variable lowers it; only tests do, in code (tests/helpers/seededTemplate.ts)
   */
  passwordHashCost: ScryptCost;
  archiveRetentionDays: number;
  /**
   * on PostgreSQL or a bucket, the start-up sweep spares files no record names younger than this
   * (FILE_SWEEP_GRACE_MINUTES, default 60; 0 only where one server alone uses the database and the bucket)
   */
  fileSweepGraceMinutes: number;
  /** how many burn logs a fresh seed simulates (DEMO_LOG_COUNT; tests seed fewer) */
  demoLogCount: number;
  /**
   * DEMO_KILN_KEYS (default 1; 0: none): the seed gives all demo kilns but one a
   * key derived from its kiln id and signs their logs (demo only: anyone can derive them)
   */
  demoKilnKeys: boolean;
  /**
   * SEED_DEMO=1: seed the demo business into an empty PostgreSQL store at start
   * (the embedded store is seeded when empty anyway); never implicitly on PostgreSQL
   */
  seedDemo: boolean;
  /**
   * Express's `trust proxy` (TRUST_PROXY): which peers' X-Forwarded-For names the
   * client (the login throttles' identity). false by default: the peer is the client.
   */
  trustProxy: boolean | number | string;
  /** serve the built console from dist/ beside the API */
  serveConsole: boolean;
  /** on SIGTERM, how long in-flight requests may take to finish before their connections are cut (SHUTDOWN_TIMEOUT_MS, default 25 s) */
  shutdownTimeoutMs: number;
  /** check every JSON answer against openapi.yaml (tests turn this on) */
  validateResponses: boolean;
  /** DATABASE_URL (PostgreSQL, else db.json in DATA_DIR) and S3_* (a bucket, else DATA_DIR/files) */
  storage: Omit<StorageConfig, 'dataDir'>;
  /** how long a whole request, body included, may take to arrive (REQUEST_TIMEOUT_MS; docs/security.md "Slow requests") */
  requestTimeoutMs: number;
  /** the upload defences of docs/security.md ("Upload bodies", "PDF decompression bombs") */
  uploads: {
    /** multipart uploads received at once (UPLOAD_CONCURRENCY) */
    concurrency: number;
    /** uploads that may wait, their bodies unread, for one of those; one more is a 503 with Retry-After (UPLOAD_QUEUE) */
    queue: number;
    pdf: PdfCheckLimits;
  };
  /** the login defences of docs/security.md */
  loginThrottle: {
    /** failed logins one client may make for one username before the delays start */
    limit: number;
    /** how long failures are remembered; also the longest delay */
    windowMs: number;
    /** the first delay after `limit` failures, doubled after each further one */
    delayMs: number;
    /** failed logins one client may make for any usernames within clientWindowMs */
    clientLimit: number;
    clientWindowMs: number;
    /** password-hash checks run at once, and how many more may wait */
    hashConcurrency: number;
    hashQueue: number;
  };
}

export { PROJECT_ROOT };

export const DEFAULT_TRANSPARENCY_ORIGIN = 'kiln-console.local/transparency';

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function nonNegativeInt(value: string | undefined, fallback: number): number {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * TRUST_PROXY as Express takes it: unset, '' or 'false' trusts no proxy; 'true' every one (only when the
 * server is reachable through the balancer alone); a number, that many hops; otherwise addresses,
 * subnets or Express's names ('loopback', 'uniquelocal'), comma-separated.
 */
export function trustProxyFrom(value: string | undefined): boolean | number | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(PROJECT_ROOT, 'data'));
  const { databaseUrl, databaseTimeouts, s3 } = storageConfigFromEnv(dataDir, env);
  return {
    port: positiveInt(env.PORT, 3000),
    dataDir,
    storage: { databaseUrl, databaseTimeouts, s3 },
    jwtSecret: env.JWT_SECRET || undefined,
    packageSigningKey: env.PACKAGE_SIGNING_KEY || undefined,
    transparencyOrigin: env.TRANSPARENCY_ORIGIN || DEFAULT_TRANSPARENCY_ORIGIN,
    tokenTtl: env.TOKEN_TTL || '8h',
    demoPassword: env.DEMO_PASSWORD || 'kiln-demo',
    passwordHashCost: OWASP_SCRYPT_FLOOR,
    archiveRetentionDays: positiveInt(env.ARCHIVE_RETENTION_DAYS, 90),
    fileSweepGraceMinutes: nonNegativeInt(env.FILE_SWEEP_GRACE_MINUTES, 60),
    demoLogCount: positiveInt(env.DEMO_LOG_COUNT, 400),
    demoKilnKeys: env.DEMO_KILN_KEYS !== '0',
    seedDemo: env.SEED_DEMO === '1',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    serveConsole: true,
    shutdownTimeoutMs: positiveInt(env.SHUTDOWN_TIMEOUT_MS, 25_000),
    validateResponses: env.OPENAPI_VALIDATE_RESPONSES === '1',
    requestTimeoutMs: positiveInt(env.REQUEST_TIMEOUT_MS, 120_000),
    uploads: {
      concurrency: positiveInt(env.UPLOAD_CONCURRENCY, 4),
      queue: nonNegativeInt(env.UPLOAD_QUEUE, 16),
      pdf: {
        timeoutMs: positiveInt(env.PDF_CHECK_TIMEOUT_MS, 15_000),
        maxInflatedBytes: positiveInt(env.PDF_MAX_INFLATED_MB, 32) * 1024 * 1024,
        memoryMb: positiveInt(env.PDF_CHECK_MEMORY_MB, 256),
      },
    },
    loginThrottle: {
      limit: positiveInt(env.LOGIN_THROTTLE_LIMIT, 5),
      windowMs: positiveInt(env.LOGIN_THROTTLE_WINDOW_MS, 15 * 60 * 1000),
      delayMs: positiveInt(env.LOGIN_THROTTLE_DELAY_MS, 30 * 1000),
      clientLimit: positiveInt(env.LOGIN_CLIENT_LIMIT, 30),
      clientWindowMs: positiveInt(env.LOGIN_CLIENT_WINDOW_MS, 5 * 60 * 1000),
      hashConcurrency: positiveInt(env.LOGIN_HASH_CONCURRENCY, 1),
      hashQueue: positiveInt(env.LOGIN_HASH_QUEUE, 16),
    },
  };
}
