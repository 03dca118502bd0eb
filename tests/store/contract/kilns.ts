import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { addFacility } from '../fixtures';
import { refusal } from './support';

/** Kilns: kiln ids unique across facilities, found and listed with their facility. */
export function kilnsContract(store: () => DataStore): void {
  it('keeps kiln_id unique across facilities whatever its case', async () => {
    const a = await addFacility(store(), 'NRB');
    const b = await addFacility(store(), 'TAS');
    const kiln = (kiln_id: string, facility_id: number) => ({
      kiln_id,
      facility_id,
      type: 0,
      install_date: '2024-01-01',
      last_update: '2026-01-01T00:00:00.000Z',
      config: '{}',
      approved_ts: '2026-01-01T00:00:00.000Z',
      approved_by: null,
    });
    const k = await store().kilns.create(kiln('CG1-0007', a.id));
    expect((await refusal(store().kilns.create(kiln('cg1-0007', b.id)))).status).toBe(409);
    const k2 = await store().kilns.create(kiln('RTR-0003', b.id));
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
}
