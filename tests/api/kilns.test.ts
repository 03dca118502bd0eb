import { describe, expect, it } from 'vitest';
import type { Kiln, KilnRegistryResponse, KilnSavePayload } from '../../src/domain/api/configure';
import { DEMO_KILNS, PENDING_DEMO_KILN } from '../../mock-server/seed/kilns';
import { kilnPayload, usersWithout, type DemoUsername } from '../helpers/configure';
import { expectRefusedStoringNothing, snapshot } from '../helpers/snapshot';
import { makeToken } from '../helpers/tokens';
import { bearer, itRefusesAllBut, useTestServer } from '../helpers/testServer';
import { kiln as storedKiln } from '../helpers/storeAccess';

const api = useTestServer();

const OWN_FACILITIES = [1, 2]; // facilityadmin (user 5) owns NRB and NKR
const registry = async (who: DemoUsername) =>
  (await api.server.http.get('/api/kiln/registry/list').set(bearer(api.tokens[who]))).body as KilnRegistryResponse;
const save = (who: DemoUsername, action: 'add' | 'edit', payload: Partial<KilnSavePayload> | Record<string, unknown>) =>
  api.server.http.post(`/api/kiln/registry/${action}`).set(bearer(api.tokens[who])).send(payload);

describe('GET /api/kiln/registry/list', () => {
  it('answers every kiln with its facility mnemonic and name, config as JSON text, and the facilities to pick', async () => {
    const res = await api.server.http.get('/api/kiln/registry/list').set(bearer(api.tokens.superadmin));
    expect(res.status).toBe(200);
    const body = res.body as KilnRegistryResponse;
    // the demo kilns, approved, and the one a facility admin registered, pending
    expect(body.kilns).toHaveLength(DEMO_KILNS.length + 1);
    expect(body.kilns.filter((k) => k.approved_ts === null).map((k) => k.kiln_id)).toEqual([PENDING_DEMO_KILN.kiln_id]);
    const cg1 = body.kilns.find((k) => k.kiln_id === 'CG1-0007') as Kiln;
    expect(cg1).toMatchObject({ facility_id: 1, facility_mnemonic: 'NRB', facility_name: 'Nairobi Char Works', type: 0, approved_by: 1 });
    expect(JSON.parse(cg1.config)).toEqual({ cgo1: { per_g_weight: 10.2345, zero_weight: 8123.45 } });
    expect(body.facilities.map((f) => f.mnemonic).sort()).toEqual(['NKR', 'NRB', 'RIV', 'TAS']);
    expect(body.facilities[0]).toEqual({ id: expect.any(Number), mnemonic: expect.any(String), name: expect.any(String) });
  });

  it('has seeded kilns of all three types in all four facilities', async () => {
    const { kilns } = await registry('superadmin');
    expect(new Set(kilns.map((k) => k.type))).toEqual(new Set([0, 1, 2]));
    expect(new Set(kilns.map((k) => k.facility_id))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('lets a kiln file admin read it', async () => {
    expect((await registry('kilnadmin')).kilns.length).toBeGreaterThanOrEqual(DEMO_KILNS.length);
  });

  it("shows a facility admin only its own facilities' kilns and facilities", async () => {
    const body = await registry('facilityadmin');
    expect(body.kilns.length).toBeGreaterThan(0);
    expect(body.kilns.every((k) => OWN_FACILITIES.includes(k.facility_id))).toBe(true);
    expect(body.facilities.map((f) => f.id).sort()).toEqual(OWN_FACILITIES);
  });

  itRefusesAllBut(api, '/api/kiln/registry/list', ['superadmin', 'kilnadmin', 'facilityadmin'], 'read kiln');
});

describe('GET /api/facility/{id}/kilns', () => {
  it("answers the facility's kilns", async () => {
    const res = await api.server.http.get('/api/facility/3/kilns').set(bearer(api.tokens.kilnadmin));
    expect(res.status).toBe(200);
    const ids = (res.body.kilns as Kiln[]).map((k) => k.kiln_id).sort();
    expect(ids).toEqual(
      DEMO_KILNS.filter((k) => k.facility_id === 3)
        .map((k) => k.kiln_id)
        .sort(),
    );
  });

  it("answers a facility admin's own facility, and 404 for another's, as for none", async () => {
    expect((await api.server.http.get('/api/facility/2/kilns').set(bearer(api.tokens.facilityadmin))).status).toBe(200);
    expect((await api.server.http.get('/api/facility/3/kilns').set(bearer(api.tokens.facilityadmin))).status).toBe(404);
  });

  it('answers 404 for an unknown facility, 400 for a malformed id', async () => {
    expect((await api.server.http.get('/api/facility/999/kilns').set(bearer(api.tokens.superadmin))).status).toBe(404);
    expect((await api.server.http.get('/api/facility/abc/kilns').set(bearer(api.tokens.superadmin))).status).toBe(400);
  });

  itRefusesAllBut(api, '/api/facility/1/kilns', ['superadmin', 'kilnadmin', 'facilityadmin']);
});

describe('POST /api/kiln/registry/add', () => {
  it('registers a kiln, trimmed, with its config stored as given and a last update', async () => {
    const payload = kilnPayload({
      kiln_id: '  CG1-9001 ',
      type: 2,
      config: { terrafix: { per_g_weight: 4.5 }, cgo1: { per_g_weight: null } },
    });
    const res = await save('superadmin', 'add', payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1 });
    const kiln = await storedKiln(api.server, 'CG1-9001');
    expect(kiln).toMatchObject({ facility_id: 1, type: 2, install_date: '2025-06-01' });
    expect(JSON.parse(kiln.config)).toEqual({ terrafix: { per_g_weight: 4.5 } });
    expect(Date.parse(kiln.last_update)).toBeGreaterThan(Date.now() - 60_000);
    expect((await registry('superadmin')).kilns.some((k) => k.kiln_id === 'CG1-9001')).toBe(true);
  });

  it('lets a facility admin add a kiln to its own facility, and refuses another facility with 404', async () => {
    expect((await save('facilityadmin', 'add', kilnPayload({ kiln_id: 'RTR-9002', facility_id: 2, type: 1, config: {} }))).status).toBe(
      200,
    );
    const before = await snapshot(api.server);
    expect((await save('facilityadmin', 'add', kilnPayload({ facility_id: 3 }))).status).toBe(404);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('refuses an existing kiln id at the same facility (any case) on both fields of the pair', async () => {
    const before = await snapshot(api.server);
    const res = await save('superadmin', 'add', kilnPayload({ kiln_id: 'cg1-0007', facility_id: 1 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/kiln_id is already in use/);
    expect(res.body.message).toMatch(/facility_id is already in use/);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('refuses an existing kiln id at another facility too, on kiln_id alone', async () => {
    const before = await snapshot(api.server);
    const res = await save('superadmin', 'add', kilnPayload({ kiln_id: 'CG1-0007', facility_id: 4 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('kiln_id is already in use.');
    expect(await snapshot(api.server)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an empty kiln id', { kiln_id: '' }, /kiln_id is required/],
    ['a kiln id with spaces', { kiln_id: 'CG1 0001' }, /kiln_id has an invalid format/],
    ['a kiln id over 64 characters', { kiln_id: 'K'.repeat(65) }, /kiln_id is too long/],
    ['no facility', { facility_id: null }, /facility_id is required/],
    ['no type', { type: null }, /type is required/],
    ['an unknown type', { type: 7 }, /type is not an allowed value/],
    ['no install date', { install_date: null }, /install_date is required/],
    ['an impossible install date', { install_date: '2025-02-30' }, /install_date must be a date/],
    [
      'a C-Go-1 per g weight above 100000',
      { config: { cgo1: { per_g_weight: 100000.5 } } },
      /config\.cgo1\.per_g_weight must be between 0 and 100000/,
    ],
    ['a negative C-Go-1 per g weight', { config: { cgo1: { per_g_weight: -1 } } }, /config\.cgo1\.per_g_weight must be between/],
    [
      'a C-Go-1 per g weight with 5 decimals',
      { config: { cgo1: { per_g_weight: 10.12345 } } },
      /config\.cgo1\.per_g_weight may have at most 4 decimals/,
    ],
    [
      'a C-Go-1 zero weight below -100000',
      { config: { cgo1: { zero_weight: -100000.01 } } },
      /config\.cgo1\.zero_weight must be between -100000 and 5000000/,
    ],
    ['a C-Go-1 zero weight above 5000000', { config: { cgo1: { zero_weight: 5000001 } } }, /config\.cgo1\.zero_weight must be between/],
    [
      'a C-Go-1 zero weight with 3 decimals',
      { config: { cgo1: { zero_weight: 8000.125 } } },
      /config\.cgo1\.zero_weight may have at most 2 decimals/,
    ],
    [
      'a Terrafix per g weight above 100000',
      { config: { terrafix: { per_g_weight: 200000 } } },
      /config\.terrafix\.per_g_weight must be between/,
    ],
    [
      'a Terrafix per g weight with 5 decimals',
      { config: { terrafix: { per_g_weight: 1.00001 } } },
      /config\.terrafix\.per_g_weight may have at most 4 decimals/,
    ],
    ['a config number sent as text', { config: { cgo1: { per_g_weight: '10' } } }, /per_g_weight/],
    ['an unknown field', { colour: 'red' }, /colour|additional/],
    ['an unknown config group', { config: { retort: {} } }, /retort|additional/],
  ])('answers 400 naming the field for %s, storing nothing', async (_name, overrides, message) => {
    await expectRefusedStoringNothing(api.server, () => save('superadmin', 'add', { ...kilnPayload(), ...overrides }), 400, message);
  });

  it('answers 404 for an unknown facility', async () => {
    expect((await save('superadmin', 'add', kilnPayload({ facility_id: 999 }))).status).toBe(404);
  });

  it.each(usersWithout(['superadmin', 'facilityadmin']))('answers 403 to %s (no create kiln), storing nothing', async (who) => {
    const before = await snapshot(api.server);
    expect((await save(who, 'add', kilnPayload())).status).toBe(403);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    expect((await api.server.http.post('/api/kiln/registry/add').send(kilnPayload())).status).toBe(401);
  });
});

describe('POST /api/kiln/registry/edit', () => {
  const seeded = (kilnId: string) => {
    const k = DEMO_KILNS.find((d) => d.kiln_id === kilnId)!;
    return { id: k.id, kiln_id: k.kiln_id, facility_id: k.facility_id, type: k.type, install_date: k.install_date, config: k.config };
  };

  it('changes a kiln and its last update', async () => {
    const before = (await storedKiln(api.server, 'CG1-0021')).last_update;
    const res = await save('superadmin', 'edit', {
      ...seeded('CG1-0021'),
      install_date: '2024-05-23',
      config: { cgo1: { per_g_weight: 10.5, zero_weight: 8000 } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1 });
    const kiln = await storedKiln(api.server, 'CG1-0021');
    expect(kiln.install_date).toBe('2024-05-23');
    expect(JSON.parse(kiln.config)).toEqual({ cgo1: { per_g_weight: 10.5, zero_weight: 8000 } });
    expect(kiln.last_update >= before).toBe(true);
  });

  it('keeps the kiln its own pair: saving it unchanged is no duplicate', async () => {
    expect((await save('superadmin', 'edit', seeded('RTR-0008'))).status).toBe(200);
  });

  it("refuses to take another kiln's id at the same facility", async () => {
    const before = await snapshot(api.server);
    const res = await save('superadmin', 'edit', { ...seeded('CG1-0012'), kiln_id: 'CG1-0007' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/kiln_id is already in use/);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('lets a facility admin edit its own kilns and move them between its facilities', async () => {
    expect((await save('facilityadmin', 'edit', { ...seeded('RTR-0003'), facility_id: 2, kiln_id: 'RTR-0003' })).status).toBe(200);
    expect((await storedKiln(api.server, 'RTR-0003')).facility_id).toBe(2);
  });

  it("refuses a facility admin another's kiln, or moving its kiln to another's facility (404, nothing stored)", async () => {
    const before = await snapshot(api.server);
    expect((await save('facilityadmin', 'edit', seeded('TFX-0004'))).status).toBe(404);
    expect((await save('facilityadmin', 'edit', { ...seeded('CG1-0015'), facility_id: 3 })).status).toBe(404);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('answers 404 for an unknown kiln and 400 without an id', async () => {
    expect((await save('superadmin', 'edit', { ...seeded('CG1-0015'), id: 999 })).status).toBe(404);
    const res = await save('superadmin', 'edit', { ...seeded('CG1-0015'), id: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/id must be a positive integer/);
  });

  it('answers 400 naming the field for an invalid value, storing nothing', async () => {
    const before = await snapshot(api.server);
    const res = await save('superadmin', 'edit', { ...seeded('CG1-0015'), config: { cgo1: { zero_weight: 1.005 } } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/config\.cgo1\.zero_weight/);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it.each(usersWithout(['superadmin', 'facilityadmin']))('answers 403 to %s (no update kiln)', async (who) => {
    expect((await save(who, 'edit', seeded('CG1-0015'))).status).toBe(403);
  });

  it('answers 401 without a token, and for a token whose uid is forged', async () => {
    expect((await api.server.http.post('/api/kiln/registry/edit').send(seeded('CG1-0015'))).status).toBe(401);
    const forged = await makeToken({ sub: 'facilityadmin', role: 4, uid: 1 });
    expect((await api.server.http.post('/api/kiln/registry/edit').set(bearer(forged)).send(seeded('TFX-0004'))).status).toBe(401);
  });
});
