import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { AuditHistoryItem, AuditHistoryResponse, CarbonSummaryResponse, ProposedAuditsResponse } from '../../src/domain/api/audits';
import { PACKAGE_AREA } from '../../mock-server/auditPackage/auditPackage';
import type { PackageManifest } from '../../mock-server/auditPackage/manifest';
import { pdfText } from '../../mock-server/auditPackage/reportText';
import { EXIT, verifyPackage } from '../../mock-server/auditPackage/verify';
import { assertPlainPdf } from '../../mock-server/files/pdfCheck';
import { newKeyPair, signBytes } from '../../mock-server/kilns/kilnKeys';
import { formatCarbon } from '../../src/domain/carbon';
import { loginAll, signOffWithTinyPdf, usersWithout, type DemoUsername } from '../helpers/configure';
import { burnCsv } from '../helpers/kilnLogUploads';
import { facility as storedFacility, kiln as storedKiln } from '../helpers/storeAccess';
import { flipByte, readJson, repack, withManifest } from '../helpers/packageEdits';
import { bearer, binaryBody, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * GET /api/audit/{id}/package on either store: a seeded audit's package
 * verifies offline (exit 0, through the npm script too); a byte of a log, of
 * the statement or a number of the manifest changed is named (exit 1); the
 * package is the same bytes every time, made again too; its report reads
 * back (job id, every burn, the totals) and is a plain PDF pdf.js draws; the
 * rule and facility scope hold (403, 404), a proposal is a 409. GET
 * /api/audit/{id}/report answers that report.pdf alone, under the same rules.
 */

let server: TestServer;
let tokens: Record<DemoUsername, string>;
let audit: AuditHistoryItem;
let otherFacilityAudit: AuditHistoryItem;
let zip: Buffer;
let manifest: PackageManifest;
const workDir = mkdtempSync(join(tmpdir(), 'audit-package-'));

const as = (user: DemoUsername) => bearer(tokens[user]);
const download = (id: number | string, user: DemoUsername = 'kilnadmin') =>
  server.http.get(`/api/audit/${id}/package`).set(as(user)).buffer(true).parse(binaryBody);

/**
 * GET /api/audit/{id}/<file> keeps its rule and the facility scope: 401 without a token, 403 without the rule,
 * 200 for a facility admin's own audit and a broker's any, 404 for another facility's audit or none, 400 for a bad id.
 */
async function expectAuditFileGuarded(file: 'package' | 'report', fetch: typeof download): Promise<void> {
  const url = (id: number | string) => `/api/audit/${id}/${file}`;
  expect((await server.http.get(url(audit.id))).status).toBe(401);
  for (const user of usersWithout(['superadmin', 'kilnadmin', 'facilityadmin', 'broker']))
    expect((await fetch(audit.id, user)).status).toBe(403);
  expect((await fetch(audit.id, 'facilityadmin')).status).toBe(200);
  const other = await server.http.get(url(otherFacilityAudit.id)).set(as('facilityadmin'));
  expect(other.status).toBe(404);
  expect(other.body.message).toBe('No such audit.');
  expect((await fetch(otherFacilityAudit.id, 'broker')).status).toBe(200);
  expect((await server.http.get(url(99999999)).set(as('kilnadmin'))).status).toBe(404);
  expect((await server.http.get(url('abc')).set(as('kilnadmin'))).status).toBe(400);
}

async function historyOf(facilityId: number): Promise<AuditHistoryItem[]> {
  return ((await server.http.get(`/api/audit/history?facility_id=${facilityId}`).set(as('superadmin'))).body as AuditHistoryResponse).data;
}

/** The CLI as a verifier runs it: npm run verify -- FILE (tsx on this Node). */
function runVerify(bytes: Uint8Array, name: string): { status: number | null; stdout: string } {
  const file = join(workDir, name);
  writeFileSync(file, bytes);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'mock-server/tools/verify-cli.ts', '--', file], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout };
}

beforeAll(async () => {
  server = await startTestServer();
  tokens = await loginAll(server);
  const own = new Set(await server.ctx.data.facilities.idsOwnedBy(5));
  const summary = (await server.http.get('/api/co2/summary').set(as('superadmin'))).body as CarbonSummaryResponse;
  const audits = (await Promise.all(summary.data.facilities.map((f) => historyOf(f.id)))).flat();
  audit = audits.find((a) => own.has(a.facility_id))!;
  otherFacilityAudit = audits.find((a) => !own.has(a.facility_id))!;
  expect(audit && otherFacilityAudit).toBeTruthy();
  const res = await download(audit.id);
  expect(res.status).toBe(200);
  zip = res.body as Buffer;
  manifest = readJson(unzipSync(zip)['manifest.json']) as unknown as PackageManifest;
}, 120_000);
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await server.close();
});

describe('GET /api/audit/{id}/package', () => {
  it('answers a zip named by the job id and signoff date holding the manifest, the raw logs byte for byte, the statement, the report and the README', async () => {
    const res = await download(audit.id);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-${audit.job_id}-${audit.signoff_ts.slice(0, 10)}.zip"`);
    const files = unzipSync(zip);
    const logs = manifest.burns.map((b) => `logs/${b.analysis_id}.csv`);
    const statement = `statement.${audit.docKey.split('.').pop()}`;
    // the demo audits' burns are in batches: their certificates and end-use evidence
    const batchFiles = (manifest.batches ?? []).flatMap((b) => [
      ...b.lab_results.map((r) => r.certificate_file),
      ...b.end_uses.map((e) => e.evidence_file),
    ]);
    expect(batchFiles.length).toBeGreaterThan(0);
    expect(Object.keys(files)).toEqual([
      'manifest.json',
      'report.pdf',
      'README.txt',
      'METHOD.md',
      statement,
      ...logs,
      ...batchFiles,
      // the signoff's and its burns' entries in the transparency log, proved against its checkpoint
      'checkpoint.txt',
      'transparency.json',
      'SIGNING-KEY.pem',
      'SHA256SUMS',
      'SHA256SUMS.sig',
    ]);
    expect(manifest.burns).toHaveLength(audit.log_count);
    expect(manifest.audit).toMatchObject({
      id: audit.id,
      job_id: audit.job_id,
      signoff_ts: audit.signoff_ts,
      facility: { id: audit.facility_id, name: audit.facility_name },
    });
    expect(manifest.totals).toMatchObject({ co2_removed: audit.audited_co2, biochar_produced: audit.audited_biochar });
    for (const burn of manifest.burns) {
      const raw = await server.http.get(`/api/kilnlogs/${burn.analysis_id}/download`).set(as('superadmin')).buffer(true).parse(binaryBody);
      expect(Buffer.from(files[burn.log_file]).equals(raw.body as Buffer)).toBe(true);
      const log = (await server.http.get(`/api/kilnlogs/${burn.analysis_id}`).set(as('superadmin'))).body as {
        signed: boolean;
        key_fingerprint: string | null;
      };
      expect(burn).toMatchObject({ signed: log.signed, key_fingerprint: log.key_fingerprint });
    }
    const evidence = await server.http.get(`/api/audit/evidence/${audit.docKey}`).set(as('kilnadmin')).buffer(true).parse(binaryBody);
    expect(Buffer.from(files[statement]).equals(evidence.body as Buffer)).toBe(true);
  });

  it('verifies offline: the verifier and npm run verify exit 0 with a line per burn', async () => {
    const outcome = await verifyPackage(zip);
    expect(outcome.lines.at(-1)).toMatch(/^VERIFIED: /);
    expect(outcome.code).toBe(EXIT.verified);
    const cli = runVerify(zip, 'good.zip');
    expect(cli.stdout).toContain(`VERIFIED: audit ${audit.job_id}`);
    expect(cli.stdout.split('\n').filter((l) => l.startsWith('burn '))).toHaveLength(manifest.burns.length);
    expect(cli.status).toBe(0);
  }, 120_000);

  it('names a changed byte of a log, of the statement, and a changed number of the manifest (exit 1)', async () => {
    const log = manifest.burns[0].log_file;
    const cli = runVerify(
      repack(zip, (f) => (f[log] = flipByte(f[log]))),
      'log.zip',
    );
    expect(cli.stdout).toContain(`DIFFERENT: ${log}: SHA-256`);
    expect(cli.status).toBe(1);

    const statement = manifest.statement.file;
    const changedStatement = await verifyPackage(repack(zip, (f) => (f[statement] = flipByte(f[statement], 20))));
    expect(changedStatement.code).toBe(EXIT.different);
    expect(changedStatement.lines).toContainEqual(expect.stringContaining(`DIFFERENT: ${statement}: SHA-256`));

    const grams = manifest.burns[0].biochar_produced_g;
    const number = await verifyPackage(withManifest(zip, (m) => (m.burns[0].biochar_produced_g = grams - 1)));
    expect(number.code).toBe(EXIT.different);
    expect(number.lines).toContain(
      `DIFFERENT: manifest.json burn ${manifest.burns[0].analysis_id} (${log}): biochar_produced_g: recorded ${grams - 1}, re-derived ${grams}`,
    );
  }, 120_000);

  it('is the same bytes when downloaded twice, and when made again from the store', async () => {
    const again = (await download(audit.id, 'broker')).body as Buffer;
    expect(again.equals(zip)).toBe(true);
    const kept = `${PACKAGE_AREA}/${audit.docKey.replace(/\.[a-z]+$/, '')}.zip`;
    expect(await server.ctx.blobs.readAll(kept)).not.toBeNull();
    await server.ctx.blobs.remove(kept);
    const remade = (await download(audit.id)).body as Buffer;
    expect(remade.equals(zip)).toBe(true);
  });

  it('has a report that is a plain PDF pdf.js draws, naming the job id, every burn, the totals and the manifest', async () => {
    const report = Buffer.from(unzipSync(zip)['report.pdf']);
    await expect(assertPlainPdf(report, 'report')).resolves.toBeUndefined();
    const text = await pdfText(report);
    expect(text).toContain(`Job ${audit.job_id}`);
    for (const burn of manifest.burns) expect(text).toContain(`Burn ${burn.analysis_id}:`);
    expect(text).toContain(`${manifest.totals.burns} burns. CO2 removed ${formatCarbon(manifest.totals.co2_removed, 'figure')} kg`);
    expect(text).toContain(`Biochar produced ${formatCarbon(manifest.totals.biochar_produced, 'figure')} kg`);
    expect(text).toContain(audit.facility_name);

    const task = getDocument({ data: new Uint8Array(report), verbosity: 0 });
    try {
      const doc = await task.promise;
      const page = await doc.getPage(1);
      const viewport = page.getViewport({ scale: 1 });
      // pdf.js's own canvas in Node (typed as Object)
      const factory = doc.canvasFactory as {
        create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
      };
      const { canvas, context } = factory.create(viewport.width, viewport.height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      expect(doc.numPages).toBeGreaterThan(0);
    } finally {
      await task.destroy();
    }
  });

  it('keeps the rule and the facility scope: 401, 403, 404 for another facility or none, 400 for a bad id', async () => {
    await expectAuditFileGuarded('package', download);
  });

  it('lists the kiln key of a device-signed burn and verifies its signature end to end; a revocation after signoff leaves the package as it was', async () => {
    const kiln = await storedKiln(server, 'CG1-0007');
    const pair = newKeyPair();
    const added = await server.http
      .post(`/api/kilns/${kiln.id}/keys`)
      .set(as('superadmin'))
      .send({ label: 'package test', public_key: pair.publicPem });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const bytes = Buffer.from(burnCsv('CG1-0007', await storedFacility(server, kiln.facility_id), { seed: 2601 }));
    const uploaded = await server.http
      .post('/api/kilnlogs/upload')
      .set('Content-Type', 'text/csv')
      .set({ 'Kiln-Key': pair.fingerprint, 'Kiln-Signature': signBytes(pair.privatePem, bytes) })
      .send(bytes);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const logId = (uploaded.body as { id: number }).id;
    const proposed = await server.http
      .post('/api/audit/propose')
      .query({ job_id: 'PKG-SIGNED', kiln_type: -1 })
      .set(as('kilnadmin'))
      .send({ analysis_ids: [logId] });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const signed = await signOffWithTinyPdf(server, tokens.superadmin, proposed.body.id, [logId]);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);

    const first = (await download(proposed.body.id)).body as Buffer;
    const files = unzipSync(first);
    const signedManifest = readJson(files['manifest.json']) as unknown as PackageManifest;
    expect(signedManifest.burns[0]).toMatchObject({ analysis_id: logId, signed: true, key_fingerprint: pair.fingerprint });
    expect(signedManifest.kiln_keys).toEqual([
      expect.objectContaining({ fingerprint: pair.fingerprint, kiln_id: 'CG1-0007', public_key: pair.publicPem, revoked_ts: null }),
    ]);
    const outcome = await verifyPackage(first);
    expect(outcome.lines).toContain(
      `burn ${logId} logs/${logId}.csv: OK, valid, CO2 ${(signedManifest.burns[0].co2_removed_g / 1000).toFixed(3)} kg, biochar ${(signedManifest.burns[0].biochar_produced_g / 1000).toFixed(3)} kg, algorithm ${signedManifest.burns[0].algorithm_version}, signed (key ${pair.fingerprint})`,
    );
    expect(outcome.code).toBe(EXIT.verified);
    // the log signed by the kiln, changed and every hash made to agree: its signature names it
    const forged = repack(first, (f) => {
      const log = `logs/${logId}.csv`;
      f[log] = flipByte(f[log]);
      f['manifest.json'] = Buffer.from(
        Buffer.from(f['manifest.json'])
          .toString('utf8')
          .replaceAll(signedManifest.burns[0].log_sha256, createHash('sha256').update(f[log]).digest('hex')),
      );
    });
    expect((await verifyPackage(forged)).lines).toContainEqual(expect.stringContaining(`DIFFERENT: logs/${logId}.csv: kiln signature`));

    const keyId = (added.body as { id: number }).id;
    expect((await server.http.post(`/api/kilns/${kiln.id}/keys/${keyId}/revoke`).set(as('superadmin'))).status).toBe(200);
    await server.ctx.blobs.remove(`${PACKAGE_AREA}/${(signed.body as AuditHistoryItem).docKey.replace(/\.[a-z]+$/, '')}.zip`);
    expect(((await download(proposed.body.id)).body as Buffer).equals(first)).toBe(true);
  }, 120_000);

  it('refuses a proposal not signed off yet (409)', async () => {
    const open = ((await server.http.get('/api/dropdowns/audits').set(as('kilnadmin'))).body as ProposedAuditsResponse).data;
    expect(open.length).toBeGreaterThan(0);
    const res = await server.http.get(`/api/audit/${open[0].id}/package`).set(as('kilnadmin'));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not signed off yet/);
  });
});

describe('GET /api/audit/{id}/report', () => {
  const report = (id: number | string, user: DemoUsername = 'kilnadmin') =>
    server.http.get(`/api/audit/${id}/report`).set(as(user)).buffer(true).parse(binaryBody);

  it('answers, inline as a PDF, the very bytes of report.pdf in the package', async () => {
    const res = await report(audit.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^inline; filename="audit-${audit.job_id}-${audit.signoff_ts.slice(0, 10)}-report\\.pdf"`),
    );
    expect(Buffer.from(res.body as Buffer).equals(Buffer.from(unzipSync(zip)['report.pdf']))).toBe(true);
  });

  it('makes and keeps the package where it was not made yet, the report being the one the package then holds', async () => {
    const kept = `${PACKAGE_AREA}/${audit.docKey.replace(/\.[a-z]+$/, '')}.zip`;
    await server.ctx.blobs.remove(kept);
    const first = (await report(audit.id, 'broker')).body as Buffer;
    expect(await server.ctx.blobs.readAll(kept)).not.toBeNull();
    const pkg = (await download(audit.id)).body as Buffer;
    expect(pkg.equals(zip)).toBe(true);
    expect(Buffer.from(unzipSync(pkg)['report.pdf']).equals(first)).toBe(true);
  });

  it('keeps the rules of the package: 401, 403, 404 for another facility or none, 400 for a bad id, 409 for a proposal', async () => {
    await expectAuditFileGuarded('report', report);
    const open = ((await server.http.get('/api/dropdowns/audits').set(as('kilnadmin'))).body as ProposedAuditsResponse).data;
    const proposal = await server.http.get(`/api/audit/${open[0].id}/report`).set(as('kilnadmin'));
    expect(proposal.status).toBe(409);
    expect(proposal.body.message).toMatch(/not signed off yet/);
  });
});
