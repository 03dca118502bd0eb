import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Test } from 'supertest';
import { kilnPayload, pngImage, TINY_PDF } from '../helpers/configure';
import { snapshot } from '../helpers/snapshot';
import { burnCsv } from '../helpers/kilnLogUploads';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';
import type { KilnRecord } from '../../mock-server/store/model';
import { facility, kilnLogs } from '../helpers/storeAccess';

/**
 * Point 14 of the security review (docs/security.md): every call that takes a
 * facility, kiln, log or statement id answers a facility admin the same 404
 * for another facility's id as for an id that does not exist, and stores
 * nothing. The facility admin owns facilities 1 and 2; 3 and 4 are others'.
 */

let server: TestServer;
let token: string;
const ids = { ownKiln: 0, otherKiln: 0, ownLog: 0, otherLog: 0, otherStatement: 0 };
const MISSING = 999_999;
/** the kilns as seeded */
let kilns: KilnRecord[] = [];
const GUID = '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd';

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('facilityadmin');
  kilns = await server.ctx.data.kilns.list();
  ids.ownKiln = kilns.find((k) => k.facility_id === 1)!.id;
  ids.otherKiln = kilns.find((k) => k.facility_id === 3)!.id;
  ids.ownLog = (await kilnLogs(server)).find((l) => l.facility_id === 1)!.id;
  const uploader = await server.login('uploader');
  const upload = await server.http
    .post('/api/kilnlogs/upload')
    .set(bearer(uploader))
    .set('Content-Type', 'text/csv')
    .send(burnCsv(kilns.find((k) => k.id === ids.otherKiln)!.kiln_id, await facility(server, 3)));
  ids.otherLog = upload.body.id;
  const admin = await server.login('superadmin');
  const statement = await server.http
    .post('/api/facility/3/upload_audit')
    .set(bearer(admin))
    .field('file_type', 'pdf')
    .attach('file', TINY_PDF, 's.pdf');
  ids.otherStatement = statement.body.id;
});
afterAll(() => server.close());

const as = (req: Test) => req.set(bearer(token));
const kilnEdit = (id: number, facilityId: number) => {
  const kiln = kilns.find((k) => k.id === id);
  return { id, kiln_id: kiln?.kiln_id ?? 'CG1-X', facility_id: facilityId, type: kiln?.type ?? 0, install_date: '2024-01-01', config: {} };
};
const facilityEdit = (id: number) => ({
  id,
  mnemonic: '',
  name: 'Renamed',
  owner_id: 5,
  latMin: -1,
  latMax: 1,
  lonMin: -1,
  lonMax: 1,
  config: { cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } },
});

/** Each call, given the id to try: another facility's (3) or one that does not exist. */
const CALLS: Record<string, (other: boolean) => Test> = {
  'GET /facility/{id}/kilns': (other) => as(server.http.get(`/api/facility/${other ? 3 : MISSING}/kilns`)),
  'GET /facility/{id}/photo': (other) => as(server.http.get(`/api/facility/${other ? 3 : MISSING}/photo`)),
  'GET /facility/{id}/audit': (other) => as(server.http.get(`/api/facility/${other ? 3 : MISSING}/audit`)),
  'GET /facility/{own}/audit?id={other statement}': (other) =>
    as(server.http.get(`/api/facility/1/audit?id=${other ? ids.otherStatement : MISSING}`)),
  'POST /facility/{id}/upload_audit': (other) =>
    as(server.http.post(`/api/facility/${other ? 3 : MISSING}/upload_audit`))
      .field('file_type', 'pdf')
      .attach('file', TINY_PDF, 's.pdf'),
  'POST /photo/upload': (other) =>
    as(server.http.post('/api/photo/upload'))
      .set('Related-Facility', String(other ? 3 : MISSING))
      .set('photo-guid', GUID)
      .attach('photo', pngImage(40, 30), 'p.png')
      .attach('thumb', pngImage(40, 30), 't.png'),
  'POST /facility/edit': (other) => as(server.http.post('/api/facility/edit')).send(facilityEdit(other ? 3 : MISSING)),
  'POST /kiln/registry/add': (other) =>
    as(server.http.post('/api/kiln/registry/add')).send(kilnPayload({ facility_id: other ? 3 : MISSING })),
  'POST /kiln/registry/edit (another kiln)': (other) =>
    as(server.http.post('/api/kiln/registry/edit')).send(kilnEdit(other ? ids.otherKiln : MISSING, 3)),
  'POST /kiln/registry/edit (own kiln moved away)': (other) =>
    as(server.http.post('/api/kiln/registry/edit')).send(kilnEdit(ids.ownKiln, other ? 3 : MISSING)),
  'GET /kilnlogs/{id}': (other) => as(server.http.get(`/api/kilnlogs/${other ? ids.otherLog : MISSING}`)),
  'GET /kilnlogs/{id}/download': (other) => as(server.http.get(`/api/kilnlogs/${other ? ids.otherLog : MISSING}/download`)),
};

describe("a facility admin gets for another facility's ids exactly what it gets for none", () => {
  it.each(Object.keys(CALLS))('%s → 404, the same body, nothing stored', async (name) => {
    const before = await snapshot(server);
    const other = await CALLS[name](true);
    const missing = await CALLS[name](false);
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect(await snapshot(server)).toEqual(before);
  });

  it('lists hold none of the other facilities, whatever the filter asks', async () => {
    const res = await as(server.http.get(`/api/kilnlogs?filter=${encodeURIComponent(JSON.stringify({ facility_id: [3, 4] }))}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const byId = await as(
      server.http.get(`/api/kilnlogs?filter=${encodeURIComponent(JSON.stringify({ id: [ids.otherLog, ids.ownLog] }))}`),
    );
    expect((byId.body as { id: number }[]).map((r) => r.id)).toEqual([ids.ownLog]);
  });
});
