import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { generateBurn, KILN_TYPE } from '../../mock-server/analysis';
import { DEFAULT_CALIBRATION } from '../../mock-server/analysis/generate';
import type { PackageManifest } from '../../mock-server/auditPackage/manifest';
import { verifyPackage } from '../../mock-server/auditPackage/verify';
import { reanalyseOutdated } from '../../mock-server/kilnlogs/reanalyseOutdated';
import type { FacilityChange, Kiln, KilnCalibration, KilnRegistryResponse } from '../../src/domain/api/configure';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { signOffWithTinyPdf, TINY_PDF, type DemoUsername } from '../helpers/configure';
import { readJson } from '../helpers/packageEdits';
import { facility as storedFacility } from '../helpers/storeAccess';
import { binaryBody, useTestServer } from '../helpers/testServer';

/**
 * A kiln's calibration under a second person (docs/security.md,
 * "Who can move which number"): a change by anyone but a super-admin waits,
 * changing no figure; once approved it is in force for burns logged from then
 * on, while earlier burns keep theirs, on re-analysis too; the package names
 * each burn's version.
 */

const api = useTestServer();
const { as } = api;
const NAIROBI = 1;
const KILN_ID = 'CAL-0001';
const START = Date.UTC(2026, 2, 1, 6, 0, 0);
const config = (perG: number) => ({ cgo1: { per_g_weight: perG, zero_weight: DEFAULT_CALIBRATION.cgo1.zero_weight } });

let seed = 9_100_000;
const http = () => api.server.http;
const registry = async (who: DemoUsername = 'superadmin'): Promise<Kiln> => {
  const res = await http().get('/api/kiln/registry/list').set(as(who));
  return (res.body as KilnRegistryResponse).kilns.find((k) => k.kiln_id === KILN_ID)!;
};
const calibrations = async (kiln: number, who: DemoUsername = 'superadmin'): Promise<KilnCalibration[]> => {
  const res = await http().get(`/api/kilns/${kiln}/calibrations`).set(as(who));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const save = (kiln: Kiln, perG: number, who: DemoUsername) =>
  http()
    .post('/api/kiln/registry/edit')
    .set(as(who))
    .send({
      id: kiln.id,
      kiln_id: kiln.kiln_id,
      facility_id: kiln.facility_id,
      type: kiln.type,
      install_date: kiln.install_date,
      config: config(perG),
    });
const approve = (kiln: number, calId: number, who: DemoUsername = 'superadmin') =>
  http().post(`/api/kilns/${kiln}/calibrations/${calId}/approve`).set(as(who));
/** a burn of the kiln logged at `start` (ms, kiln clock), uploaded now */
const upload = async (start: number): Promise<KilnLog> => {
  const facility = await storedFacility(api.server, NAIROBI);
  const text = generateBurn({ kiln_type: KILN_TYPE.CGO1, kiln_id: KILN_ID, seed: seed++, start_ts: start, facility }).text;
  const res = await http().post('/api/kilnlogs/upload').set(as('uploader')).set('Content-Type', 'text/csv').send(Buffer.from(text));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return log(res.body.id);
};
const log = async (id: number): Promise<KilnLog> => (await http().get(`/api/kilnlogs/${id}`).set(as('superadmin'))).body;
const figures = (l: KilnLog) => [l.calibration_id, l.analysis_detail?.co2_removed, l.analysis_detail?.biochar_produced];
const trail = async (): Promise<FacilityChange[]> => (await http().get(`/api/facility/${NAIROBI}/changes`).set(as('superadmin'))).body;

describe("a kiln's calibration versions", () => {
  let kiln: Kiln;
  let first: KilnCalibration;
  let pending: KilnCalibration;
  let before: KilnLog;
  let after: KilnLog;

  it("start with the super-admin's config, in force at once; burns logged before it use it (the earliest)", async () => {
    const res = await http()
      .post('/api/kiln/registry/add')
      .set(as('superadmin'))
      .send({ id: null, kiln_id: KILN_ID, facility_id: NAIROBI, type: 0, install_date: '2024-01-01', config: config(2.5) });
    expect(res.body).toEqual({ status: 1 });
    kiln = await registry();
    expect(kiln.calibration_pending).toBe(false);
    [first] = await calibrations(kiln.id, 'facilityadmin');
    expect(first).toMatchObject({ kiln_id: kiln.id, proposed_by: 1, approved_by: 1, superseded_ts: null, certificate_sha256: null });
    expect(first.effective_from).toBe(first.approved_ts);
    before = await upload(START);
    expect(before.calibration_id).toBe(first.id);
    expect(before.valid).toBe(true);
  });

  it('take a facility admin\'s change as pending: the edit answers status 1, the registry keeps the approved config and says "calibration pending", no figure changes', async () => {
    const res = await save(kiln, 5, 'facilityadmin');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1 });
    const listed = await registry('facilityadmin');
    expect(listed.config).toBe(kiln.config);
    expect(listed.calibration_pending).toBe(true);
    const versions = await calibrations(kiln.id);
    pending = versions[1];
    expect(pending).toMatchObject({ proposed_by: 5, approved_by: null, approved_ts: null, effective_from: null });
    expect(JSON.parse(pending.config)).toEqual(config(5));
    // a burn logged after the proposal still uses the approved version
    const later = await upload(Date.now() + 60_000);
    expect(later.calibration_id).toBe(first.id);
    const again = await http().post(`/api/kilnlogs/${before.id}/analyse`).set(as('kilnadmin'));
    expect(again.status).toBe(200);
    expect(figures(await log(before.id))).toEqual(figures(before));
    expect((await trail())[0]).toMatchObject({
      action: 'propose_calibration',
      actor_username: 'facilityadmin',
      detail: { kiln: { id: kiln.id, kiln_id: KILN_ID }, calibration: { id: pending.id } },
    });
  });

  it('take a certificate (a PDF or image checked like a statement) and record its SHA-256', async () => {
    const bad = await http()
      .post(`/api/kilns/${kiln.id}/calibrations/${pending.id}/certificate`)
      .set(as('facilityadmin'))
      .field('file_type', 'pdf')
      .attach('file', Buffer.from('not a pdf'), 'cert.pdf');
    expect(bad.status).toBe(400);
    const res = await http()
      .post(`/api/kilns/${kiln.id}/calibrations/${pending.id}/certificate`)
      .set(as('facilityadmin'))
      .field('file_type', 'pdf')
      .attach('file', TINY_PDF, 'cert.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.certificate_sha256).toBe(createHash('sha256').update(TINY_PDF).digest('hex'));
  });

  it('are approved by a super-admin only (403 others, 404 unknown, 409 twice), in force from the approval', async () => {
    for (const who of ['facilityadmin', 'kilnadmin', 'uploader', 'useradmin', 'broker'] as const) {
      expect((await approve(kiln.id, pending.id, who)).status).toBe(403);
    }
    expect((await approve(kiln.id, 999_999)).status).toBe(404);
    const res = await approve(kiln.id, pending.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: pending.id, approved_by: 1 });
    expect(res.body.effective_from).toBe(res.body.approved_ts);
    expect((await approve(kiln.id, pending.id)).status).toBe(409);
    const listed = await registry();
    expect(JSON.parse(listed.config)).toEqual(config(5));
    expect(listed.calibration_pending).toBe(false);
    expect((await trail())[0]).toMatchObject({
      action: 'approve_calibration',
      actor_username: 'superadmin',
      detail: { calibration: { id: pending.id } },
    });
  });

  it('apply the new version to burns logged after the approval while burns logged before keep theirs, after re-analysis too', async () => {
    after = await upload(Date.now() + 60_000);
    expect(after.calibration_id).toBe(pending.id);
    const early = await upload(START + 86_400_000);
    expect(early.calibration_id).toBe(first.id);
    // twice the counts per gram: half the kilograms
    expect(after.analysis_detail!.biochar_produced).toBeLessThan(before.analysis_detail!.biochar_produced);
    expect((await http().post(`/api/kilnlogs/${before.id}/analyse`).set(as('kilnadmin'))).status).toBe(200);
    expect(figures(await log(before.id))).toEqual(figures(before));
    // the start-up upgrade: a result of another algorithm version is analysed again, with the calibration of its time
    const row = (await api.server.ctx.data.kilnLogs.get(before.id))!;
    await api.server.ctx.data.kilnLogs.update(before.id, {
      analysis: JSON.stringify({ ...JSON.parse(row.analysis!), algorithm_version: '0.9.0' }),
    });
    const summary = await reanalyseOutdated(api.server.ctx, () => undefined);
    expect(summary.reanalysed).toBeGreaterThanOrEqual(1);
    const upgraded = await log(before.id);
    expect(figures(upgraded)).toEqual(figures(before));
    expect(JSON.parse(upgraded.analysis!).per_unit_weight).toBe(2.5);
    expect(figures(await log(after.id))).toEqual(figures(after));
  });

  it('supersede a waiting version by a later one, which can then not be approved (409)', async () => {
    await save(kiln, 6, 'facilityadmin');
    await save(kiln, 7, 'facilityadmin');
    const [, , older, newer] = await calibrations(kiln.id);
    expect(older.superseded_ts).not.toBeNull();
    expect((await approve(kiln.id, older.id)).status).toBe(409);
    expect(newer.superseded_ts).toBeNull();
    expect((await approve(kiln.id, newer.id)).status).toBe(200);
  });

  it('are named in the package: each version its burns used, with its approver and certificate', async () => {
    const proposed = await http()
      .post('/api/audit/propose')
      .query({ job_id: 'CAL-PKG', kiln_type: -1 })
      .set(as('kilnadmin'))
      .send({ analysis_ids: [before.id, after.id] });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const signed = await signOffWithTinyPdf(api.server, api.tokens.superadmin, proposed.body.id as number, [before.id, after.id]);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const zip = (await http().get(`/api/audit/${proposed.body.id}/package`).set(as('superadmin')).buffer(true).parse(binaryBody))
      .body as Buffer;
    const manifest = readJson(unzipSync(zip)['manifest.json']) as unknown as PackageManifest;
    expect(manifest.calibrations).toEqual([
      expect.objectContaining({
        id: first.id,
        kiln_id: KILN_ID,
        approved_by: { id: 1, username: 'superadmin' },
        certificate_sha256: null,
        burns: [before.id],
      }),
      expect.objectContaining({
        id: pending.id,
        kiln_id: KILN_ID,
        proposed_by: { id: 5, username: 'facilityadmin' },
        approved_by: { id: 1, username: 'superadmin' },
        certificate_sha256: createHash('sha256').update(TINY_PDF).digest('hex'),
        burns: [after.id],
      }),
    ]);
    // each burn re-derived with its own calibration
    expect((await verifyPackage(zip)).code).toBe(0);
  });

  it("keep a facility admin's new kiln's calibration pending with the kiln: provisional while nothing it logs is credited, approved with the kiln", async () => {
    const res = await http()
      .post('/api/kiln/registry/add')
      .set(as('facilityadmin'))
      .send({ id: null, kiln_id: 'CAL-0002', facility_id: NAIROBI, type: 0, install_date: '2024-01-01', config: config(3) });
    expect(res.body).toEqual({ status: 1 });
    const added = ((await http().get('/api/kiln/registry/list').set(as('superadmin'))).body as KilnRegistryResponse).kilns.find(
      (k) => k.kiln_id === 'CAL-0002',
    )!;
    expect(JSON.parse(added.config)).toEqual(config(3));
    expect(added).toMatchObject({ approved_ts: null, calibration_pending: true });
    const [waiting] = await calibrations(added.id);
    expect(waiting).toMatchObject({ approved_ts: null, proposed_by: 5 });
    expect((await http().post('/api/kiln/registry/approve').set(as('superadmin')).send({ id: added.id })).status).toBe(200);
    expect(await calibrations(added.id)).toEqual([expect.objectContaining({ id: waiting.id, approved_by: 1, proposed_by: 5 })]);
    // once the kiln is approved, a change of its calibration waits for its own approval
    const approvedKiln = ((await http().get('/api/kiln/registry/list').set(as('superadmin'))).body as KilnRegistryResponse).kilns.find(
      (k) => k.kiln_id === 'CAL-0002',
    )!;
    expect(approvedKiln.calibration_pending).toBe(false);
    await save(approvedKiln, 4, 'facilityadmin');
    const stillKiln = ((await http().get('/api/kiln/registry/list').set(as('superadmin'))).body as KilnRegistryResponse).kilns.find(
      (k) => k.kiln_id === 'CAL-0002',
    )!;
    expect(JSON.parse(stillKiln.config)).toEqual(config(3));
    expect(stillKiln.calibration_pending).toBe(true);
  });

  it('are read in the facility scope only, and refused without a token', async () => {
    expect((await http().get(`/api/kilns/${kiln.id}/calibrations`)).status).toBe(401);
    expect((await http().get('/api/kilns/999999/calibrations').set(as('superadmin'))).status).toBe(404);
  });
});
