import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { addFacility, addLogs, mintAsset, proposeAudit, signOffAudit } from '../fixtures';
import { replacePhoto } from './support';

/** The statistics snapshot. */
export function statisticsContract(store: () => DataStore): void {
  it('recomputes statistics from the data and keeps the snapshot', async () => {
    expect(await store().statistics.latest()).toBeNull();
    const f = await addFacility(store(), 'NRB');
    await replacePhoto(store(), f.id, 'g', ['facility-photos/p.png', 300], ['facility-photos/t.png', 30]);
    const [a] = await addLogs(store(), [
      { facility: f, co2: 12.5, fileSize: 1000 },
      { facility: f, status: 'error', fileSize: 500 },
      { facility: f, archivedTs: '2026-05-01T00:00:00.000Z', fileSize: 100 },
    ]);
    const audit = await proposeAudit(store(), [a.id]);
    await signOffAudit(store(), audit.id, [a.id]);
    await mintAsset(store(), [[audit.id, 2.5]]);
    const snap = await store().statistics.recompute(new Date('2026-07-01T00:00:00.000Z'));
    expect(snap).toEqual({
      computed_ts: '2026-07-01T00:00:00.000Z',
      users: 0,
      facilities: 1,
      kilns: 0,
      kilnlogs: 2,
      valid_kilnlogs: 1,
      invalid_kilnlogs: 0,
      error_kilnlogs: 1,
      archived_kilnlogs: 1,
      audits_proposed: 0,
      audits_signed_off: 1,
      eco_assets: 1,
      storage_bytes: 1000 + 500 + 100 + 330,
      audited_co2: 12.5,
      utilised_co2: 2.5,
      audited_biochar: a.analysis_detail!.biochar_produced,
    });
    expect(await store().statistics.latest()).toEqual(snap);
  });
}
