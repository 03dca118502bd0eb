import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccess, operationFor, type AccessRequest } from '../../src/domain/operations';
import { rulesForRole } from '../../src/domain/rules';
import { DEMO_USERS } from '../../mock-server/seed/users';
import { TINY_PDF, facilityPayload, kilnPayload, pngImage, type DemoUsername } from '../helpers/configure';
import { bearer, startWithTokens, type TestServer } from '../helpers/testServer';
import type { Test } from 'supertest';
import { newKeyPair } from '../../mock-server/kilns/kilnKeys';

/**
 * Every guarded API call, with the operation of `src/domain/operations.ts`
 * that guards it: the console asks the same table, so a role sees a button
 * exactly when the server lets the call through.
 */
interface GuardedCall {
  call: string;
  operation: AccessRequest;
  send(server: TestServer, token: string): Test;
}

const get = (path: string) => (server: TestServer, token: string) => server.http.get(path).set(bearer(token));
const post = (path: string) => (server: TestServer, token: string) => server.http.post(path).set(bearer(token));

/** One row of the table: the call, the resource and action of its operation, and how to send it. */
const guarded = (call: string, resource: string, action: string, send: GuardedCall['send']): GuardedCall => ({
  call,
  operation: { resource, action },
  send,
});

const CALLS: GuardedCall[] = [
  guarded('GET /changes', 'changes', 'list', get('/api/changes')),
  guarded('GET /facilities', 'facilities', 'list', get('/api/facilities')),
  guarded('GET /dropdowns/facilities', 'facilities', 'list', get('/api/dropdowns/facilities')),
  guarded('POST /facility/add', 'facilities', 'create', (s, t) => post('/api/facility/add')(s, t).send(facilityPayload())),
  guarded('POST /facility/edit', 'facilities', 'edit', (s, t) =>
    post('/api/facility/edit')(s, t).send(facilityPayload({ id: 1, mnemonic: 'NRB' })),
  ),
  guarded('GET /facility/{id}/photo', 'photos', 'show', get('/api/facility/1/photo')),
  guarded('POST /photo/upload', 'photos', 'upload', (s, t) =>
    post('/api/photo/upload')(s, t)
      .set('Related-Facility', '1')
      .set('photo-guid', '0b6f1a52-3f0e-4d55-9c1e-2f8f5a0d7c11')
      .attach('photo', pngImage(40, 30), 'yard.png')
      .attach('thumb', pngImage(40, 30), 'thumb.png'),
  ),
  guarded('GET /facility/{id}/audit', 'statements', 'show', get('/api/facility/1/audit')),
  guarded('POST /facility/{id}/upload_audit', 'statements', 'upload', (s, t) =>
    post('/api/facility/1/upload_audit')(s, t).field('file_type', 'pdf').attach('file', TINY_PDF, 'statement.pdf'),
  ),
  guarded('GET /kiln/registry/list', 'kilns', 'list', get('/api/kiln/registry/list')),
  guarded('GET /facility/{id}/kilns', 'kilns', 'list', get('/api/facility/1/kilns')),
  guarded('POST /kiln/registry/add', 'kilns', 'create', (s, t) => post('/api/kiln/registry/add')(s, t).send(kilnPayload())),
  guarded('POST /kiln/registry/edit', 'kilns', 'edit', (s, t) => post('/api/kiln/registry/edit')(s, t).send(kilnPayload({ id: 1 }))),
  guarded('GET /kilnlogs', 'kiln_logs', 'list', get('/api/kilnlogs')),
  guarded('GET /kilnlogs/{id}', 'kiln_logs', 'show', get('/api/kilnlogs/1')),
  guarded('GET /kilnlogs/{id}/download', 'kiln_logs', 'download', get('/api/kilnlogs/1/download')),
  guarded('POST /kilnlogs/upload', 'kiln_logs', 'upload', (s, t) =>
    post('/api/kilnlogs/upload')(s, t).set('Content-Type', 'text/csv').send('not a burn log\n'),
  ),
  guarded('POST /kilnlogs/{id}/analyse', 'kiln_logs', 'analyse', post('/api/kilnlogs/999999/analyse')),
  guarded('POST /kilnlogs/{id}/archive', 'kiln_logs', 'archive', post('/api/kilnlogs/999999/archive')),
  guarded('GET /archived_kilnlogs', 'archived_kiln_logs', 'list', get('/api/archived_kilnlogs')),
  guarded('GET /archived_kilnlogs/retention', 'archived_kiln_logs', 'list', get('/api/archived_kilnlogs/retention')),
  guarded('POST /archived_kilnlogs/{id}/restore', 'archived_kiln_logs', 'restore', post('/api/archived_kilnlogs/999999/restore')),
  guarded('GET /batches', 'batches', 'list', get('/api/batches')),
  guarded('GET /batches/{id}', 'batches', 'show', get('/api/batches/999999')),
  guarded('POST /batches', 'batches', 'create', (s, t) =>
    post('/api/batches')(s, t).send({ label: 'probe', facility_id: 999999, kiln_type: 0, feedstock: 'wood', analysis_ids: [999999] }),
  ),
  guarded('POST /batches/{id}/close', 'batches', 'edit', post('/api/batches/999999/close')),
  guarded('PUT /batches/{id}/emissions', 'batches', 'edit', (s, t) =>
    s.http
      .put('/api/batches/999999/emissions')
      .set(bearer(t))
      .send({ methane_g_per_kg: null, methane_method: null, other_co2e_g: null, other_note: null }),
  ),
  guarded('GET /batches/{id}/lab-results', 'lab_results', 'list', get('/api/batches/999999/lab-results')),
  guarded('GET /batches/{id}/lab-results/{rid}/certificate', 'lab_results', 'show', get('/api/batches/999999/lab-results/1/certificate')),
  guarded('POST /batches/{id}/lab-results', 'lab_results', 'create', (s, t) =>
    post('/api/batches/999999/lab-results')(s, t).field('lab_id', '1').attach('certificate', TINY_PDF, 'certificate.pdf'),
  ),
  guarded('GET /batches/{id}/end-uses', 'end_uses', 'list', get('/api/batches/999999/end-uses')),
  guarded('POST /batches/{id}/end-uses', 'end_uses', 'create', (s, t) =>
    post('/api/batches/999999/end-uses')(s, t).field('dry_g', '1').attach('evidence', TINY_PDF, 'note.pdf'),
  ),
  guarded('GET /labs', 'labs', 'list', get('/api/labs')),
  guarded('POST /labs', 'labs', 'create', (s, t) => post('/api/labs')(s, t).send({ name: ' ', accreditation: ' ' })),
  guarded('POST /labs/{id}/keys', 'labs', 'certify', (s, t) =>
    post('/api/labs/999999/keys')(s, t).send({ public_key: newKeyPair().publicPem }),
  ),
];

describe('every guarded call answers as the operation table says, for every role', () => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  beforeAll(async () => {
    ({ server, tokens } = await startWithTokens());
  });
  afterAll(() => server.close());

  it('names only operations the table has', () => {
    for (const { call, operation } of CALLS) expect(operationFor(operation), call).toBeDefined();
  });

  for (const user of DEMO_USERS) {
    it(`${user.username}: 403 exactly where the table refuses`, async () => {
      const rules = rulesForRole(user.role);
      for (const { call, operation, send } of CALLS) {
        const status = (await send(server, tokens[user.username])).status;
        const allowed = canAccess(rules, operation);
        if (allowed) expect([401, 403], `${user.username} ${call} → ${status}`).not.toContain(status);
        else expect(status, `${user.username} ${call}`).toBe(403);
      }
    });
  }
});

/**
 * The finer questions a handler asks through may() beyond its route's operation (a super-admin
 * made, a facility taken from its owner, a kiln key in force at once): answered for every role
 * that passes the route as the table's entry says.
 */
describe("every finer question a handler asks answers as the table's entry says, for every role", () => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  beforeAll(async () => {
    ({ server, tokens } = await startWithTokens());
  });
  afterAll(() => server.close());

  const newUser = (token: string, username: string, role: number, facilityIds: number[] = []) =>
    server.http.post('/api/users').set(bearer(token)).send({ username, role, password: 'Temp-Pass-2026!', facility_ids: facilityIds });

  for (const user of DEMO_USERS) {
    it(`${user.username}: users.grantSuperAdmin, facilities.reassign and kilns.approve`, async () => {
      const rules = rulesForRole(user.role);
      const token = tokens[user.username];
      if (canAccess(rules, { resource: 'users', action: 'create' })) {
        // a super-admin made: refused unless the caller may grant it
        const admin = await newUser(token, `probe-admin-${user.id}`, 0);
        expect(admin.status, `${user.username} makes a super-admin`).toBe(
          canAccess(rules, { resource: 'users', action: 'grantSuperAdmin' }) ? 201 : 403,
        );
        // facility 1 belongs to the demo facility admin: giving it to a new owner moves it
        const owner = await newUser(token, `probe-owner-${user.id}`, 4, [1]);
        expect(owner.status, `${user.username} takes facility 1 from its owner`).toBe(
          canAccess(rules, { resource: 'facilities', action: 'reassign' }) ? 201 : 403,
        );
      }
      if (canAccess(rules, { resource: 'kilns', action: 'edit' })) {
        // a key registered by whoever may approve kilns is in force at once; anyone else's waits (on a kiln the caller sees:
        // the probes above may have given facility 1 to a new owner)
        const registry = await server.http.get('/api/kiln/registry/list').set(bearer(token));
        const kiln = (registry.body as { kilns: { id: number }[] }).kilns[0]!;
        const res = await server.http
          .post(`/api/kilns/${kiln.id}/keys`)
          .set(bearer(token))
          .send({ label: `probe ${user.id}`, public_key: newKeyPair().publicPem });
        expect(res.status, `${user.username} adds a kiln key`).toBe(201);
        expect(res.body.approved_ts !== null, `${user.username}'s key in force at once`).toBe(
          canAccess(rules, { resource: 'kilns', action: 'approve' }),
        );
      }
    });
  }
});
