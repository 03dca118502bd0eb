import { describe, expect, it } from 'vitest';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import type { KilnRecord } from '../../mock-server/store/model';
import { kilnPayload } from '../helpers/configure';
import { snapshot } from '../helpers/snapshot';
import { burnCsv } from '../helpers/kilnLogUploads';
import { useTestServer } from '../helpers/testServer';
import { facility as storedFacility, kiln as storedKiln } from '../helpers/storeAccess';

/**
 * The two high-severity holes of the security review (docs/security.md), tried
 * the way the attacker did: the facility admin (owner of facilities 1 and 2)
 * reaching for Tasmania's kiln TFX-0004 (facility 3), and the user-admin
 * reaching for the super-admin's password.
 */

const api = useTestServer();

const TASMANIA = 3;
const { as } = api;
const facility = (id: number) => storedFacility(api.server, id);
const kiln = (kilnId: string) => storedKiln(api.server, kilnId);
/** The facility admin's edit of a stored kiln, as the registry form sends it, with `change` made. */
const editAsFacilityAdmin = (own: KilnRecord, change: Partial<Pick<KilnRecord, 'kiln_id' | 'facility_id'>>) =>
  api.server.http
    .post('/api/kiln/registry/edit')
    .set(as('facilityadmin'))
    .send({
      id: own.id,
      kiln_id: own.kiln_id,
      facility_id: own.facility_id,
      type: own.type,
      install_date: own.install_date,
      config: JSON.parse(own.config),
      ...change,
    });
const upload = (csv: string) => api.server.http.post('/api/kilnlogs/upload').set(as('uploader')).set('Content-Type', 'text/csv').send(csv);

describe("a facility admin cannot take over another facility's kiln", () => {
  it("refuses registering another facility's kiln id in its own facility: a 400 on kiln_id naming no facility, nothing stored", async () => {
    const before = await snapshot(api.server);
    const res = await api.server.http
      .post('/api/kiln/registry/add')
      .set(as('facilityadmin'))
      .send(kilnPayload({ kiln_id: 'TFX-0004', facility_id: 1 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('kiln_id is already in use.');
    expect(JSON.stringify(res.body)).not.toMatch(/TAS|Tasmania|facility 3/i);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it("refuses renaming its own kiln to another facility's kiln id (any case), nothing stored", async () => {
    const own = await kiln('CG1-0007');
    const before = await snapshot(api.server);
    const res = await editAsFacilityAdmin(own, { kiln_id: 'tfx-0004' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('kiln_id is already in use.');
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('refuses moving its own kiln into a facility it does not manage (404, as for none), nothing stored', async () => {
    const own = await kiln('CG1-0012');
    const before = await snapshot(api.server);
    const res = await editAsFacilityAdmin(own, { facility_id: TASMANIA });
    expect(res.status).toBe(404);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it("files the kiln's next upload under its own facility, which the facility admin cannot download", async () => {
    const res = await upload(burnCsv('TFX-0004', await facility(TASMANIA)));
    expect(res.status).toBe(201);
    const log = res.body as KilnLog;
    expect(log.facility_id).toBe(TASMANIA);
    expect((await api.server.http.get(`/api/kilnlogs/${log.id}/download`).set(as('facilityadmin'))).status).toBe(404);
  });

  it('keeps a log under the facility it arrived in when it is analysed again after its kiln moved', async () => {
    const tfx = await kiln('TFX-0004');
    const res = await upload(burnCsv('TFX-0004', await facility(TASMANIA)));
    const log = res.body as KilnLog;
    expect(log.facility_id).toBe(TASMANIA);
    // the super-admin, who may manage both facilities, moves the kiln to Nairobi
    const moved = await api.server.http
      .post('/api/kiln/registry/edit')
      .set(as('superadmin'))
      .send({
        id: tfx.id,
        kiln_id: tfx.kiln_id,
        facility_id: 1,
        type: tfx.type,
        install_date: tfx.install_date,
        config: JSON.parse(tfx.config),
      });
    expect(moved.status).toBe(200);
    const again = await api.server.http.post(`/api/kilnlogs/${log.id}/analyse`).set(as('kilnadmin'));
    expect(again.status).toBe(200);
    expect(again.body.facility_id).toBe(TASMANIA);
    expect(again.body.facility_name).toBe((await facility(TASMANIA)).name);
    expect((await api.server.http.get(`/api/kilnlogs/${log.id}`).set(as('facilityadmin'))).status).toBe(404);
  });
});

describe('a user-admin cannot take over the super-admin', () => {
  const STRONG = 'Takeover-Attempt-2026!';

  it("refuses setting the super-admin's password (403), which stays as it was", async () => {
    const before = await snapshot(api.server);
    const res = await api.server.http.post('/api/user/superadmin/update').set(as('useradmin')).send({ pass: STRONG });
    expect(res.status).toBe(403);
    expect(await snapshot(api.server)).toEqual(before);
    expect((await api.server.http.post('/api/auth').send({ username: 'superadmin', password: STRONG })).status).toBe(401);
  });

  it("still lets the super-admin set its own password and a user-admin set another user's", async () => {
    expect((await api.server.http.post('/api/user/broker/update').set(as('useradmin')).send({ pass: STRONG })).status).toBe(200);
    expect((await api.server.http.post('/api/user/superadmin/update').set(as('superadmin')).send({ pass: STRONG })).status).toBe(200);
  });
});
