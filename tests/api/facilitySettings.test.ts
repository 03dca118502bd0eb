import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchCredits } from '../../src/domain/api/credits';
import type { Facility, FacilityChange } from '../../src/domain/api/configure';
import { DEFAULT_FACILITY_SETTINGS } from '../../src/domain/facilitySettings';
import type { FacilityRecord } from '../../mock-server/store/model';
import { savePayloadOf, type DemoUsername } from '../helpers/configure';
import { snapshot } from '../helpers/snapshot';
import { useTestServer } from '../helpers/testServer';
import { addFacility, addLogs } from '../store/fixtures';

/**
 * A facility's batch and methodology settings (batch_period_days,
 * vm0044_high_tech_conditions, temperature_monitored) on either store: set
 * through the facility's edit by a super-admin alone, each change recorded;
 * refused with a 400 naming the field, or a 403 for anyone else, nothing
 * stored; read by the batch period check and the credits computation.
 */

const api = useTestServer();
const { as } = api;
const http = () => api.server.http;
const data = () => api.server.ctx.data;

const ALL_HIGH_TECH = { gases_recovered_or_combusted: true, heat_used: true, pollution_control: true, temperature_measured: true };

/** the facility admin's own facility */
let own: FacilityRecord;

beforeAll(async () => {
  own = await addFacility(data(), 'SET', 5);
});

const stored = async () => (await data().facilities.get(own.id))!;
const edit = (who: DemoUsername, body: object) => http().post('/api/facility/edit').set(as(who)).send(body);
const listed = async (who: DemoUsername): Promise<Facility | undefined> =>
  ((await http().get('/api/facilities').set(as(who))).body.facilities as Facility[]).find((f) => f.id === own.id);
const trail = async (): Promise<FacilityChange[]> => (await http().get(`/api/facility/${own.id}/changes`).set(as('superadmin'))).body;

describe("a facility's batch and methodology settings", () => {
  it('start at the defaults (31 days, low-tech, unmonitored), listed to all who read the facility', async () => {
    expect(await listed('facilityadmin')).toMatchObject(DEFAULT_FACILITY_SETTINGS);
    expect(await listed('superadmin')).toMatchObject(DEFAULT_FACILITY_SETTINGS);
  });

  it('refuses a facility admin changing any of them with a 403 naming each, nothing stored; unchanged they pass', async () => {
    const payload = savePayloadOf(await stored());
    const before = await snapshot(api.server);
    const res = await edit('facilityadmin', {
      ...payload,
      batch_period_days: 60,
      vm0044_high_tech_conditions: ALL_HIGH_TECH,
      temperature_monitored: true,
    });
    expect(res.status).toBe(403);
    expect(Object.keys(res.body.errors).sort()).toEqual(['batch_period_days', 'temperature_monitored', 'vm0044_high_tech_conditions']);
    expect(await snapshot(api.server)).toEqual(before);
    const one = await edit('facilityadmin', { ...payload, temperature_monitored: true });
    expect(one.status).toBe(403);
    expect(one.body.errors).toEqual({
      temperature_monitored: "Only a super-admin may change a facility's batch and methodology settings.",
    });
    const unchanged = await edit('facilityadmin', { ...payload, ...DEFAULT_FACILITY_SETTINGS, name: 'Settings Yard' });
    expect(unchanged.status).toBe(200);
    expect(await stored()).toMatchObject({ name: 'Settings Yard', ...DEFAULT_FACILITY_SETTINGS });
  });

  it('refuses bad values with a 400 naming the field, nothing stored', async () => {
    const payload = savePayloadOf(await stored());
    const before = await snapshot(api.server);
    const bad: [object, string][] = [
      [{ batch_period_days: 0 }, 'batch_period_days'],
      [{ batch_period_days: 3661 }, 'batch_period_days'],
      [{ batch_period_days: 1.5 }, 'batch_period_days'],
      [{ batch_period_days: '7' }, 'batch_period_days'],
      [{ batch_period_days: null }, 'batch_period_days'],
      [{ temperature_monitored: 'yes' }, 'temperature_monitored'],
      [{ vm0044_high_tech_conditions: { ...ALL_HIGH_TECH, heat_used: 1 } }, 'vm0044_high_tech_conditions.heat_used'],
      [{ vm0044_high_tech_conditions: { heat_used: true } }, 'vm0044_high_tech_conditions'],
      [{ vm0044_high_tech_conditions: { ...ALL_HIGH_TECH, coal: false } }, 'vm0044_high_tech_conditions'],
      [{ vm0044_high_tech_conditions: true }, 'vm0044_high_tech_conditions'],
    ];
    for (const [change, field] of bad) {
      const res = await edit('superadmin', { ...payload, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(
        Object.keys(res.body.errors ?? {}).some((k) => k.startsWith(field)),
        `${JSON.stringify(change)}: ${res.body.message}`,
      ).toBe(true);
    }
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('lets a super-admin set them, each change recorded with who and from → to; absent, they are kept', async () => {
    const payload = savePayloadOf(await stored());
    const res = await edit('superadmin', { ...payload, batch_period_days: 7, vm0044_high_tech_conditions: ALL_HIGH_TECH });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await listed('facilityadmin')).toMatchObject({
      batch_period_days: 7,
      vm0044_high_tech_conditions: ALL_HIGH_TECH,
      temperature_monitored: false,
    });
    const [entry] = await trail();
    expect(entry).toMatchObject({ action: 'update', actor_username: 'superadmin' });
    expect(entry.detail).toEqual({
      settings: {
        batch_period_days: { from: 31, to: 7 },
        vm0044_high_tech_conditions: { from: DEFAULT_FACILITY_SETTINGS.vm0044_high_tech_conditions, to: ALL_HIGH_TECH },
      },
    });
    // the spec's payload names none of them: they stay as set, and nothing more is recorded
    expect((await edit('superadmin', { ...payload, name: 'Settings Yard 2' })).status).toBe(200);
    expect(await stored()).toMatchObject({ batch_period_days: 7, vm0044_high_tech_conditions: ALL_HIGH_TECH });
    expect((await trail())[0].id).toBe(entry.id);
  });

  it('records a new facility with its settings, from null', async () => {
    const res = await http()
      .post('/api/facility/add')
      .set(as('superadmin'))
      .send({ ...savePayloadOf(await stored()), id: null, mnemonic: 'SETNEW', temperature_monitored: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = (await data().facilities.list()).find((f) => f.mnemonic === 'SETNEW')!;
    expect(created).toMatchObject({ ...DEFAULT_FACILITY_SETTINGS, temperature_monitored: true });
    const [entry] = (await http().get(`/api/facility/${created.id}/changes`).set(as('superadmin'))).body as FacilityChange[];
    expect(entry.detail.settings).toEqual({
      batch_period_days: { from: null, to: 31 },
      vm0044_high_tech_conditions: { from: null, to: DEFAULT_FACILITY_SETTINGS.vm0044_high_tech_conditions },
      temperature_monitored: { from: null, to: true },
    });
  });

  it("are what the batch period check and the credits read: the stored period, VM0044's class", async () => {
    // the period is 7 days since the super-admin's edit above
    const [a, b, c] = await addLogs(data(), [
      { facility: own, logts: '2026-03-01T06:00:00' },
      { facility: own, logts: '2026-03-08T06:00:00' },
      { facility: own, logts: '2026-03-08T06:00:01' },
    ]);
    const body = (ids: number[]) => ({ label: 'Week', facility_id: own.id, kiln_type: 0, feedstock: 'wood', analysis_ids: ids });
    const over = await http()
      .post('/api/batches')
      .set(as('facilityadmin'))
      .send(body([a.id, c.id]));
    expect(over.status).toBe(400);
    expect(over.body.errors.analysis_ids).toMatch(/period of 7 days/);
    const batch = await http()
      .post('/api/batches')
      .set(as('facilityadmin'))
      .send(body([a.id, b.id]));
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);

    const vm0044 = async () => {
      const res = await http().get(`/api/batches/${batch.body.id}/credits`).set(as('superadmin'));
      expect(res.status).toBe(200);
      return (res.body as BatchCredits).results.find((r) => r.methodology === 'vm0044-1.2')!;
    };
    expect((await vm0044()).steps.find((s) => s.id === 'technology_class')).toMatchObject({ value: 'high-tech', inputs: ALL_HIGH_TECH });
    const payload = savePayloadOf(await stored());
    const lowTech = { ...ALL_HIGH_TECH, pollution_control: false };
    expect((await edit('superadmin', { ...payload, vm0044_high_tech_conditions: lowTech })).status).toBe(200);
    expect((await vm0044()).steps.find((s) => s.id === 'technology_class')).toMatchObject({ value: 'low-tech', inputs: lowTech });
  });
});
