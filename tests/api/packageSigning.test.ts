import { spawnSync } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditHistoryItem, AuditHistoryResponse, CarbonSummaryResponse } from '../../src/domain/api/audits';
import type { SigningKeysResponse } from '../../src/domain/api/signingKeys';
import type { PackageManifest } from '../../mock-server/auditPackage/manifest';
import { pdfText } from '../../mock-server/auditPackage/reportText';
import { loginAll, type DemoUsername } from '../helpers/configure';
import { flipByte, readJson } from '../helpers/packageEdits';
import { bearer, binaryBody, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * Packages signed by the console, on either store: GET /api/signing-keys
 * answers without a token; a downloaded package's SHA256SUMS passes
 * `sha256sum -c` and its SHA256SUMS.sig `openssl pkeyutl -verify` with the
 * listed key, and one of the two fails once any byte of any file changed;
 * npm run verify pins the key with --trust; the report and the eco-asset
 * certificate name the key's kid; a rotated key stays listed, retired.
 */

let server: TestServer;
let tokens: Record<DemoUsername, string>;
let audit: AuditHistoryItem;
let zip: Buffer;
let files: Record<string, Uint8Array>;
const workDir = mkdtempSync(join(tmpdir(), 'package-signing-'));
const as = (user: DemoUsername) => bearer(tokens[user]);

const kidOf = (pem: string) =>
  createHash('sha256')
    .update(createPublicKey(pem).export({ type: 'spki', format: 'der' }))
    .digest('hex');

async function signingKeys(): Promise<SigningKeysResponse['keys']> {
  const res = await server.http.get('/api/signing-keys');
  expect(res.status).toBe(200);
  return (res.body as SigningKeysResponse).keys;
}

/** The package's files written out as `unzip` would, in a folder of their own. */
function unpack(entries: Record<string, Uint8Array>, name: string): string {
  const dir = join(workDir, name);
  for (const [path, bytes] of Object.entries(entries)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  return dir;
}

/** `sha256sum -c SHA256SUMS` and `openssl pkeyutl -verify` in the folder, as an outsider runs them. */
function standardChecks(dir: string, keyFile: string): { sums: number | null; signature: number | null } {
  const sums = spawnSync('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' });
  const signature = spawnSync(
    'openssl',
    ['pkeyutl', '-verify', '-pubin', '-inkey', keyFile, '-rawin', '-in', 'SHA256SUMS', '-sigfile', 'SHA256SUMS.sig'],
    { cwd: dir, encoding: 'utf8' },
  );
  return { sums: sums.status, signature: signature.status };
}

function runVerify(bytes: Uint8Array, ...args: string[]): { status: number | null; stdout: string } {
  const file = join(workDir, 'package.zip');
  writeFileSync(file, bytes);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'mock-server/tools/verify-cli.ts', '--', file, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout };
}

beforeAll(async () => {
  server = await startTestServer();
  tokens = await loginAll(server);
  const summary = (await server.http.get('/api/co2/summary').set(as('superadmin'))).body as CarbonSummaryResponse;
  const history = (await server.http.get(`/api/audit/history?facility_id=${summary.data.facilities[0].id}`).set(as('superadmin')))
    .body as AuditHistoryResponse;
  audit = history.data[0];
  const res = await server.http.get(`/api/audit/${audit.id}/package`).set(as('superadmin')).buffer(true).parse(binaryBody);
  expect(res.status).toBe(200);
  zip = res.body as Buffer;
  files = unzipSync(zip);
}, 120_000);
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await server.close();
});

describe('GET /api/signing-keys', () => {
  it('answers without a token: the key in use, its kid the SHA-256 of its DER SPKI', async () => {
    const keys = await signingKeys();
    const current = keys.filter((k) => k.retired_ts === null);
    expect(current).toHaveLength(1);
    expect(current[0].kid).toBe(server.ctx.signer.kid);
    expect(current[0].kid).toBe(kidOf(current[0].public_key));
    expect(createPublicKey(current[0].public_key).asymmetricKeyType).toBe('ed25519');
    expect(current[0].public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(new Date(current[0].created_ts).toISOString()).toBe(current[0].created_ts);
  });
});

describe('a package signed by the console', () => {
  it('holds SHA256SUMS (every other file, sorted), its 64-byte signature and the public key', async () => {
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining(['manifest.json', 'report.pdf', 'SHA256SUMS', 'SHA256SUMS.sig', 'SIGNING-KEY.pem']));
    const lines = Buffer.from(files.SHA256SUMS).toString('utf8').trimEnd().split('\n');
    const listed = lines.map((l) => l.slice(66));
    expect(lines.every((l) => /^[0-9a-f]{64} {2}\S/.test(l))).toBe(true);
    expect(listed).toEqual(names.filter((n) => n !== 'SHA256SUMS' && n !== 'SHA256SUMS.sig').sort());
    expect(files['SHA256SUMS.sig']).toHaveLength(64);
    const [current] = (await signingKeys()).filter((k) => k.retired_ts === null);
    expect(Buffer.from(files['SIGNING-KEY.pem']).toString('utf8')).toBe(current.public_key);
    expect((readJson(files['manifest.json']) as unknown as PackageManifest).signing_key).toEqual({ kid: current.kid });
  });

  it('passes sha256sum -c and openssl pkeyutl -verify with the listed key; one of them fails once any byte of any file changed', async () => {
    const [current] = (await signingKeys()).filter((k) => k.retired_ts === null);
    const keyFile = join(workDir, 'KEY.pem');
    writeFileSync(keyFile, current.public_key);
    expect(standardChecks(unpack(files, 'good'), keyFile)).toEqual({ sums: 0, signature: 0 });
    for (const name of Object.keys(files)) {
      const changed = { ...files, [name]: flipByte(files[name], Math.floor(files[name].length / 3)) };
      const { sums, signature } = standardChecks(unpack(changed, `changed-${name.replace(/\W/g, '_')}`), keyFile);
      expect({ name, failed: sums !== 0 || signature !== 0 }).toEqual({ name, failed: true });
    }
    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const otherFile = join(workDir, 'OTHER.pem');
    writeFileSync(otherFile, other);
    expect(standardChecks(unpack(files, 'other-key'), otherFile).signature).not.toBe(0);
  }, 120_000);

  it('is the same bytes on every download', async () => {
    const again = await server.http.get(`/api/audit/${audit.id}/package`).set(as('broker')).buffer(true).parse(binaryBody);
    expect((again.body as Buffer).equals(zip)).toBe(true);
  });

  it('verifies with npm run verify against the pinned kid or PEM; another key is DIFFERENT; unpinned it says so', async () => {
    const pinned = runVerify(zip, '--trust', server.ctx.signer.kid);
    expect(pinned.stdout).toContain(`signed by the pinned console key ${server.ctx.signer.kid}`);
    expect(pinned.status).toBe(0);
    const pem = join(workDir, 'pinned.pem');
    writeFileSync(pem, server.ctx.signer.publicKeyPem);
    expect(runVerify(zip, '--trust', pem).status).toBe(0);
    const wrong = runVerify(zip, '--trust', 'ab'.repeat(32));
    expect(wrong.stdout).toMatch(/^DIFFERENT: SIGNING-KEY\.pem: kid/m);
    expect(wrong.status).toBe(1);
    const unpinned = runVerify(zip);
    expect(unpinned.stdout).toContain('which was NOT pinned');
    expect(unpinned.status).toBe(0);
  }, 120_000);

  it('names the signing key in the report and on the eco-asset certificate', async () => {
    expect(await pdfText(files['report.pdf'])).toContain(`console key kid ${server.ctx.signer.kid}`);
    const summary = (await server.http.get('/api/co2/summary').set(as('superadmin'))).body as CarbonSummaryResponse;
    const lists = await Promise.all(
      summary.data.facilities.map((f) => server.http.get(`/api/eco-asset/list?facility_id=${f.id}`).set(as('broker'))),
    );
    const asset = lists.flatMap((l) => (l.body as { eco_assets: { id: number }[] }).eco_assets)[0];
    const certificate = await server.http.get(`/api/eco-asset/${asset.id}/certificate`).set(as('broker')).buffer(true).parse(binaryBody);
    expect(certificate.status).toBe(200);
    // pdf.js spaces the monospaced words apart
    const certText = (await pdfText(certificate.body as Buffer)).replace(/\s+/g, ' ');
    expect(certText).toContain(`console signing key kid ${server.ctx.signer.kid}`);
  });

  it('keeps a rotated key listed, retired, and takes a key used again back into use', async () => {
    const before = server.ctx.signer;
    const next = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await server.ctx.data.signingKeys().use({ kid: kidOf(next), public_key: next }, new Date().toISOString());
    const rotated = await signingKeys();
    expect(rotated.find((k) => k.kid === before.kid)?.retired_ts).toEqual(expect.any(String));
    expect(rotated.find((k) => k.kid === kidOf(next))?.retired_ts).toBeNull();
    await server.ctx.data.signingKeys().use({ kid: before.kid, public_key: before.publicKeyPem }, new Date().toISOString());
    const back = await signingKeys();
    expect(back.filter((k) => k.retired_ts === null).map((k) => k.kid)).toEqual([before.kid]);
    expect(back.map((k) => k.kid)).toEqual(expect.arrayContaining([before.kid, kidOf(next)]));
  });
});
