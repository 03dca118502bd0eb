import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccess, operationFor, type AccessRequest } from '../../src/domain/operations';
import { rulesForRole } from '../../src/domain/rules';
import { DEMO_USERS } from '../../mock-server/seed/users';
import { TINY_PDF, facilityPayload, kilnPayload, pngImage, type DemoUsername } from '../helpers/configure';
import { bearer, startWithTokens, type TestServer } from '../helpers/testServer';
import type { Test } from 'supertest';

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

const CALLS: GuardedCall[] = [
  { call: 'GET /changes', operation: { resource: 'changes', action: 'list' }, send: get('/api/changes') },
  { call: 'GET /facilities', operation: { resource: 'facilities', action: 'list' }, send: get('/api/facilities') },
  { call: 'GET /dropdowns/facilities', operation: { resource: 'facilities', action: 'list' }, send: get('/api/dropdowns/facilities') },
  {
    call: 'POST /facility/add',
    operation: { resource: 'facilities', action: 'create' },
    send: (s, t) => post('/api/facility/add')(s, t).send(facilityPayload()),
  },
  {
    call: 'POST /facility/edit',
    operation: { resource: 'facilities', action: 'edit' },
    send: (s, t) => post('/api/facility/edit')(s, t).send(facilityPayload({ id: 1, mnemonic: 'NRB' })),
  },
  { call: 'GET /facility/{id}/photo', operation: { resource: 'photos', action: 'show' }, send: get('/api/facility/1/photo') },
  {
    call: 'POST /photo/upload',
    operation: { resource: 'photos', action: 'upload' },
    send: (s, t) =>
      post('/api/photo/upload')(s, t)
        .set('Related-Facility', '1')
        .set('photo-guid', '0b6f1a52-3f0e-4d55-9c1e-2f8f5a0d7c11')
        .attach('photo', pngImage(40, 30), 'yard.png')
        .attach('thumb', pngImage(40, 30), 'thumb.png'),
  },
  { call: 'GET /facility/{id}/audit', operation: { resource: 'statements', action: 'show' }, send: get('/api/facility/1/audit') },
  {
    call: 'POST /facility/{id}/upload_audit',
    operation: { resource: 'statements', action: 'upload' },
    send: (s, t) => post('/api/facility/1/upload_audit')(s, t).field('file_type', 'pdf').attach('file', TINY_PDF, 'statement.pdf'),
  },
  { call: 'GET /kiln/registry/list', operation: { resource: 'kilns', action: 'list' }, send: get('/api/kiln/registry/list') },
  { call: 'GET /facility/{id}/kilns', operation: { resource: 'kilns', action: 'list' }, send: get('/api/facility/1/kilns') },
  {
    call: 'POST /kiln/registry/add',
    operation: { resource: 'kilns', action: 'create' },
    send: (s, t) => post('/api/kiln/registry/add')(s, t).send(kilnPayload()),
  },
  {
    call: 'POST /kiln/registry/edit',
    operation: { resource: 'kilns', action: 'edit' },
    send: (s, t) => post('/api/kiln/registry/edit')(s, t).send(kilnPayload({ id: 1 })),
  },
  { call: 'GET /kilnlogs', operation: { resource: 'kiln_logs', action: 'list' }, send: get('/api/kilnlogs') },
  { call: 'GET /kilnlogs/{id}', operation: { resource: 'kiln_logs', action: 'show' }, send: get('/api/kilnlogs/1') },
  { call: 'GET /kilnlogs/{id}/download', operation: { resource: 'kiln_logs', action: 'download' }, send: get('/api/kilnlogs/1/download') },
  {
    call: 'POST /kilnlogs/upload',
    operation: { resource: 'kiln_logs', action: 'upload' },
    send: (s, t) => post('/api/kilnlogs/upload')(s, t).set('Content-Type', 'text/csv').send('not a burn log\n'),
  },
  {
    call: 'POST /kilnlogs/{id}/analyse',
    operation: { resource: 'kiln_logs', action: 'analyse' },
    send: post('/api/kilnlogs/999999/analyse'),
  },
  {
    call: 'POST /kilnlogs/{id}/archive',
    operation: { resource: 'kiln_logs', action: 'archive' },
    send: post('/api/kilnlogs/999999/archive'),
  },
  { call: 'GET /archived_kilnlogs', operation: { resource: 'archived_kiln_logs', action: 'list' }, send: get('/api/archived_kilnlogs') },
  {
    call: 'GET /archived_kilnlogs/retention',
    operation: { resource: 'archived_kiln_logs', action: 'list' },
    send: get('/api/archived_kilnlogs/retention'),
  },
  {
    call: 'POST /archived_kilnlogs/{id}/restore',
    operation: { resource: 'archived_kiln_logs', action: 'restore' },
    send: post('/api/archived_kilnlogs/999999/restore'),
  },
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
