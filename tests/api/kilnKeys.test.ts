import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { newKeyPair, signBytes, verifiesBytes } from '../../mock-server/kilns/kilnKeys';
import { demoKilnPrivateKey, UNSIGNED_DEMO_KILN } from '../../mock-server/seed/kilnKeys';
import type { FacilityChange, KilnKey } from '../../src/domain/api/configure';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { signOffWithTinyPdf, usersWithout, type DemoUsername } from '../helpers/configure';
import { addTestKiln, burnCsv } from '../helpers/kilnLogUploads';
import { facility as storedFacility, kiln as storedKiln } from '../helpers/storeAccess';
import { binaryBody, startTestServer, storedKeys, useTestServer } from '../helpers/testServer';

/**
 * Kilns sign their own logs (docs/security.md, "Kiln identity"):
 * keys per kiln, signed uploads with or without a token, the refusals, the
 * signature state kept by audits, and a facility that takes only signed burns.
 */

const api = useTestServer();

const NAIROBI = 1;
const { as } = api;
const kilnIdOf = async (kilnId: string) => (await storedKiln(api.server, kilnId)).id;
const keysOf = async (kiln: number, who: DemoUsername = 'superadmin'): Promise<KilnKey[]> => {
  const res = await api.server.http.get(`/api/kilns/${kiln}/keys`).set(as(who));
  expect(res.status).toBe(200);
  return res.body;
};
const addKey = (kiln: number, publicKey: string, who: DemoUsername = 'facilityadmin', label = 'yard logger') =>
  api.server.http.post(`/api/kilns/${kiln}/keys`).set(as(who)).send({ label, public_key: publicKey });
const registerNewKey = async (kiln: number, who: DemoUsername = 'superadmin') => {
  const pair = newKeyPair();
  const res = await addKey(kiln, pair.publicPem, who);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...pair, key: res.body as KilnKey };
};
const csvFor = async (kilnId: string) => Buffer.from(burnCsv(kilnId, await storedFacility(api.server, NAIROBI)));
/** an upload of `bytes` as text/csv, signed with these headers (none: unsigned) and this token (none: no Authorization) */
const upload = (bytes: Buffer, headers: Record<string, string> = {}, who?: DemoUsername) => {
  let req = api.server.http.post('/api/kilnlogs/upload').set('Content-Type', 'text/csv').set(headers);
  if (who) req = req.set(as(who));
  return req.send(bytes);
};
const signedBy = (pair: { privatePem: string; fingerprint: string }, bytes: Buffer) => ({
  'Kiln-Key': pair.fingerprint,
  'Kiln-Signature': signBytes(pair.privatePem, bytes),
});
const stored = async (bytes: Buffer) => api.server.ctx.data.kilnLogs.findBySha256(createHash('sha256').update(bytes).digest('hex'));
const trail = async (facilityId: number): Promise<FacilityChange[]> =>
  (await api.server.http.get(`/api/facility/${facilityId}/changes`).set(as('superadmin'))).body;

describe("a kiln's keys", () => {
  it('are added by who may update the kiln, in its facility, with the fingerprint of the DER SPKI, and listed by who reads it', async () => {
    const kiln = await kilnIdOf('CG1-0012');
    const { publicPem, fingerprint, key } = await registerNewKey(kiln, 'facilityadmin');
    const der = createPublicKey(publicPem).export({ type: 'spki', format: 'der' });
    expect(key).toMatchObject({
      kiln_id: kiln,
      fingerprint: createHash('sha256').update(der).digest('hex'),
      label: 'yard logger',
      created_by: 5,
      created_by_name: 'facilityadmin',
      revoked_ts: null,
    });
    expect(key.fingerprint).toBe(fingerprint);
    expect(key.public_key).toContain('BEGIN PUBLIC KEY');
    const listed = await keysOf(kiln, 'kilnadmin');
    expect(listed.map((k) => [k.id, k.fingerprint, k.label, k.created_by, k.created_by_name, k.revoked_ts])).toEqual([
      [key.id, fingerprint, 'yard logger', 5, 'facilityadmin', null],
    ]);
    // the trail says who added which key of which kiln
    expect((await trail(NAIROBI))[0]).toMatchObject({
      action: 'add_kiln_key',
      actor_username: 'facilityadmin',
      detail: { kiln: { id: kiln, kiln_id: 'CG1-0012' }, key: { id: key.id, fingerprint } },
    });
  });

  it("are refused to who may not update the kiln (403), for another facility's kiln (404), without a token (401)", async () => {
    const other = await kilnIdOf('TFX-0004');
    const before = await keysOf(other);
    expect((await addKey(other, newKeyPair().publicPem, 'uploader')).status).toBe(403);
    expect((await addKey(other, newKeyPair().publicPem, 'facilityadmin')).status).toBe(404);
    expect((await api.server.http.get(`/api/kilns/${other}/keys`).set(as('facilityadmin'))).status).toBe(404);
    expect((await api.server.http.post(`/api/kilns/${other}/keys`).send({ label: 'x', public_key: newKeyPair().publicPem })).status).toBe(
      401,
    );
    expect((await api.server.http.get('/api/kilns/99999/keys').set(as('superadmin'))).status).toBe(404);
    expect(await keysOf(other)).toEqual(before);
  });

  it('must be Ed25519 public keys in PEM, registered once anywhere: else a 400 on public_key, nothing stored', async () => {
    const kiln = await kilnIdOf('RTR-0011');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const pair = newKeyPair();
    const mangled = pair.publicPem.replace(/[A-Za-z0-9]{8}(?=\n-----END)/, 'AAAAAAAA').replace('MCow', 'MCoX');
    const cases: [string, RegExp][] = [
      [rsa, /Ed25519.*RSA/],
      [ec, /Ed25519.*EC/],
      ['not a key', /PEM/],
      [mangled, /readable/],
      [pair.privatePem, /private key/],
    ];
    for (const [pem, reason] of cases) {
      const res = await addKey(kiln, pem, 'superadmin');
      expect(res.status, pem).toBe(400);
      expect(res.body.errors.public_key).toMatch(reason);
    }
    expect((await addKey(kiln, pair.publicPem, 'superadmin', '   ')).body.errors).toHaveProperty('label');
    const first = await addKey(kiln, pair.publicPem, 'superadmin');
    expect(first.status).toBe(201);
    // the same key again, on this kiln or another
    for (const [other, who] of [
      [kiln, 'superadmin'],
      [await kilnIdOf('CG1-0015'), 'facilityadmin'],
    ] as const) {
      const again = await addKey(other, pair.publicPem, who);
      expect(again.status).toBe(400);
      expect(again.body.errors.public_key).toMatch(/registered already/);
    }
    expect((await keysOf(kiln)).map((k) => k.fingerprint)).toEqual([pair.fingerprint]);
  });
});

describe("who added a key, and the trail of a kiln's keys", () => {
  const keyTrail = (kiln: number, who?: DemoUsername) => {
    const req = api.server.http.get(`/api/kilns/${kiln}/keys/changes`);
    return who ? req.set(as(who)) : req;
  };

  it('name who added each key by username; a seeded key or one of a user since deleted names no one', async () => {
    const kiln = (await addTestKiln(api.server, 'TRAIL-CG1-0001', NAIROBI)).id;
    const { key } = await registerNewKey(kiln, 'superadmin');
    // stored as the seed stores its keys: created by no one, or by a user id no longer there
    for (const [label, created_by] of [
      ['seeded', null],
      ['gone', 99999],
    ] as const) {
      const pair = newKeyPair();
      await api.server.ctx.data.kilns.addKey({
        kiln_id: kiln,
        fingerprint: pair.fingerprint,
        label,
        public_key: pair.publicPem,
        created_ts: new Date().toISOString(),
        created_by,
        approved_ts: new Date().toISOString(),
        approved_by: null,
      });
    }
    const listed = await keysOf(kiln, 'facilityadmin');
    expect(listed.map((k) => [k.label, k.created_by, k.created_by_name])).toEqual([
      ['yard logger', 1, 'superadmin'],
      ['seeded', null, null],
      ['gone', 99999, null],
    ]);
    // the revoked key answered names who added it too
    const revoked = await api.server.http.post(`/api/kilns/${kiln}/keys/${key.id}/revoke`).set(as('facilityadmin'));
    expect(revoked.body).toMatchObject({ id: key.id, created_by_name: 'superadmin' });
  });

  it('lists who added or revoked which key of this kiln, when, newest first, to who reads the kiln, in its facility', async () => {
    const kiln = (await addTestKiln(api.server, 'TRAIL-CG1-0002', NAIROBI)).id;
    const neighbour = (await addTestKiln(api.server, 'TRAIL-CG1-0003', NAIROBI)).id;
    expect((await keyTrail(kiln, 'kilnadmin')).body).toEqual([]);
    const { key, fingerprint } = await registerNewKey(kiln, 'facilityadmin');
    await registerNewKey(neighbour, 'facilityadmin');
    expect((await api.server.http.post(`/api/kilns/${kiln}/keys/${key.id}/revoke`).set(as('superadmin'))).status).toBe(200);

    const res = await keyTrail(kiln, 'kilnadmin');
    expect(res.status).toBe(200);
    const detail = { kiln: { id: kiln, kiln_id: 'TRAIL-CG1-0002' }, key: { id: key.id, fingerprint, label: 'yard logger' } };
    expect(res.body).toEqual([
      expect.objectContaining({ action: 'revoke_kiln_key', actor_username: 'superadmin', facility_id: NAIROBI, detail }),
      expect.objectContaining({ action: 'add_kiln_key', actor_username: 'facilityadmin', facility_id: NAIROBI, detail }),
    ]);
    expect(Date.parse(res.body[0].ts)).toBeGreaterThanOrEqual(Date.parse(res.body[1].ts));
    expect((await keyTrail(kiln, 'facilityadmin')).body).toEqual(res.body);
  });

  it("is refused without a token (401), to a role that may not read kilns (403), for another facility's kiln or none (404)", async () => {
    const other = await kilnIdOf('TFX-0004');
    expect((await keyTrail(other)).status).toBe(401);
    for (const who of ['uploader', 'useradmin', 'broker'] as const) expect((await keyTrail(other, who)).status, who).toBe(403);
    expect((await keyTrail(other, 'facilityadmin')).status).toBe(404);
    expect((await keyTrail(99999, 'superadmin')).status).toBe(404);
    expect((await api.server.http.get('/api/kilns/abc/keys/changes').set(as('superadmin'))).status).toBe(400);
  });
});

describe('signed uploads', () => {
  it('by an active key of the kiln the log names are accepted without a token, and marked signed with the fingerprint and signature', async () => {
    const pair = await registerNewKey(await kilnIdOf('CG1-0007'));
    const bytes = await csvFor('CG1-0007');
    const headers = signedBy(pair, bytes);
    const res = await upload(bytes, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      kiln_id: 'CG1-0007',
      signed: true,
      key_fingerprint: pair.fingerprint,
      signature: headers['Kiln-Signature'],
    });
    const id = (res.body as KilnLog).id;
    const detail = await api.server.http.get(`/api/kilnlogs/${id}`).set(as('kilnadmin'));
    expect(detail.body).toMatchObject({ signed: true, key_fingerprint: pair.fingerprint });
    const list = await api.server.http
      .get('/api/kilnlogs')
      .query({ filter: JSON.stringify({ id }) })
      .set(as('kilnadmin'));
    expect(list.body[0]).toMatchObject({ signed: true, key_fingerprint: pair.fingerprint });
    // the stored file is the signed bytes, byte for byte
    const raw = await api.server.http.get(`/api/kilnlogs/${id}/download`).set(as('kilnadmin')).buffer(true).parse(binaryBody);
    expect(Buffer.compare(raw.body as Buffer, bytes)).toBe(0);

    // with a token too; and as multipart, the file part's bytes signed
    const second = await csvFor('CG1-0007');
    expect((await upload(second, signedBy(pair, second), 'uploader')).body).toMatchObject({ signed: true });
    const third = await csvFor('CG1-0007');
    const multi = await api.server.http.post('/api/kilnlogs/upload').set(signedBy(pair, third)).attach('file', third, 'burn.csv');
    expect(multi.status).toBe(201);
    expect(multi.body).toMatchObject({ signed: true, key_fingerprint: pair.fingerprint });
  });

  it("for a kiln with an active key refuses with 401 an unsigned, wrongly signed or altered file, or another kiln's key, storing nothing", async () => {
    const pair = await registerNewKey(await kilnIdOf('RTR-0008'));
    const otherKiln = await registerNewKey(await kilnIdOf('CG1-0015'));
    const bytes = await csvFor('RTR-0008');
    const otherFile = await csvFor('RTR-0008');
    const altered = Buffer.from(bytes.toString('utf8').replace(/\n(\S)/, '\n9$1'));
    const refusals: [Record<string, string>, Buffer, RegExp, DemoUsername?][] = [
      [{}, bytes, /signs its logs: an unsigned upload/, 'uploader'],
      [signedBy(pair, otherFile), bytes, /does not match the file/],
      [signedBy(pair, bytes), altered, /does not match the file/],
      [signedBy(otherKiln, bytes), bytes, /another kiln's key: the log names kiln RTR-0008/],
    ];
    // the raw file is written while the log is analysed: a refusal after the analysis removes it
    const files = await storedKeys(api.server);
    for (const [headers, body, message, who] of refusals) {
      const res = await upload(body, headers, who);
      expect(res.status, message.source).toBe(401);
      expect(res.body.message).toMatch(message);
      expect(await stored(body)).toBeNull();
      expect(await storedKeys(api.server), message.source).toEqual(files);
    }
    // a signature over one file does not validate another; over its own, it does
    expect((await upload(otherFile, signedBy(pair, otherFile))).status).toBe(201);
  });

  it('by a revoked key is refused at once, on every server sharing the store; revoking is final', async () => {
    const kiln = await kilnIdOf('RTR-0005');
    const pair = await registerNewKey(kiln);
    const other = await startSecondServer();
    try {
      const first = await csvFor('RTR-0005');
      // the second server has checked this key before (a cache would keep it)
      expect((await other.post('/api/kilnlogs/upload').set('Content-Type', 'text/csv').set(signedBy(pair, first)).send(first)).status).toBe(
        201,
      );
      const revoked = await api.server.http.post(`/api/kilns/${kiln}/keys/${pair.key.id}/revoke`).set(as('superadmin'));
      expect(revoked.status).toBe(200);
      expect(revoked.body.revoked_ts).not.toBeNull();
      const bytes = await csvFor('RTR-0005');
      for (const http of [api.server.http, other]) {
        const res = await http.post('/api/kilnlogs/upload').set('Content-Type', 'text/csv').set(signedBy(pair, bytes)).send(bytes);
        expect(res.status).toBe(401);
        expect(res.body.message).toMatch(/revoked/);
      }
      expect(await stored(bytes)).toBeNull();
      const again = await api.server.http.post(`/api/kilns/${kiln}/keys/${pair.key.id}/revoke`).set(as('superadmin'));
      expect(again.status).toBe(409);
      // a revoked key cannot be registered again either
      expect((await addKey(kiln, pair.publicPem, 'superadmin')).status).toBe(400);
      expect((await trail(2)).find((c) => c.action === 'revoke_kiln_key')).toMatchObject({
        actor_username: 'superadmin',
        detail: { key: { id: pair.key.id } },
      });
      // another kiln's key id on this kiln's path is unknown here
      expect(
        (await api.server.http.post(`/api/kilns/${await kilnIdOf('CG1-0015')}/keys/${pair.key.id}/revoke`).set(as('superadmin'))).status,
      ).toBe(404);
    } finally {
      await other.stop();
    }
  });

  it('answer 400 for malformed headers and 401 for an unknown key, never a 500, storing nothing', async () => {
    const bytes = await csvFor('CG1-0021');
    const pair = newKeyPair();
    const good = signedBy(pair, bytes);
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ 'Kiln-Key': pair.fingerprint }, 400, /Kiln-Signature: missing/],
      [{ 'Kiln-Signature': good['Kiln-Signature'] }, 400, /Kiln-Key: missing/],
      [{ ...good, 'Kiln-Key': 'abc' }, 400, /not a fingerprint/],
      [{ ...good, 'Kiln-Key': 'a'.repeat(5000) }, 400, /too long/],
      [{ ...good, 'Kiln-Signature': 'A'.repeat(5000) }, 400, /too long/],
      [{ ...good, 'Kiln-Signature': Buffer.alloc(63).toString('base64') }, 400, /64 bytes, this one is 63/],
      [{ ...good, 'Kiln-Signature': '!!!!' }, 400, /not base64/],
      [good, 401, /names no registered kiln key/],
    ];
    for (const [headers, status, message] of cases) {
      const res = await upload(bytes, headers);
      expect(res.status, message.source).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await stored(bytes)).toBeNull();
  });

  it("leave a kiln without keys as it was: the uploader's unsigned upload is stored unsigned, no token no upload", async () => {
    const bytes = await csvFor('TFX-0006');
    expect((await upload(bytes)).status).toBe(401);
    const res = await upload(bytes, {}, 'uploader');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ signed: false, key_fingerprint: null, signature: null });
  });

  it('refuse filing an unsigned log of an unknown kiln under a kiln that signs its logs', async () => {
    await registerNewKey(await kilnIdOf('CG1-0024'));
    const res = await upload(await csvFor('CG1-0024-Y'), {}, 'uploader');
    expect(res.status).toBe(201);
    const assign = await api.server.http
      .post(`/api/kilnlogs/${res.body.id}/assign`)
      .set(as('superadmin'))
      .send({ kiln: await kilnIdOf('CG1-0024') });
    expect(assign.status).toBe(409);
    expect(assign.body.message).toMatch(/signs its logs/);
  });
});

describe('a key needs a second person: pending until a super-admin approves it', () => {
  const approve = (kiln: number, keyId: number, who?: DemoUsername) => {
    const req = api.server.http.post(`/api/kilns/${kiln}/keys/${keyId}/approve`);
    return who ? req.set(as(who)) : req;
  };
  const keyTrail = async (kiln: number): Promise<FacilityChange[]> =>
    (await api.server.http.get(`/api/kilns/${kiln}/keys/changes`).set(as('facilityadmin'))).body;

  it("is pending when anyone but a super-admin adds it; a super-admin's own key is approved at once", async () => {
    const kiln = (await addTestKiln(api.server, 'PEND-CG1-0001', NAIROBI)).id;
    const pending = await registerNewKey(kiln, 'facilityadmin');
    expect(pending.key).toMatchObject({ approved_ts: null, approved_by: null, revoked_ts: null });
    const own = await registerNewKey(kiln, 'superadmin');
    expect(own.key).toMatchObject({ approved_by: 1, approved_ts: own.key.created_ts });
    expect((await keysOf(kiln, 'facilityadmin')).map((k) => [k.id, k.approved_ts, k.approved_by])).toEqual([
      [pending.key.id, null, null],
      [own.key.id, own.key.created_ts, 1],
    ]);
  });

  it('signs nothing while pending (401, nothing stored), nor makes its kiln require signatures', async () => {
    const kiln = (await addTestKiln(api.server, 'PEND-CG1-0002', NAIROBI)).id;
    const pair = await registerNewKey(kiln, 'facilityadmin');
    const bytes = await csvFor('PEND-CG1-0002');
    const files = await storedKeys(api.server);
    for (const who of [undefined, 'uploader'] as const) {
      const res = await upload(bytes, signedBy(pair, bytes), who);
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(`The key ${pair.fingerprint.slice(0, 16)}… is not approved yet`);
    }
    expect(await stored(bytes)).toBeNull();
    expect(await storedKeys(api.server)).toEqual(files);
    // the kiln has no active key: the uploader's unsigned upload is taken, unsigned
    const unsigned = await upload(bytes, {}, 'uploader');
    expect(unsigned.status, JSON.stringify(unsigned.body)).toBe(201);
    expect(unsigned.body).toMatchObject({ kiln_id: 'PEND-CG1-0002', signed: false });
  });

  it("counts once a super-admin approved it: its signatures are taken, the kiln's unsigned uploads refused, the approval in the key trail", async () => {
    const kiln = (await addTestKiln(api.server, 'PEND-CG1-0003', NAIROBI)).id;
    const pair = await registerNewKey(kiln, 'facilityadmin');
    const res = await approve(kiln, pair.key.id, 'superadmin');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: pair.key.id, approved_by: 1, created_by_name: 'facilityadmin', revoked_ts: null });
    expect(Date.parse(res.body.approved_ts)).toBeGreaterThanOrEqual(Date.parse(pair.key.created_ts));
    expect((await keysOf(kiln, 'facilityadmin'))[0]).toEqual(res.body);

    const bytes = await csvFor('PEND-CG1-0003');
    const signed = await upload(bytes, signedBy(pair, bytes));
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body).toMatchObject({ signed: true, key_fingerprint: pair.fingerprint });
    const unsigned = await upload(await csvFor('PEND-CG1-0003'), {}, 'uploader');
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.message).toMatch(/signs its logs/);

    const detail = {
      kiln: { id: kiln, kiln_id: 'PEND-CG1-0003' },
      key: { id: pair.key.id, fingerprint: pair.fingerprint, label: 'yard logger' },
    };
    expect((await keyTrail(kiln)).map((c) => [c.action, c.actor_username, c.detail])).toEqual([
      ['approve_kiln_key', 'superadmin', detail],
      ['add_kiln_key', 'facilityadmin', detail],
    ]);
    expect((await trail(NAIROBI))[0]).toMatchObject({ action: 'approve_kiln_key', actor_id: 1, detail });
  });

  it('is approved by a super-admin alone (403 for every other role, 401 without a token), once (409), never once revoked (409)', async () => {
    const kiln = (await addTestKiln(api.server, 'PEND-CG1-0004', NAIROBI)).id;
    const pair = await registerNewKey(kiln, 'facilityadmin');
    for (const who of usersWithout(['superadmin'])) expect((await approve(kiln, pair.key.id, who)).status, who).toBe(403);
    expect((await approve(kiln, pair.key.id)).status).toBe(401);
    expect((await keysOf(kiln))[0]).toMatchObject({ approved_ts: null, approved_by: null });
    const recorded = (await keyTrail(kiln)).length;

    expect((await approve(kiln, pair.key.id, 'superadmin')).status).toBe(200);
    const twice = await approve(kiln, pair.key.id, 'superadmin');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/approved already/);
    // a super-admin's own key is approved already
    const own = await registerNewKey(kiln, 'superadmin');
    expect((await approve(kiln, own.key.id, 'superadmin')).status).toBe(409);

    // revoking stays open to who may update the kiln, pending or not; a revoked key is never approved
    const stolen = await registerNewKey(kiln, 'facilityadmin');
    expect((await api.server.http.post(`/api/kilns/${kiln}/keys/${stolen.key.id}/revoke`).set(as('facilityadmin'))).status).toBe(200);
    const revoked = await approve(kiln, stolen.key.id, 'superadmin');
    expect(revoked.status).toBe(409);
    expect(revoked.body.message).toMatch(/revoked/);
    expect((await keysOf(kiln)).find((k) => k.id === stolen.key.id)).toMatchObject({ approved_ts: null });
    expect((await keyTrail(kiln)).filter((c) => c.action === 'approve_kiln_key')).toHaveLength(1);
    expect((await keyTrail(kiln)).length).toBe(recorded + 1 + 3);

    // unknown keys and kilns, another kiln's key, a malformed id
    expect((await approve(kiln, 99999, 'superadmin')).status).toBe(404);
    expect((await approve(99999, pair.key.id, 'superadmin')).status).toBe(404);
    expect((await approve(await kilnIdOf('CG1-0015'), pair.key.id, 'superadmin')).status).toBe(404);
    expect((await api.server.http.post(`/api/kilns/${kiln}/keys/abc/approve`).set(as('superadmin'))).status).toBe(400);
  });
});

describe('audits and signed burns', () => {
  const propose = (ids: number[]) =>
    api.server.http
      .post('/api/audit/propose')
      .query({ job_id: `SIG-${ids.join('-')}`, kiln_type: -1 })
      .set(as('kilnadmin'))
      .send({ analysis_ids: ids });
  const signoff = (auditId: number, ids: number[]) => signOffWithTinyPdf(api.server, api.tokens.superadmin, auditId, ids);
  const setSignedOnly = (who: DemoUsername, value: boolean) =>
    api.server.http.post(`/api/facility/${NAIROBI}/signed-burns`).set(as(who)).send({ signed_burns_only: value });

  it("keep each burn's signature state at signoff; a facility set to signed burns only refuses unsigned ones when proposing and signing off", async () => {
    const pair = await registerNewKey(await kilnIdOf('CG1-0012'));
    const signedBytes = await csvFor('CG1-0012');
    const signedLog = (await upload(signedBytes, signedBy(pair, signedBytes))).body as KilnLog;
    expect(signedLog).toMatchObject({ signed: true, valid: true });
    await addTestKiln(api.server, 'SIG-CG1-0001', NAIROBI);
    const unsignedLog = (await upload(await csvFor('SIG-CG1-0001'), {}, 'uploader')).body as KilnLog;
    expect(unsignedLog).toMatchObject({ signed: false });

    // only a super-admin sets it
    expect((await setSignedOnly('facilityadmin', true)).status).toBe(403);
    // proposed while the facility took any burn, then set: the signoff refuses the unsigned burn
    const early = await propose([unsignedLog.id]);
    expect(early.status, JSON.stringify(early.body)).toBe(201);
    const set = await setSignedOnly('superadmin', true);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ signed_burns_only: true });
    expect((await api.server.ctx.data.facilities.get(NAIROBI))?.signed_burns_only).toBe(true);
    const refusedSignoff = await signoff(early.body.id, [unsignedLog.id]);
    expect(refusedSignoff.status).toBe(409);
    expect(refusedSignoff.body.message).toMatch(/not signed by its kiln/);

    const another = (await upload(await csvFor('SIG-CG1-0001'), {}, 'uploader')).body as KilnLog;
    const refused = await propose([another.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(`log ${another.id} is not signed by its kiln`);

    const proposed = await propose([signedLog.id]);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const done = await signoff(proposed.body.id, [signedLog.id]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const burns = await api.server.ctx.data.audits.burns(proposed.body.id);
    expect(burns).toEqual([
      expect.objectContaining({
        kilnlog_id: signedLog.id,
        signed: true,
        key_fingerprint: pair.fingerprint,
        signature: signedLog.signature,
      }),
    ]);
    expect((await trail(NAIROBI)).find((c) => c.action === 'signed_burns_only')).toMatchObject({
      actor_username: 'superadmin',
      detail: { signed_burns_only: { from: false, to: true } },
    });
    expect((await setSignedOnly('superadmin', false)).status).toBe(200);
  });

  it('is set by a super-admin alone (403 for every other role, 401 without a token), with a boolean (400), for a facility there is (404), leaving it as it was', async () => {
    const before = (await api.server.ctx.data.facilities.get(NAIROBI))?.signed_burns_only;
    const recorded = (await trail(NAIROBI)).length;
    for (const who of usersWithout(['superadmin'])) expect((await setSignedOnly(who, !before)).status, who).toBe(403);
    expect((await api.server.http.post(`/api/facility/${NAIROBI}/signed-burns`).send({ signed_burns_only: !before })).status).toBe(401);
    for (const body of [
      {},
      { signed_burns_only: 'yes' },
      { signed_burns_only: null },
      { signed_burns_only: 1 },
      { signed_burns_only: true, extra: 1 },
    ]) {
      const res = await api.server.http.post(`/api/facility/${NAIROBI}/signed-burns`).set(as('superadmin')).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(
      (await api.server.http.post('/api/facility/99999/signed-burns').set(as('superadmin')).send({ signed_burns_only: true })).status,
    ).toBe(404);
    expect((await api.server.ctx.data.facilities.get(NAIROBI))?.signed_burns_only).toBe(before);
    expect(await trail(NAIROBI)).toHaveLength(recorded);
  });
});

/** Another server on the same store (PostgreSQL), or another app on the same store object (embedded: one process owns db.json). */
async function startSecondServer(): Promise<ReturnType<typeof request> & { stop(): Promise<void> }> {
  const { databaseUrl } = api.server.ctx.config.storage;
  if (!databaseUrl) {
    const http = request(api.server.app);
    return Object.assign(http, { stop: () => Promise.resolve() });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-keys-b-'));
  const second = await createApp({ ...api.server.ctx.config, dataDir });
  const http = request(second.app);
  return Object.assign(http, {
    async stop() {
      await second.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

describe('the demo seed (DEMO_KILN_KEYS, on by default)', () => {
  it('gives every demo kiln but one a derived key and signs their logs; the one kiln stays unsigned', async () => {
    const seeded = await startTestServer({ demoKilnKeys: true });
    try {
      const kilns = await seeded.ctx.data.kilns.list();
      for (const k of kilns) {
        const keys = await seeded.ctx.data.kilns.keys(k.id);
        // the pending kiln (no logs yet) and UNSIGNED_DEMO_KILN have none
        expect(keys.length, k.kiln_id).toBe(k.kiln_id === UNSIGNED_DEMO_KILN || k.approved_ts === null ? 0 : 1);
        // labelled as demo keys, approved by the seed, made the day before the kiln was installed
        for (const key of keys) {
          expect(key.label).toBe(`Demo key — ${k.kiln_id} (derived from the kiln id: demo only)`);
          expect(key).toMatchObject({ created_by: null, approved_by: null, approved_ts: key.created_ts, revoked_ts: null });
          expect(Date.parse(key.created_ts)).toBeLessThan(Date.parse(k.install_date));
        }
      }
      const logs = (
        await seeded.ctx.data.kilnLogs.list(
          { archived: false, facilityIds: null },
          {},
          { sort: { field: 'id', order: 'ASC' }, range: [0, 1000] },
        )
      ).rows;
      const unsignedKiln = kilns.find((k) => k.kiln_id === UNSIGNED_DEMO_KILN)!;
      expect(logs.some((l) => l.signed)).toBe(true);
      for (const log of logs) {
        const keyed = log.kiln !== null && log.kiln !== unsignedKiln.id;
        expect(log.signed, `log ${log.id}`).toBe(keyed);
        if (!log.signed) continue;
        const [key] = await seeded.ctx.data.kilns.keys(log.kiln!);
        expect(log.key_fingerprint).toBe(key.fingerprint);
        // the key was there, approved, before the burn it signs began
        if (log.logts !== null) expect(Date.parse(key.approved_ts!), `log ${log.id}`).toBeLessThan(Date.parse(log.logts));
        expect(verifiesBytes(key.public_key, (await seeded.ctx.blobs.readAll(log.s3key))!, Buffer.from(log.signature!, 'base64'))).toBe(
          true,
        );
      }
      // the derived key signs an upload as its kiln
      const bytes = Buffer.from(burnCsv('CG1-0007', await storedFacility(seeded, NAIROBI)));
      const res = await seeded.http
        .post('/api/kilnlogs/upload')
        .set('Content-Type', 'text/csv')
        .set({
          'Kiln-Key': (await seeded.ctx.data.kilns.keys(1))[0].fingerprint,
          'Kiln-Signature': signBytes(demoKilnPrivateKey('CG1-0007'), bytes),
        })
        .send(bytes);
      expect(res.status).toBe(201);
      expect(res.body.signed).toBe(true);
    } finally {
      seeded.close();
    }
  }, 180_000);
});
