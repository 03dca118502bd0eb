import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { createApp, OPENAPI_FILE } from '../../mock-server/app';
import { loadPackageSigner, SIGNING_KEY_FILE } from '../../mock-server/signing/packageSigner';
import type { SigningKeysResponse } from '../../src/domain/api/signingKeys';
import { createDatabase } from '../helpers/postgres';
import { testServerConfig } from '../helpers/seededTemplate';
import { bearer, startTestServer, useTestServer } from '../helpers/testServer';

const api = useTestServer();

describe('HTTP hardening', () => {
  it('sends security headers on every answer', async () => {
    for (const res of [await api.server.http.get('/api/health'), await api.server.http.get('/api/changes')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers bad JSON with 400 and an oversized body with 413, as JSON without a stack', async () => {
    const bad = await api.server.http.post('/api/auth').set('Content-Type', 'application/json').send('{"username":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'The request body is not valid JSON.' });
    const huge = await api.server.http.post('/api/auth').send({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(JSON.stringify(huge.body)).not.toMatch(/at .*\.ts/);
  });

  it("never exposes json-server's generic router or a password hash", async () => {
    const token = await api.server.login('superadmin');
    for (const url of ['/api/db', '/api/users', '/db', '/users']) {
      const res = await api.server.http.get(url).set(bearer(token));
      expect(JSON.stringify(res.body ?? '')).not.toContain('scrypt$');
    }
    expect((await api.server.http.get('/api/db').set(bearer(token))).status).toBe(404);
  });
});

describe('store', () => {
  const onPostgres = process.env.KILN_TEST_STORE === 'postgres';

  it.runIf(onPostgres)('refuses to start on PostgreSQL without JWT_SECRET, before migrating anything', async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl')!, 'kc_nosecret');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-nosecret-'));
    try {
      await expect(createApp({ ...testServerConfig(dataDir, databaseUrl), jwtSecret: undefined })).rejects.toThrow(
        /JWT_SECRET must be set on PostgreSQL/,
      );
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      await client.end();
      expect(rows[0].n).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(onPostgres)('refuses to start on PostgreSQL without PACKAGE_SIGNING_KEY, before migrating anything', async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl')!, 'kc_nosigningkey');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-nosigningkey-'));
    try {
      await expect(createApp({ ...testServerConfig(dataDir, databaseUrl), packageSigningKey: undefined })).rejects.toThrow(
        /PACKAGE_SIGNING_KEY must be set on PostgreSQL/,
      );
      expect(fs.existsSync(path.join(dataDir, SIGNING_KEY_FILE))).toBe(false);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      await client.end();
      expect(rows[0].n).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(onPostgres)(
    'generates the package signing key once into DATA_DIR (mode 0600) when PACKAGE_SIGNING_KEY is not set',
    async () => {
      const other = await startTestServer({ packageSigningKey: undefined });
      try {
        const file = path.join(other.dataDir, SIGNING_KEY_FILE);
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
        expect(other.ctx.signer.kid).not.toBe(api.server.ctx.signer.kid);
        expect(loadPackageSigner(other.dataDir).kid).toBe(other.ctx.signer.kid);
        const { keys } = (await other.http.get('/api/signing-keys')).body as SigningKeysResponse;
        expect(keys.filter((k) => k.retired_ts === null).map((k) => k.kid)).toEqual([other.ctx.signer.kid]);
      } finally {
        other.close();
      }
    },
  );

  it('refuses a PACKAGE_SIGNING_KEY that is not an Ed25519 private key', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-badsigningkey-'));
    try {
      expect(() => loadPackageSigner(dataDir, 'not a key')).toThrow(/PACKAGE_SIGNING_KEY is not a PKCS#8 PEM private key/);
      const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      expect(() => loadPackageSigner(dataDir, rsa)).toThrow(/must be an Ed25519 private key/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(onPostgres)('keeps the generated JWT secret in DATA_DIR when JWT_SECRET is not set', async () => {
    const other = await startTestServer({ jwtSecret: undefined });
    try {
      expect(fs.existsSync(path.join(other.dataDir, 'jwt-secret'))).toBe(true);
      const token = await other.login('broker');
      expect((await other.http.get('/api/changes').set(bearer(token))).status).toBe(200);
      // a token from a server with another secret is refused
      expect((await api.server.http.get('/api/changes').set(bearer(token))).status).toBe(401);
    } finally {
      other.close();
    }
  });
});

describe('contract', () => {
  it('documents every call as OpenAPI 3.1 with its answers', () => {
    const doc = parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: object }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/health', '/auth', '/changes', '/user/{username}/update']) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });

  it('refuses an undocumented call with 404 even when authenticated', async () => {
    const res = await api.server.http.get('/api/not-in-the-contract').set(bearer(await api.server.login('superadmin')));
    expect(res.status).toBe(404);
  });
});
