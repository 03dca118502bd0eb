import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { addFacility, addLogs, kilnRow } from '../fixtures';
import { refusal } from './support';

/** Kilns: kiln ids unique across facilities, found and listed with their facility; their keys added, approved once, revoked for good. */
export function kilnsContract(store: () => DataStore): void {
  it('keeps kiln_id unique across facilities whatever its case', async () => {
    const a = await addFacility(store(), 'NRB');
    const b = await addFacility(store(), 'TAS');
    const k = await store().kilns.create(kilnRow('CG1-0007', a.id));
    expect((await refusal(store().kilns.create(kilnRow('cg1-0007', b.id)))).status).toBe(409);
    const k2 = await store().kilns.create(kilnRow('RTR-0003', b.id));
    expect((await refusal(store().kilns.update(k2.id, { kiln_id: 'Cg1-0007' }))).status).toBe(409);
    expect(await store().kilns.update(k2.id, { kiln_id: 'RTR-0004', type: 1 })).toMatchObject({ kiln_id: 'RTR-0004', type: 1 });
    const found = await store().kilns.findByKilnId('cg1-0007');
    expect(found?.kiln.id).toBe(k.id);
    expect(found?.facility.mnemonic).toBe('NRB');
    expect(await store().kilns.findByKilnId('nope')).toBeNull();
    expect(await store().kilns.list({ facilityIds: [b.id] })).toEqual([
      expect.objectContaining({ kiln_id: 'RTR-0004', facility_mnemonic: 'TAS', facility_name: 'TAS Biochar' }),
    ]);
    expect((await store().kilns.list()).length).toBe(2);
  });

  it("approves a kiln's pending key once, never a revoked one, and revokes a key for good, pending or not", async () => {
    const f = await addFacility(store(), 'NRB');
    const kiln = await store().kilns.create(kilnRow('CG1-0007', f.id));
    const other = await store().kilns.create(kilnRow('CG1-0012', f.id));
    const newKey = (fingerprint: string, approved: boolean) =>
      store().kilns.addKey({
        kiln_id: kiln.id,
        fingerprint: fingerprint.repeat(64),
        label: `key ${fingerprint}`,
        public_key: 'PEM',
        created_ts: '2026-01-01T00:00:00.000Z',
        created_by: 5,
        approved_ts: approved ? '2026-01-01T00:00:00.000Z' : null,
        approved_by: approved ? 1 : null,
      });
    const pending = await newKey('a', false);
    const own = await newKey('b', true);
    const stolen = await newKey('c', false);
    expect(pending).toMatchObject({ approved_ts: null, approved_by: null, revoked_ts: null });
    expect(own).toMatchObject({ approved_ts: '2026-01-01T00:00:00.000Z', approved_by: 1 });

    const approval = { approved_by: 1, approved_ts: '2026-01-02T00:00:00.000Z' };
    expect(await store().kilns.approveKey(other.id, pending.id, approval)).toBeNull();
    expect(await store().kilns.approveKey(kiln.id, 99999, approval)).toBeNull();
    expect(await store().kilns.approveKey(kiln.id, pending.id, approval)).toEqual({ key: { ...pending, ...approval }, approved: true });
    const again = await store().kilns.approveKey(kiln.id, pending.id, { approved_by: 2, approved_ts: '2026-01-03T00:00:00.000Z' });
    expect(again).toEqual({ key: { ...pending, ...approval }, approved: false });
    expect((await store().kilns.approveKey(kiln.id, own.id, approval))?.approved).toBe(false);

    expect((await store().kilns.revokeKey(kiln.id, stolen.id, '2026-01-04T00:00:00.000Z'))?.revoked).toBe(true);
    expect(await store().kilns.approveKey(kiln.id, stolen.id, approval)).toEqual({
      key: { ...stolen, revoked_ts: '2026-01-04T00:00:00.000Z' },
      approved: false,
    });
    expect((await store().kilns.keys(kiln.id)).map((k) => [k.id, k.approved_ts, k.approved_by, k.revoked_ts])).toEqual([
      [pending.id, approval.approved_ts, 1, null],
      [own.id, '2026-01-01T00:00:00.000Z', 1, null],
      [stolen.id, null, null, '2026-01-04T00:00:00.000Z'],
    ]);
  });

  it('approves a pending kiln once, and with it its pending logs at its facility only; finds a key by fingerprint', async () => {
    const f = await addFacility(store(), 'NRB');
    const g = await addFacility(store(), 'TAS');
    const kiln = await store().kilns.create({ ...kilnRow('CG1-0007', f.id), approved_ts: null });
    const [here, elsewhere] = await addLogs(store(), [{ facility: f }, { facility: g }]);
    for (const log of [here, elsewhere]) await store().kilnLogs.update(log.id, { kiln: kiln.id, kiln_pending: true });

    const approval = { approved_by: 1, approved_ts: '2026-02-01T00:00:00.000Z' };
    expect(await store().kilns.approve(kiln.id, approval)).toEqual({ kiln: { ...kiln, ...approval }, approved: true });
    expect((await store().kilnLogs.get(here.id))?.kiln_pending).toBe(false);
    // a log filed under the kiln id at another facility is not this kiln's burn
    expect((await store().kilnLogs.get(elsewhere.id))?.kiln_pending).toBe(true);
    expect(await store().kilns.approve(kiln.id, { approved_by: 2, approved_ts: '2026-03-01T00:00:00.000Z' })).toEqual({
      kiln: { ...kiln, ...approval },
      approved: false,
    });
    expect(await store().kilns.approve(99_999, approval)).toBeNull();

    const key = await store().kilns.addKey({
      kiln_id: kiln.id,
      fingerprint: 'e'.repeat(64),
      label: 'kiln key',
      public_key: 'PEM',
      created_ts: '2026-01-01T00:00:00.000Z',
      created_by: 5,
      approved_ts: null,
      approved_by: null,
    });
    expect(await store().kilns.keyByFingerprint('e'.repeat(64))).toEqual(key);
    expect(await store().kilns.keyByFingerprint('f'.repeat(64))).toBeNull();
  });
}
