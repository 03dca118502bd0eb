import path from 'node:path';

export interface ServerConfig {
  port: number;
  dataDir: string;
  /** from JWT_SECRET; when absent one is generated once and kept in DATA_DIR */
  jwtSecret?: string;
  /** token lifetime, e.g. '8h' (jose time span syntax) */
  tokenTtl: string;
  demoPassword: string;
  archiveRetentionDays: number;
  /** how many burn logs a fresh seed simulates (DEMO_LOG_COUNT; tests seed fewer) */
  demoLogCount: number;
  /** serve the built console from dist/ beside the API */
  serveConsole: boolean;
  /** check every JSON answer against openapi.yaml (tests turn this on) */
  validateResponses: boolean;
  /** failed logins per username before 429, and the window they count in */
  loginThrottle: { limit: number; windowMs: number };
}

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInt(env.PORT, 3000),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(PROJECT_ROOT, 'data')),
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtl: env.TOKEN_TTL || '8h',
    demoPassword: env.DEMO_PASSWORD || 'kiln-demo',
    archiveRetentionDays: positiveInt(env.ARCHIVE_RETENTION_DAYS, 90),
    demoLogCount: positiveInt(env.DEMO_LOG_COUNT, 400),
    serveConsole: true,
    validateResponses: env.OPENAPI_VALIDATE_RESPONSES === '1',
    loginThrottle: {
      limit: positiveInt(env.LOGIN_THROTTLE_LIMIT, 5),
      windowMs: positiveInt(env.LOGIN_THROTTLE_WINDOW_MS, 15 * 60 * 1000),
    },
  };
}
