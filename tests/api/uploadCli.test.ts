import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../mock-server/config';
import { uploadFiles, type UploadOutcome } from '../../mock-server/kilnlogs/uploadClient';
import { parsePublicKey } from '../../mock-server/kilns/kilnKeys';
import { addTestKiln, burnCsv } from '../helpers/kilnLogUploads';
import { DEMO_PASSWORD, startListeningTestServer, type ListeningTestServer, type TestServer } from '../helpers/testServer';
import { facility as storedFacility, kilnLogs } from '../helpers/storeAccess';

let listening: ListeningTestServer;
let server: TestServer;
let url: string;
let dir: string;

beforeAll(async () => {
  listening = await startListeningTestServer();
  ({ server, baseUrl: url } = listening);
  dir = fs.mkdtempSync(path.join(server.dataDir, 'cli-'));
});
afterAll(() => listening.close());

describe('npm run upload (uploadFiles)', () => {
  it('logs in as the uploader, sends each file and reports one line per file', async () => {
    const facility = await storedFacility(server, 1);
    await addTestKiln(server, 'CLI-CG1-0001', facility.id);
    const write = (name: string, text: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };
    const good = write('good.csv', burnCsv('CLI-CG1-0001', facility));
    const outside = write('outside.csv', burnCsv('CLI-CG1-0001', facility, { fault: 'gps_outside' }));
    const unknown = write('unknown.csv', burnCsv('NOT-REGISTERED', facility));
    const missing = path.join(dir, 'missing.csv');

    const reported: UploadOutcome[] = [];
    const outcomes = await uploadFiles([good, outside, unknown, good, missing], { url, user: 'uploader', password: DEMO_PASSWORD }, (o) =>
      reported.push(o),
    );

    expect(reported).toEqual(outcomes);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, false, false]);
    expect(outcomes[0].line).toMatch(new RegExp(`^${good} → log \\d+: valid$`));
    expect(outcomes[1].line).toMatch(/→ log \d+: invalid \(GPS_OUTSIDE\)$/);
    expect(outcomes[2].line).toMatch(/→ log \d+: error: Unknown kiln 'NOT-REGISTERED'\.$/);
    expect(outcomes[3].line).toMatch(/→ failed: 409 This file was uploaded before, as log \d+\.$/);
    expect(outcomes[4].line).toMatch(/→ failed: cannot read it \(ENOENT\)$/);
    const stored = (await kilnLogs(server, { q: 'good.csv' })).filter((r) => r.file_name === 'good.csv');
    expect(stored).toHaveLength(1);
    expect(outcomes[0].line).toContain(`→ log ${stored[0].id}: valid`);
  });

  it('fails at once on a wrong password', async () => {
    await expect(uploadFiles([], { url, user: 'uploader', password: 'wrong' }, () => {})).rejects.toThrow(/Login as uploader failed: 401/);
  });

  it('signs each file with --key (a kiln key made by npm run kiln-key) and sends it without logging in', async () => {
    const facility = await storedFacility(server, 1);
    const kiln = await addTestKiln(server, 'CLI-CG1-0002', facility.id);
    const keyFile = path.join(dir, 'kiln-key.pem');
    const made = spawnSync(
      path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(PROJECT_ROOT, 'mock-server', 'tools', 'kiln-key-cli.ts'), '--out', keyFile],
      { encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const publicPem = made.stdout;
    expect(publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // never overwrites a key
    expect(
      spawnSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), [
        path.join(PROJECT_ROOT, 'mock-server', 'tools', 'kiln-key-cli.ts'),
        '--out',
        keyFile,
      ]).status,
    ).toBe(1);
    const key = await server.ctx.data.kilns.addKey({
      kiln_id: kiln.id,
      fingerprint: parsedFingerprint(publicPem),
      label: 'cli',
      public_key: publicPem,
      created_ts: new Date().toISOString(),
      created_by: null,
      approved_ts: new Date().toISOString(),
      approved_by: null,
    });
    const file = path.join(dir, 'signed.csv');
    fs.writeFileSync(file, burnCsv('CLI-CG1-0002', facility));
    // a wrong password is never asked for: the key is the credential
    const outcomes = await uploadFiles(
      [file],
      { url, user: 'uploader', password: 'wrong', privateKeyPem: fs.readFileSync(keyFile, 'utf8') },
      () => {},
    );
    expect(outcomes[0].line).toMatch(new RegExp(`→ log \\d+: valid \\(signed by key ${key.fingerprint.slice(0, 16)}…\\)$`));
    const [stored] = (await kilnLogs(server, { q: 'signed.csv' })).filter((r) => r.file_name === 'signed.csv');
    expect(stored).toMatchObject({ signed: true, key_fingerprint: key.fingerprint });
  });
});

function parsedFingerprint(pem: string): string {
  const parsed = parsePublicKey(pem);
  if ('reason' in parsed) throw new Error(parsed.reason);
  return parsed.fingerprint;
}
