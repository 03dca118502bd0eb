import { describe, expect, it } from 'vitest';
import type { Facility, FacilityListResponse, FacilitySavePayload } from '../../src/domain/api/configure';
import { facilityPayload, savePayloadOf, usersWithout, type DemoUsername } from '../helpers/configure';
import { expectRefusedStoringNothing, snapshot } from '../helpers/snapshot';
import { bearer, itRefusesAllBut, useTestServer } from '../helpers/testServer';
import { facility } from '../helpers/storeAccess';

const api = useTestServer();

const OWN_FACILITIES = [1, 2]; // facilityadmin (user 5) owns NRB and NKR
const list = (who: DemoUsername, query = '') => api.server.http.get(`/api/facilities${query}`).set(bearer(api.tokens[who]));
const save = (who: DemoUsername, action: 'add' | 'edit', payload: Partial<FacilitySavePayload> | Record<string, unknown>) =>
  api.server.http.post(`/api/facility/${action}`).set(bearer(api.tokens[who])).send(payload);
const stored = (id: number) => facility(api.server, id);

/** The edit payload that leaves a stored facility as it is. */
async function unchanged(id: number): Promise<FacilitySavePayload> {
  return savePayloadOf(await stored(id));
}

describe('GET /api/facilities', () => {
  it('answers the facilities, the mnemonics taken and the owner choices (facility admins and super-admins)', async () => {
    const res = await list('superadmin', '?uid=');
    expect(res.status).toBe(200);
    const body = res.body as FacilityListResponse;
    expect(body.facilities.map((f) => f.mnemonic).sort()).toEqual(['NKR', 'NRB', 'RIV', 'TAS']);
    expect(body.mnemonics.sort()).toEqual(['NKR', 'NRB', 'RIV', 'TAS']);
    expect(body.allowedOwners).toEqual([
      { id: 1, username: 'superadmin', role: 0 },
      { id: 5, username: 'facilityadmin', role: 4 },
    ]);
    const nrb = body.facilities.find((f) => f.mnemonic === 'NRB') as Facility;
    expect(nrb).toMatchObject({ owner_id: 5, latitude_min: -1.45, longitude_max: 37.05 });
    expect(JSON.parse(nrb.kiln_type_config)).toEqual({ cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } });
    expect(nrb.photo_uploaded_ts).toEqual(expect.any(String));
  });

  it('marks which facilities have an audit statement (seeded: NRB and RIV) and which have none', async () => {
    const { facilities } = (await list('superadmin')).body as FacilityListResponse;
    const audited = facilities
      .filter((f) => f.latest_facility_audit_id !== null)
      .map((f) => f.mnemonic)
      .sort();
    expect(audited).toEqual(['NRB', 'RIV']);
  });

  it('lets a kiln file admin and a broker read it', async () => {
    expect((await list('kilnadmin')).status).toBe(200);
    expect((await list('broker')).status).toBe(200);
  });

  it('shows a facility admin only the facilities it owns, whatever uid it sends, and only itself as owner', async () => {
    for (const query of ['', '?uid=5', '?uid=1', '?uid=']) {
      const body = (await list('facilityadmin', query)).body as FacilityListResponse;
      expect(body.facilities.map((f) => f.id).sort()).toEqual(OWN_FACILITIES);
      expect(body.mnemonics.sort()).toEqual(['NKR', 'NRB']);
      expect(body.allowedOwners).toEqual([{ id: 5, username: 'facilityadmin', role: 4 }]);
    }
  });

  it('answers 400 for an unknown query parameter', async () => {
    expect((await list('superadmin', '?owner=5')).status).toBe(400);
  });

  itRefusesAllBut(api, '/api/facilities', ['superadmin', 'kilnadmin', 'facilityadmin', 'broker'], 'read facility');
});

describe('GET /api/dropdowns/facilities', () => {
  it('answers id, mnemonic and name of every facility, by mnemonic', async () => {
    const res = await api.server.http.get('/api/dropdowns/facilities').set(bearer(api.tokens.broker));
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { mnemonic: string }) => f.mnemonic)).toEqual(['NKR', 'NRB', 'RIV', 'TAS']);
    expect(res.body.data[1]).toEqual({ id: 1, mnemonic: 'NRB', name: 'Nairobi Char Works' });
  });

  it('answers a facility admin only its own', async () => {
    const res = await api.server.http.get('/api/dropdowns/facilities').set(bearer(api.tokens.facilityadmin));
    expect(res.body.data.map((f: { id: number }) => f.id).sort()).toEqual(OWN_FACILITIES);
  });

  itRefusesAllBut(api, '/api/dropdowns/facilities', ['superadmin', 'kilnadmin', 'facilityadmin', 'broker']);
});

describe('POST /api/facility/add', () => {
  it('creates a facility with no audit, its config as JSON text', async () => {
    const payload = facilityPayload({ mnemonic: ' MZU ', name: ' Mzuzu Char ', owner_id: 5 });
    const res = await save('superadmin', 'add', payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1 });
    const createdId = ((await list('superadmin')).body as FacilityListResponse).facilities.find((f) => f.mnemonic === 'MZU')!.id;
    const created = await stored(createdId);
    expect(created).toMatchObject({
      name: 'Mzuzu Char',
      owner_id: 5,
      latitude_min: -10.5,
      latitude_max: -9.25,
      longitude_min: 30,
      longitude_max: 31.75,
      latest_facility_audit_id: null,
    });
    expect(JSON.parse(created.kiln_type_config)).toEqual({ cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } });
    const listed = ((await list('superadmin')).body as FacilityListResponse).facilities.find((f) => f.mnemonic === 'MZU')!;
    expect(listed.photo_uploaded_ts).toBeNull();
    // owned by the facility admin, so it now sees it too
    expect(((await list('facilityadmin')).body as FacilityListResponse).facilities.some((f) => f.mnemonic === 'MZU')).toBe(true);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an empty mnemonic', { mnemonic: ' ' }, /mnemonic is required/],
    ['an existing mnemonic (any case)', { mnemonic: 'nrb' }, /mnemonic is already in use/],
    ['a mnemonic over 16 characters', { mnemonic: 'M'.repeat(17) }, /mnemonic is too long/],
    ['a name over 200 characters', { name: 'N'.repeat(201) }, /name is too long/],
    ['no owner', { owner_id: null }, /owner_id is required/],
    ['an owner who is not a facility admin or super-admin', { owner_id: 4 }, /owner_id is not an allowed value/],
    ['an unknown owner', { owner_id: 99 }, /owner_id is not an allowed value/],
    ['latitude min not below max', { latMin: 5, latMax: 5 }, /latMin: the minimum must be below the maximum.*latMax: the minimum/],
    ['longitude min above max', { lonMin: 40, lonMax: 30 }, /lonMin: the minimum.*lonMax: the minimum/],
    ['a latitude below -90', { latMin: -90.01 }, /latMin must be between -90 and 90/],
    ['a latitude above 90', { latMax: 91 }, /latMax must be between -90 and 90/],
    ['a longitude below -180', { lonMin: -181 }, /lonMin must be between -180 and 180/],
    ['a longitude above 180', { lonMax: 180.5 }, /lonMax must be between -180 and 180/],
    ['a latitude with 3 decimals', { latMin: -10.123 }, /latMin may have at most 2 decimals/],
    ['a longitude with 3 decimals', { lonMax: 31.755 }, /lonMax may have at most 2 decimals/],
    ['no latitude', { latMax: null }, /latMax is required/],
    ['a WICF above 100', { config: { cgo1: { wicf: 100.5, carbonRemovalFactor: 2.44 } } }, /config\.cgo1\.wicf must be between 0 and 100/],
    ['a negative WICF', { config: { cgo1: { wicf: -0.1, carbonRemovalFactor: 2.44 } } }, /config\.cgo1\.wicf must be between/],
    [
      'a WICF with 5 decimals',
      { config: { cgo1: { wicf: 0.12345, carbonRemovalFactor: 2.44 } } },
      /config\.cgo1\.wicf may have at most 4 decimals/,
    ],
    [
      'a carbon removal factor above 100',
      { config: { cgo1: { wicf: 0.35, carbonRemovalFactor: 101 } } },
      /config\.cgo1\.carbonRemovalFactor must be between/,
    ],
    [
      'a carbon removal factor with 5 decimals',
      { config: { cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44001 } } },
      /config\.cgo1\.carbonRemovalFactor may have at most 4/,
    ],
    ['no carbon removal factor', { config: { cgo1: { wicf: 0.35 } } }, /config\.cgo1\.carbonRemovalFactor is required/],
    ['a config for another kiln type', { config: { terrafix: { wicf: 1 } } }, /terrafix|additional/],
    ['an unknown field', { latitude_min: 1 }, /latitude_min|additional/],
  ])('answers 400 naming the field for %s, storing nothing', async (_name, overrides, message) => {
    await expectRefusedStoringNothing(api.server, () => save('superadmin', 'add', { ...facilityPayload(), ...overrides }), 400, message);
  });

  it.each(usersWithout(['superadmin']))("answers 403 to %s (create facility is the super-admin's), storing nothing", async (who) => {
    const before = await snapshot(api.server);
    expect((await save(who, 'add', facilityPayload({ owner_id: 5 }))).status).toBe(403);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    expect((await api.server.http.post('/api/facility/add').send(facilityPayload())).status).toBe(401);
  });
});

describe('POST /api/facility/edit', () => {
  it('changes name, owner, box and config, and the last update', async () => {
    const before = (await stored(3)).last_updated;
    const payload = {
      ...(await unchanged(3)),
      name: 'Tasmanian Highlands Biochar',
      latMin: -42.35,
      config: { cgo1: { wicf: 0.3, carbonRemovalFactor: 2.5 } },
    };
    const res = await save('superadmin', 'edit', payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1 });
    const after = await stored(3);
    expect(after).toMatchObject({ mnemonic: 'TAS', name: 'Tasmanian Highlands Biochar', latitude_min: -42.35 });
    expect(JSON.parse(after.kiln_type_config)).toEqual({ cgo1: { wicf: 0.3, carbonRemovalFactor: 2.5 } });
    expect(after.last_updated >= before).toBe(true);
  });

  it('refuses a changed mnemonic with 400, storing nothing', async () => {
    const before = await snapshot(api.server);
    const res = await save('superadmin', 'edit', { ...(await unchanged(4)), mnemonic: 'RVN' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/mnemonic cannot be changed/);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it("refuses taking another facility's mnemonic the same way", async () => {
    expect((await save('superadmin', 'edit', { ...(await unchanged(4)), mnemonic: 'TAS' })).status).toBe(400);
  });

  it('answers 400 naming the field for an invalid value, storing nothing', async () => {
    const before = await snapshot(api.server);
    const res = await save('superadmin', 'edit', { ...(await unchanged(4)), lonMin: 150, lonMax: 149 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/lonMin.*lonMax/);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('lets a facility admin edit its own facility', async () => {
    expect((await save('facilityadmin', 'edit', { ...(await unchanged(2)), name: 'Nakuru Biochar Co-op' })).status).toBe(200);
    expect((await stored(2)).name).toBe('Nakuru Biochar Co-op');
  });

  it("refuses a facility admin another's facility (404, as for none) and giving its own away (400), storing nothing", async () => {
    const before = await snapshot(api.server);
    expect((await save('facilityadmin', 'edit', await unchanged(4))).status).toBe(404);
    const res = await save('facilityadmin', 'edit', { ...(await unchanged(2)), owner_id: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/owner_id is not an allowed value/);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('answers 404 for an unknown facility and 400 without an id', async () => {
    expect((await save('superadmin', 'edit', { ...(await unchanged(4)), id: 999 })).status).toBe(404);
    expect((await save('superadmin', 'edit', { ...(await unchanged(4)), id: null })).status).toBe(400);
  });

  it.each(usersWithout(['superadmin', 'facilityadmin']))('answers 403 to %s (no update facility)', async (who) => {
    expect((await save(who, 'edit', await unchanged(1))).status).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await api.server.http.post('/api/facility/edit').send(await unchanged(1))).status).toBe(401);
  });
});
