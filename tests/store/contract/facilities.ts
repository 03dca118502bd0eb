import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { DEFAULT_FACILITY_SETTINGS } from '../../../src/domain/facilitySettings';
import { addFacility } from '../fixtures';
import { file, refusal, replacePhoto } from './support';

/** Facilities: order, owners, photos, statements and the credit-decision trail. */
export function facilitiesContract(store: () => DataStore): void {
  it('orders by mnemonic, scopes by owner, refuses a taken mnemonic and joins the photo time', async () => {
    const b = await addFacility(store(), 'NKR', 5);
    const a = await addFacility(store(), 'BRV', 1);
    expect((await refusal(addFacility(store(), 'NKR'))).status).toBe(409);
    expect((await store().facilities.list()).map((f) => f.mnemonic)).toEqual(['BRV', 'NKR']);
    expect((await store().facilities.list({ ownerId: 5 })).map((f) => f.id)).toEqual([b.id]);
    expect(await store().facilities.idsOwnedBy(1)).toEqual([a.id]);
    expect(await store().facilities.mnemonics()).toEqual(['BRV', 'NKR']);

    const first = await replacePhoto(store(), a.id, 'g1', ['facility-photos/1.png', 10], ['facility-photos/2.png', 5]);
    expect(first.replaced).toBeNull();
    const second = await replacePhoto(store(), a.id, 'g2', ['facility-photos/3.png', 11], ['facility-photos/4.png', 6]);
    expect(second.replaced?.photo.key).toBe('facility-photos/1.png');
    expect((await store().facilities.photo(a.id))?.photo_guid).toBe('g2');
    const listed = await store().facilities.list();
    expect(listed.find((f) => f.id === a.id)?.photo_uploaded_ts).toBe('2026-02-03T04:05:06.789Z');
    expect(listed.find((f) => f.id === b.id)?.photo_uploaded_ts).toBeNull();
    expect((await store().facilities.update(a.id, { name: 'Renamed' }))?.name).toBe('Renamed');
    expect((await refusal(store().facilities.update(a.id, { mnemonic: 'NKR' }))).status).toBe(409);
  });

  it('keeps the batch and methodology settings: the defaults on create, each as updated', async () => {
    const f = await addFacility(store(), 'SET');
    expect(await store().facilities.get(f.id)).toEqual({ ...f, ...DEFAULT_FACILITY_SETTINGS });
    const conditions = { gases_recovered_or_combusted: true, heat_used: false, pollution_control: true, temperature_measured: true };
    const updated = await store().facilities.update(f.id, { vm0044_high_tech_conditions: conditions, temperature_monitored: true });
    expect(updated).toEqual({ ...f, batch_period_days: 31, vm0044_high_tech_conditions: conditions, temperature_monitored: true });
    expect(await store().facilities.lock(f.id)).toEqual(updated);
    expect((await store().facilities.list()).find((r) => r.id === f.id)).toEqual({ ...updated, photo_uploaded_ts: null });
  });

  it('makes each new statement the facility latest and keeps older ones by id', async () => {
    const f = await addFacility(store(), 'NRB');
    const other = await addFacility(store(), 'TAS');
    const s1 = await store().facilities.addStatement(
      { facility_id: f.id, file_type: 'pdf', file: file('facility-audits/a.pdf', 100) },
      '2026-03-01T00:00:00.000Z',
    );
    const s2 = await store().facilities.addStatement(
      { facility_id: f.id, file_type: 'png', file: file('facility-audits/b.png', 50) },
      '2026-04-01T00:00:00.000Z',
    );
    expect(await store().facilities.get(f.id)).toMatchObject({ latest_facility_audit_id: s2.id, last_updated: '2026-04-01T00:00:00.000Z' });
    expect((await store().facilities.statement(f.id, null))?.id).toBe(s2.id);
    expect((await store().facilities.statement(f.id, s1.id))?.file.key).toBe('facility-audits/a.pdf');
    expect(await store().facilities.statement(other.id, s1.id)).toBeNull();
    expect(await store().facilities.statement(other.id, null)).toBeNull();
  });

  it("lists a facility's trail newest first, all of it or only the actions asked for", async () => {
    const f = await addFacility(store(), 'TRL');
    const other = await addFacility(store(), 'TRO');
    const kiln = { id: 1, kiln_id: 'K-1' };
    const key = { id: 1, fingerprint: 'ab'.repeat(32), label: 'board' };
    const record = (facility_id: number, action: 'update' | 'add_kiln_key' | 'revoke_kiln_key', ts: string, detail: object) =>
      store().facilities.recordChange({ facility_id, actor_id: 1, actor_username: 'admin', action, detail, ts });
    await record(f.id, 'add_kiln_key', '2026-01-01T00:00:00.000Z', { kiln, key });
    await record(f.id, 'update', '2026-01-02T00:00:00.000Z', { values: { wicf: { from: 0.3, to: 0.4 } } });
    await record(f.id, 'revoke_kiln_key', '2026-01-03T00:00:00.000Z', { kiln, key });
    await record(other.id, 'add_kiln_key', '2026-01-04T00:00:00.000Z', { kiln, key });
    expect((await store().facilities.changesOf(f.id)).map((c) => c.action)).toEqual(['revoke_kiln_key', 'update', 'add_kiln_key']);
    const keyChanges = await store().facilities.changesOf(f.id, ['add_kiln_key', 'revoke_kiln_key']);
    expect(keyChanges.map((c) => [c.action, c.detail])).toEqual([
      ['revoke_kiln_key', { kiln, key }],
      ['add_kiln_key', { kiln, key }],
    ]);
    expect(await store().facilities.changesOf(f.id, ['approve_kiln'])).toEqual([]);
  });
}
