import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../mock-server/app';
import { configFromEnv, type ServerConfig } from '../../mock-server/config';

/**
 * The demo data every API test server starts from, seeded once per run: a
 * DATA_DIR (db.json or nothing, and the demo files) and, on PostgreSQL, a
 * database that each server clones (CREATE DATABASE ... TEMPLATE). Seeding
 * costs seconds a server (burns analysed, pictures drawn, passwords hashed);
 * a copy costs milliseconds.
 */
export interface SeededTemplate {
  dataDir: string;
  /** the seeded database to clone; null on the embedded store */
  databaseName: string | null;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';
/** the test servers' package signing key (Ed25519, PKCS#8 PEM): PostgreSQL requires one, and every server of a test signs alike */
export const TEST_PACKAGE_SIGNING_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIC1lvyfPl4/6S7KvGNHz3e0R4Y18CxFErrI/sqFt+KUO
-----END PRIVATE KEY-----
`;
export const DEMO_PASSWORD = 'kiln-demo';
/** a few burn logs are enough for API tests and keep each server start fast */
export const TEST_DEMO_LOG_COUNT = 30;

/** The settings of every test server; those that shape the seed are the template's too. */
export function testServerConfig(dataDir: string, databaseUrl: string | null): ServerConfig {
  return {
    ...configFromEnv({}),
    dataDir,
    jwtSecret: TEST_JWT_SECRET,
    packageSigningKey: TEST_PACKAGE_SIGNING_KEY,
    demoPassword: DEMO_PASSWORD,
    // a 32nd of OWASP's floor: the logins and password changes of the API tests are most of their CPU at the floor
    // (about 0.5–1.3 s a hash on 2 cores); tests/unit/server/passwordHashCost.test.ts keeps every real server at the floor
    passwordHashCost: { N: 2 ** 12, r: 8, p: 1 },
    demoLogCount: TEST_DEMO_LOG_COUNT,
    // tests upload unsigned logs of the demo kilns; those about kiln keys register their own
    demoKilnKeys: false,
    // asked for explicitly: PostgreSQL is never seeded otherwise
    seedDemo: true,
    // supertest's requests come over loopback: tests name their client in X-Forwarded-For, as a proxy there would
    trustProxy: 'loopback',
    serveConsole: false,
    validateResponses: true,
    storage: { databaseUrl, s3: null },
  };
}

/** Seeds the template: a server started once on an empty DATA_DIR (and database), then stopped. */
export async function seedTemplate(databaseUrl: string | null): Promise<SeededTemplate> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-api-template-'));
  const server = await createApp(testServerConfig(dataDir, databaseUrl));
  await server.stop();
  return { dataDir, databaseName: databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null };
}
