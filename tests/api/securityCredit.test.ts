import { describe, expect, it } from 'vitest';
import type { FacilityChange, Kiln } from '../../src/domain/api/configure';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { kilnPayload, savePayloadOf, type DemoUsername } from '../helpers/configure';
import { burnCsv } from '../helpers/kilnLogUploads';
import { snapshot } from '../helpers/snapshot';
import { facility as storedFacility, kiln as storedKiln, kilnLog } from '../helpers/storeAccess';
import { useTestServer } from '../helpers/testServer';

/**
 * Who decides what is credited (docs/security.md, M1, L6 and S2): the review's
 * kiln-id squatting sequence, a facility admin's own GPS box and carbon
 * factors, and logs of unknown kilns, which only a super-admin files.
 */

const api = useTestServer();

const NAIROBI = 1;
const TASMANIA = 3;
const RIVERINA = 4;
const { as } = api;
const facility = (id: number) => storedFacility(api.server, id);
const upload = async (csv: string): Promise<KilnLog> => {
  const res = await api.server.http.post('/api/kilnlogs/upload').set(as('uploader')).set('Content-Type', 'text/csv').send(csv);
  expect(res.status).toBe(201);
  return res.body as KilnLog;
};
const registry = async (who: DemoUsername): Promise<Kiln[]> =>
  (await api.server.http.get('/api/kiln/registry/list').set(as(who))).body.kilns;
const registered = async (kilnId: string) => (await registry('superadmin')).find((k) => k.kiln_id === kilnId);
const potentialIds = async (): Promise<number[]> => {
  const res = await api.server.http.get('/api/audit/potential_logs?kiln_type=-1').set(as('kilnadmin'));
  expect(res.status).toBe(200);
  return [...res.body.data, ...res.body.needs_reanalysis].map((l: KilnLog) => l.id);
};
const trail = async (facilityId: number): Promise<FacilityChange[]> => {
  const res = await api.server.http.get(`/api/facility/${facilityId}/changes`).set(as('superadmin'));
  expect(res.status).toBe(200);
  return res.body;
};
const approve = (who: DemoUsername, id: number) => api.server.http.post('/api/kiln/registry/approve').set(as(who)).send({ id });
const assign = (who: DemoUsername, logId: number, kiln: number) =>
  api.server.http.post(`/api/kilnlogs/${logId}/assign`).set(as(who)).send({ kiln });
/** POST /kiln/registry/add of a kiln `kilnId` in `facilityId`, as `who` */
const addKiln = (who: DemoUsername, kilnId: string, facilityId: number) =>
  api.server.http
    .post('/api/kiln/registry/add')
    .set(as(who))
    .send(kilnPayload({ kiln_id: kilnId, facility_id: facilityId }));
const analyse = (logId: number) => api.server.http.post(`/api/kilnlogs/${logId}/analyse`).set(as('kilnadmin'));

describe('a kiln id a facility admin registers is pending until a super-admin approves it (M1)', () => {
  it("files the new kiln's burns pending: kept, not proposable, until approval makes them creditable", async () => {
    // 1. the facility admin claims an id nobody has registered yet
    const added = await addKiln('facilityadmin', 'CG1-0025', NAIROBI);
    expect(added.status).toBe(200);
    const kiln = (await registry('facilityadmin')).find((k) => k.kiln_id === 'CG1-0025')!;
    expect(kiln).toMatchObject({ approved_ts: null, approved_by: null });

    // 2. its burn, valid by the analysis, is kept but pending: no kiln file admin can propose it
    const log = await upload(burnCsv('CG1-0025', await facility(NAIROBI)));
    expect(log).toMatchObject({ facility_id: NAIROBI, kiln: kiln.id, valid: true, kiln_pending: true });
    expect(await potentialIds()).not.toContain(log.id);
    const proposed = await api.server.http
      .post('/api/audit/propose?job_id=SQUAT&kiln_type=-1')
      .set(as('kilnadmin'))
      .send({ analysis_ids: [log.id] });
    expect(proposed.status).toBe(409);
    expect(proposed.body.message).toMatch(new RegExp(`log ${log.id} is of a kiln pending approval`));
    // a re-analysis does not make it creditable either
    expect((await analyse(log.id)).body).toMatchObject({ facility_id: NAIROBI, kiln_pending: true });

    // 3. the facility admin cannot approve its own registration
    expect((await approve('facilityadmin', kiln.id)).status).toBe(403);
    expect((await approve('kilnadmin', kiln.id)).status).toBe(403);

    // 4. a super-admin approves: the kiln and its burn become creditable, and the trail says who and when
    const approved = await approve('superadmin', kiln.id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: kiln.id, kiln_id: 'CG1-0025', approved_by: 1 });
    expect(typeof approved.body.approved_ts).toBe('string');
    expect((await kilnLog(api.server, log.id))?.kiln_pending).toBe(false);
    expect(await potentialIds()).toContain(log.id);
    const [entry] = await trail(NAIROBI);
    expect(entry).toMatchObject({
      action: 'approve_kiln',
      actor_username: 'superadmin',
      detail: { kiln: { id: kiln.id, kiln_id: 'CG1-0025' } },
    });

    // approving again changes nothing: the first approval stands
    const again = await approve('superadmin', kiln.id);
    expect(again.status).toBe(200);
    expect(again.body.approved_ts).toBe(approved.body.approved_ts);
    expect((await trail(NAIROBI)).filter((c) => c.action === 'approve_kiln' && c.detail.kiln?.id === kiln.id)).toHaveLength(1);
  });

  it('approves a kiln a super-admin registers at once', async () => {
    const added = await addKiln('superadmin', 'CG1-0030', TASMANIA);
    expect(added.status).toBe(200);
    expect(await registered('CG1-0030')).toMatchObject({ approved_by: 1, approved_ts: expect.any(String) });
    const log = await upload(burnCsv('CG1-0030', await facility(TASMANIA)));
    expect(log.kiln_pending).toBe(false);
  });

  it('makes a kiln a facility admin renames pending again, and keeps one it edits otherwise approved', async () => {
    const own = await storedKiln(api.server, 'CG1-0012');
    expect(own.approved_ts).not.toBeNull();
    const edit = (kiln_id: string, install_date: string) =>
      api.server.http
        .post('/api/kiln/registry/edit')
        .set(as('facilityadmin'))
        .send({ id: own.id, kiln_id, facility_id: own.facility_id, type: own.type, install_date, config: JSON.parse(own.config) });
    expect((await edit(own.kiln_id, '2023-11-03')).status).toBe(200);
    expect((await storedKiln(api.server, 'CG1-0012')).approved_ts).toBe(own.approved_ts);
    expect((await edit('CG1-0031', '2023-11-03')).status).toBe(200);
    expect(await storedKiln(api.server, 'CG1-0031')).toMatchObject({ approved_ts: null, approved_by: null });
  });

  it('shows the seeded pending kiln as pending to the facility admin who owns it', async () => {
    expect((await registry('facilityadmin')).find((k) => k.kiln_id === 'CG1-0026')).toMatchObject({ facility_id: 2, approved_ts: null });
  });

  it('answers 404 for approving an unknown kiln and 400 for a bad id', async () => {
    expect((await approve('superadmin', 999999)).status).toBe(404);
    expect((await api.server.http.post('/api/kiln/registry/approve').set(as('superadmin')).send({ id: 'x' })).status).toBe(400);
  });
});

describe('a facility admin cannot set what credits its burns: the GPS box and carbon factors (M1, L6)', () => {
  const edit = (who: DemoUsername, body: object) => api.server.http.post('/api/facility/edit').set(as(who)).send(body);

  it('refuses widening its own GPS box with a 403 naming the bounds, nothing stored', async () => {
    const before = await snapshot(api.server);
    const res = await edit('facilityadmin', {
      ...savePayloadOf(await facility(NAIROBI)),
      latMin: -90,
      latMax: 90,
      lonMin: -180,
      lonMax: 180,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Only a super-admin may change a facility's GPS box and carbon factors.");
    expect(Object.keys(res.body.errors).sort()).toEqual(['latMax', 'latMin', 'lonMax', 'lonMin']);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('refuses changing its carbon factors (403), nothing stored', async () => {
    const f = await facility(NAIROBI);
    const payload = savePayloadOf(f);
    const before = await snapshot(api.server);
    const res = await edit('facilityadmin', { ...payload, config: { cgo1: { ...payload.config.cgo1, carbonRemovalFactor: 100 } } });
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual({
      'config.cgo1.carbonRemovalFactor': "Only a super-admin may change a facility's GPS box and carbon factors.",
    });
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('still takes its edit of the name, with the box and factors sent unchanged, and records nothing in the trail', async () => {
    const f = await facility(NAIROBI);
    const before = await trail(NAIROBI);
    const res = await edit('facilityadmin', { ...savePayloadOf(f), name: 'Nairobi Char Works Ltd' });
    expect(res.status).toBe(200);
    expect(await facility(NAIROBI)).toMatchObject({
      name: 'Nairobi Char Works Ltd',
      latitude_min: f.latitude_min,
      kiln_type_config: f.kiln_type_config,
    });
    expect(await trail(NAIROBI)).toEqual(before);
  });

  it("lets a super-admin change them, recording who, when and each value's change; the next analysis names the factor used", async () => {
    const f = await facility(TASMANIA);
    const payload = savePayloadOf(f);
    const res = await edit('superadmin', {
      ...payload,
      latMax: f.latitude_max + 0.5,
      config: { cgo1: { ...payload.config.cgo1, carbonRemovalFactor: 2.6 } },
    });
    expect(res.status).toBe(200);
    const [entry] = await trail(TASMANIA);
    expect(entry).toMatchObject({
      facility_id: TASMANIA,
      action: 'update',
      actor_id: 1,
      actor_username: 'superadmin',
      detail: {
        values: {
          latitude_max: { from: f.latitude_max, to: f.latitude_max + 0.5 },
          carbon_removal_factor: { from: payload.config.cgo1.carbonRemovalFactor, to: 2.6 },
        },
      },
    });
    expect(Object.keys(entry.detail.values ?? {}).sort()).toEqual(['carbon_removal_factor', 'latitude_max']);
    expect(Date.now() - Date.parse(entry.ts)).toBeLessThan(60_000);
    const log = await upload(burnCsv('TFX-0004', await facility(TASMANIA)));
    const parameters = JSON.parse(log.analysis ?? '{}').parameters;
    expect(parameters).toMatchObject({ carbon_removal_factor: 2.6, facility_box: { latitude_max: f.latitude_max + 0.5 } });
  });

  it("records a new facility's box and factors, and shows the trail to a super-admin only", async () => {
    for (const who of ['facilityadmin', 'kilnadmin', 'broker', 'uploader', 'useradmin'] as const) {
      expect((await api.server.http.get(`/api/facility/${NAIROBI}/changes`).set(as(who))).status, who).toBe(403);
    }
    expect((await api.server.http.get('/api/facility/999999/changes').set(as('superadmin'))).status).toBe(404);
  });
});

describe('a log of an unknown kiln stays unassigned until a super-admin assigns it (M1)', () => {
  it("is not filed by a registration of the id it names followed by a re-analysis, the review's RTR-0011-X sequence", async () => {
    const log = await upload(burnCsv('RTR-0099-X', await facility(RIVERINA)));
    expect(log).toMatchObject({ facility_id: null, kiln: null });
    expect((await addKiln('facilityadmin', 'RTR-0099-X', NAIROBI)).status).toBe(200);
    const again = await analyse(log.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ facility_id: null, kiln: null });
    expect((await kilnLog(api.server, log.id))?.facility_id).toBeNull();
    expect((await api.server.http.get(`/api/kilnlogs/${log.id}/download`).set(as('facilityadmin'))).status).toBe(404);
  });

  it('is filed, analysed and recorded when a super-admin assigns it; the facility admin and kiln file admin cannot', async () => {
    const log = await upload(burnCsv('CG1-0024-X', await facility(RIVERINA)));
    expect(log.facility_id).toBeNull();
    const target = await storedKiln(api.server, 'CG1-0024');
    expect((await assign('facilityadmin', log.id, target.id)).status).toBe(403);
    expect((await assign('kilnadmin', log.id, target.id)).status).toBe(403);
    const res = await assign('superadmin', log.id, target.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: log.id,
      kiln: target.id,
      facility_id: RIVERINA,
      facility_name: (await facility(RIVERINA)).name,
      kiln_pending: false,
      error_message: null,
    });
    expect(await potentialIds()).toContain(log.id);
    const [entry] = await trail(RIVERINA);
    expect(entry).toMatchObject({
      action: 'assign_log',
      actor_username: 'superadmin',
      detail: { kilnlog_id: log.id, kiln: { id: target.id, kiln_id: 'CG1-0024' } },
    });
    // filed once for good: another assignment, or a re-analysis, moves it nowhere
    const other = await storedKiln(api.server, 'TFX-0004');
    const moved = await assign('superadmin', log.id, other.id);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(/facility never changes/);
    expect((await analyse(log.id)).body.facility_id).toBe(RIVERINA);
  });

  it('is assigned pending to a kiln still pending', async () => {
    expect((await addKiln('facilityadmin', 'CG1-0032', NAIROBI)).status).toBe(200);
    const pending = (await registered('CG1-0032'))!;
    const log = await upload(burnCsv('CG1-0032-X', await facility(NAIROBI)));
    const res = await assign('superadmin', log.id, pending.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ facility_id: NAIROBI, kiln_pending: true });
  });

  it('answers 404 for an unknown log or kiln, nothing stored', async () => {
    const log = await upload(burnCsv('CG1-0033-X', await facility(NAIROBI)));
    const before = await snapshot(api.server);
    expect((await assign('superadmin', 999999, 1)).status).toBe(404);
    expect((await assign('superadmin', log.id, 999999)).status).toBe(404);
    expect(await snapshot(api.server)).toEqual(before);
  });
});

describe('re-analysis never moves a log to another facility', () => {
  it('keeps the facility of a filed log whose kiln was moved, renamed and made pending since', async () => {
    const kiln = await storedKiln(api.server, 'CG1-0015');
    const log = await upload(burnCsv('CG1-0015', await facility(2)));
    expect(log).toMatchObject({ facility_id: 2, kiln_pending: false });
    // the facility admin moves the kiln to its other facility and renames it (pending again)
    const moved = await api.server.http
      .post('/api/kiln/registry/edit')
      .set(as('facilityadmin'))
      .send({
        id: kiln.id,
        kiln_id: 'CG1-0015B',
        facility_id: NAIROBI,
        type: kiln.type,
        install_date: kiln.install_date,
        config: JSON.parse(kiln.config),
      });
    expect(moved.status).toBe(200);
    const again = await analyse(log.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ facility_id: 2, kiln: kiln.id, kiln_pending: false });
  });
});
