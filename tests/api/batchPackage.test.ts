import { generateKeyPairSync, sign } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Batch, Lab, LabKey } from '../../src/domain/api/batches';
import type { PackageBatch } from '../../mock-server/auditPackage/batches';
import { reportChart } from '../../mock-server/auditPackage/build';
import type { PackageManifest } from '../../mock-server/auditPackage/manifest';
import { renderReport } from '../../mock-server/auditPackage/report';
import { EXIT, verifyPackage } from '../../mock-server/auditPackage/verify';
import { CHECKPOINT_FILE, TRANSPARENCY_FILE } from '../../mock-server/transparency/packageProofs';
import { TINY_PDF, pngImage, signOffWithTinyPdf } from '../helpers/configure';
import { burnCsv } from '../helpers/kilnLogUploads';
import { labValues } from '../helpers/labValues';
import { readJson, resign, sha256, writeJson, type Manifest } from '../helpers/packageEdits';
import { facility as storedFacility } from '../helpers/storeAccess';
import { binaryBody, useTestServer } from '../helpers/testServer';

/**
 * The evidence of an audit's batches in its verification package (issue 43), on either
 * store, everything made through the API: burns uploaded, a batch of them, a laboratory
 * with its key, a lab-signed result with its certificate, end uses with their evidence,
 * an audit of the burns proposed and signed off. The package carries the batch, its lab
 * result, the certificate, the lab's key and the evidence, each hashed; it verifies as
 * given; and where whoever holds the console's key changes it and makes every hash, the
 * report and the signature agree again, the batch checks name the change: a lab value,
 * a certificate removed, end uses beyond the batch's char.
 */

const api = useTestServer();
const { as } = api;
const http = () => api.server.http;

const NAIROBI = 1;
let batch: Batch;
let lab: Lab;
let labKey: LabKey;
let zip: Buffer;
let manifest: PackageManifest;
let packaged: PackageBatch;
const EVIDENCE_PNG = pngImage(8, 8);

beforeAll(async () => {
  const facility = await storedFacility(api.server, NAIROBI);
  const burnIds: number[] = [];
  for (const seed of [4811, 4812, 4813]) {
    const uploaded = await http()
      .post('/api/kilnlogs/upload')
      .set(as('superadmin'))
      .set('Content-Type', 'text/csv')
      .send(burnCsv('CG1-0007', facility, { seed }));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    burnIds.push((uploaded.body as { id: number }).id);
  }
  const kilnType = (await api.server.ctx.data.kilnLogs.get(burnIds[0]))!.type;
  const created = await http()
    .post('/api/batches')
    .set(as('kilnadmin'))
    .send({ label: 'Package wood', facility_id: NAIROBI, kiln_type: kilnType, feedstock: 'wood', analysis_ids: burnIds });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  batch = created.body as Batch;

  const labRes = await http()
    .post('/api/labs')
    .set(as('superadmin'))
    .send({ name: 'Package Test Lab', accreditation: 'ISO/IEC 17025 PKG-0043' });
  expect(labRes.status, JSON.stringify(labRes.body)).toBe(201);
  lab = labRes.body as Lab;
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const keyRes = await http()
    .post(`/api/labs/${lab.id}/keys`)
    .set(as('superadmin'))
    .send({ public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
  expect(keyRes.status, JSON.stringify(keyRes.body)).toBe(201);
  labKey = keyRes.body as LabKey;

  let result = http().post(`/api/batches/${batch.id}/lab-results`).set(as('kilnadmin'));
  const fields = {
    sample_id: 'PKG-1',
    lab_id: lab.id,
    certificate_signature: sign(null, TINY_PDF, privateKey).toString('base64'),
    ...labValues(),
  };
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) result = result.field(name, String(v));
  const recorded = await result.attach('certificate', TINY_PDF, 'certificate.pdf');
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  expect(recorded.body.lab_signed).toBe(true);

  const endUse = (dryG: number, file: Buffer, name: string) =>
    http()
      .post(`/api/batches/${batch.id}/end-uses`)
      .set(as('kilnadmin'))
      .field('kind', 'soil_application')
      .field('dry_g', String(dryG))
      .field('date', '2026-05-10')
      .field('latitude', '-1.29')
      .field('longitude', '36.82')
      .field('soil_temp_c', '21.4')
      .field('soil_temp_source', 'measured')
      .field('recipient', 'Kamau farm')
      .attach('evidence', file, name);
  for (const [dryG, file, name] of [
    [20_000, EVIDENCE_PNG, 'delivery.png'],
    [5_000, TINY_PDF, 'note.pdf'],
  ] as const) {
    const res = await endUse(dryG, file, name);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  const proposed = await http()
    .post('/api/audit/propose')
    .query({ job_id: 'PKG-BATCH', kiln_type: -1 })
    .set(as('kilnadmin'))
    .send({ analysis_ids: burnIds });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
  const signed = await signOffWithTinyPdf(api.server, api.tokens.superadmin, proposed.body.id, burnIds);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  const res = await http().get(`/api/audit/${proposed.body.id}/package`).set(as('broker')).buffer(true).parse(binaryBody);
  expect(res.status).toBe(200);
  zip = res.body as Buffer;
  manifest = readJson(unzipSync(zip)['manifest.json']) as unknown as PackageManifest;
  packaged = manifest.batches!.find((b) => b.id === batch.id)!;
}, 120_000);

/**
 * The package changed by `edit` as whoever holds the console's key would change it: every SHA-256 the manifest
 * lists made to agree with the files, the report made again, SHA256SUMS made again and signed, and the log's
 * proofs (which name the genuine manifest) left out, so what is left to catch the change is the batch checks.
 */
async function reissued(edit: (m: Manifest, files: Record<string, Uint8Array>) => void): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = unzipSync(zip);
  delete files[TRANSPARENCY_FILE];
  delete files[CHECKPOINT_FILE];
  const m = readJson(files['manifest.json']);
  edit(m, files);
  for (const name of Object.keys(m.files)) if (files[name]) m.files[name] = sha256(files[name]);
  files['manifest.json'] = writeJson(m);
  const typed = m as unknown as PackageManifest;
  const charts = new Map(typed.burns.map((b) => [b.analysis_id, reportChart(b, files[b.log_file])]));
  files['report.pdf'] = await renderReport(typed, charts, sha256(files['manifest.json']));
  resign(files, (bytes) => api.server.ctx.signer.sign(bytes));
  return zipSync(files);
}

const differences = (lines: readonly string[]) => lines.filter((l) => l.startsWith('DIFFERENT: '));
const batchOf = (m: Manifest) => (m.batches as PackageBatch[]).find((b) => b.id === batch.id)!;

describe("an audit's package carries the evidence of its burns' batches", () => {
  it('holds the batch with its burns, the lab result with its certificate and signature, the lab and its key, the end uses with their evidence, each file hashed', () => {
    const files = unzipSync(zip);
    expect(packaged).toMatchObject({
      id: batch.id,
      label: 'Package wood',
      facility_id: NAIROBI,
      feedstock: 'wood',
      analysis_ids: batch.analysis_ids,
      wet_biochar_g: batch.wet_biochar_g,
      dry_biochar_g: Math.round(batch.wet_biochar_g * 0.8),
    });
    const [result] = packaged.lab_results;
    expect(packaged.lab_results).toHaveLength(1);
    expect(result).toMatchObject({ lab_id: lab.id, sample_id: 'PKG-1', c_org_pct: 75, h_c_org: 0.45, lab_signed: true });
    expect(result.certificate_signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(result).not.toHaveProperty('certificate_key');
    expect(Buffer.from(files[result.certificate_file]).equals(TINY_PDF)).toBe(true);
    expect(manifest.files[result.certificate_file]).toBe(sha256(TINY_PDF));
    expect(result.certificate_sha256).toBe(sha256(TINY_PDF));
    expect(manifest.labs).toEqual([{ id: lab.id, name: 'Package Test Lab', accreditation: 'ISO/IEC 17025 PKG-0043' }]);
    expect(manifest.lab_keys).toEqual([
      expect.objectContaining({ lab_id: lab.id, fingerprint: labKey.fingerprint, public_key: labKey.public_key, revoked_ts: null }),
    ]);
    expect(packaged.end_uses.map((e) => e.dry_g)).toEqual([20_000, 5_000]);
    const [photo, note] = packaged.end_uses;
    expect(Buffer.from(files[photo.evidence_file]).equals(EVIDENCE_PNG)).toBe(true);
    expect(photo.evidence_file).toMatch(/\.png$/);
    expect(Buffer.from(files[note.evidence_file]).equals(TINY_PDF)).toBe(true);
    for (const e of packaged.end_uses) {
      expect(manifest.files[e.evidence_file]).toBe(e.evidence_sha256);
      expect(e).not.toHaveProperty('evidence_key');
    }
    const sums = Buffer.from(files.SHA256SUMS).toString('utf8');
    for (const file of [result.certificate_file, photo.evidence_file, note.evidence_file]) expect(sums).toContain(`  ${file}\n`);
  });

  it("describes the batches' layout in its README.txt", () => {
    const readme = Buffer.from(unzipSync(zip)['README.txt']).toString('utf8');
    expect(readme).toContain('batches/<batch id>/lab-result-<result id>.pdf');
    expect(readme).toContain('batches/<batch id>/end-use-<end use id>.<pdf|png|jpg>');
    expect(readme).toContain('"lab_keys" holds their Ed25519 public keys');
    expect(readme).toContain('C_org = C_tot - C_inorg within 0.5 points');
  });

  it('verifies as given, with a line for the batch', async () => {
    const outcome = await verifyPackage(zip);
    expect(differences(outcome.lines)).toEqual([]);
    expect(outcome.lines).toContain(`batch ${batch.id}: OK, 1 lab result(s) (1 lab-signed), 2 end use(s) of 25.000 kg`);
    expect(outcome.code).toBe(EXIT.verified);
  }, 60_000);

  it('a reissued package changed nowhere else verifies: the edits below are caught by the batch checks alone', async () => {
    const outcome = await verifyPackage(await reissued(() => undefined));
    expect(differences(outcome.lines)).toEqual([]);
    expect(outcome.code).toBe(EXIT.verified);
  }, 60_000);

  it('names a changed lab value: organic carbon against its identity, moisture against the dry biochar', async () => {
    const resultId = packaged.lab_results[0].id;
    const carbon = await verifyPackage(await reissued((m) => (batchOf(m).lab_results[0].c_org_pct = 80)));
    expect(carbon.code).toBe(EXIT.different);
    expect(differences(carbon.lines)).toEqual([
      expect.stringMatching(new RegExp(`^DIFFERENT: manifest\\.json batch ${batch.id} lab result ${resultId}: c_org_pct: recorded 80, `)),
    ]);
    const moisture = await verifyPackage(await reissued((m) => (batchOf(m).lab_results[0].moisture_pct = 10)));
    expect(differences(moisture.lines)).toEqual([
      `DIFFERENT: manifest.json batch ${batch.id}: dry_biochar_g: recorded ${packaged.dry_biochar_g}, re-derived ${Math.round(batch.wet_biochar_g * 0.9)}`,
    ]);
  }, 60_000);

  it('names a removed certificate, and a certificate replaced by other bytes against its lab signature', async () => {
    const { certificate_file: file } = packaged.lab_results[0];
    const removed = await verifyPackage(
      await reissued((m, files) => {
        delete files[file];
        delete m.files[file];
      }),
    );
    expect(removed.code).toBe(EXIT.different);
    expect(differences(removed.lines)).toEqual([
      `DIFFERENT: ${file}: SHA-256 (certificate of lab result ${packaged.lab_results[0].id}): recorded "${sha256(TINY_PDF)}", re-derived "(not listed in manifest.json)"`,
      `DIFFERENT: ${file}: file: recorded "present", re-derived "missing"`,
    ]);
    const other = Buffer.concat([TINY_PDF, Buffer.from('% another certificate\n')]);
    const replaced = await verifyPackage(
      await reissued((m, files) => {
        files[file] = other;
        batchOf(m).lab_results[0].certificate_sha256 = sha256(other);
      }),
    );
    const signatureLine = `DIFFERENT: manifest.json batch ${batch.id} lab result ${packaged.lab_results[0].id}: lab signature: recorded "valid for a key of lab ${lab.id} in lab_keys in force at ${packaged.lab_results[0].recorded_ts}", re-derived "does not match the certificate"`;
    expect(differences(replaced.lines)).toEqual([signatureLine]);
    // the lab's key said revoked before the result was recorded: it made no lab-signed result then
    const revoked = await verifyPackage(
      await reissued((m) => ((m.lab_keys as { revoked_ts: string | null }[])[0].revoked_ts = labKey.registered_ts)),
    );
    expect(differences(revoked.lines)).toEqual([signatureLine]);
  }, 60_000);

  it('names end uses beyond the batch, by how much', async () => {
    const dry = packaged.dry_biochar_g!;
    const outcome = await verifyPackage(await reissued((m) => (batchOf(m).end_uses[0].dry_g = dry)));
    expect(outcome.code).toBe(EXIT.different);
    expect(differences(outcome.lines)).toEqual([
      `DIFFERENT: manifest.json batch ${batch.id}: end uses dry_g: recorded "${((dry + 5_000) / 1000).toFixed(3)} kg", re-derived "at most the batch's dry biochar of ${(dry / 1000).toFixed(3)} kg"`,
    ]);
  }, 60_000);
});
