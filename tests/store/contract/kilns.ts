import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { addFacility, kilnRow } from '../fixtures';
import { refusal } from './support';

/** Kilns: kiln ids unique across facilities, found and listed with their facility. */
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
}
