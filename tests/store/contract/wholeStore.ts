import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { emptyEmbedded } from '../../../mock-server/store/embedded/state';
import { mintLedger } from '../../../mock-server/store/ledgerRules';
import { addFacility, addLogs, FIXTURE_ALGORITHM_VERSION, kilnRow, logRow, proposeAudit, signOffAudit } from '../fixtures';
import { file, refusal, replacePhoto } from './support';
import { copyKeyFiling } from '../../../mock-server/store/model';
import { copyKeyLookups } from '../../../src/domain/fleet/copyKeyIndex';
import { copyKeyOfFixture, fleetHistoryBurns } from '../../helpers/fleetHistory';

/** The store as a whole: transactions, replacing everything, the file keys its records name. */
export function wholeStoreContract(store: () => DataStore): void {
  it('keeps all of a transaction or, when it throws, none of it', async () => {
    const f = await addFacility(store(), 'NRB');
    await expect(
      store().transaction(async (tx) => {
        await tx.changes.create({ date: '2026-01-01', title: 'kept?', body: '<p>x</p>' });
        await tx.facilities.update(f.id, { name: 'Changed' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store().changes.list()).toEqual([]);
    expect((await store().facilities.get(f.id))?.name).toBe('NRB Biochar');

    // a refused operation inside a transaction the caller survives leaves no trace, the rest is kept
    const kept = await store().transaction(async (tx) => {
      const c = await tx.changes.create({ date: '2026-01-02', title: 'kept', body: '<p>y</p>' });
      await expect(tx.facilities.create({ ...(await tx.facilities.get(f.id))!, mnemonic: 'NRB' })).rejects.toThrow();
      return c;
    });
    expect((await store().changes.list()).map((c) => c.id)).toEqual([kept.id]);
    expect((await store().facilities.list()).length).toBe(1);
  });

  it('replaces everything with a whole state, ids kept, and continues numbering after them', async () => {
    await store().changes.create({ date: '2020-01-01', title: 'gone after the replace', body: '' });
    const facility = {
      id: 7,
      mnemonic: 'NRB',
      name: 'Nairobi',
      owner_id: 5,
      latitude_min: -2,
      latitude_max: -1,
      longitude_min: 36,
      longitude_max: 37,
      last_updated: '2026-01-01T00:00:00.000Z',
      latest_facility_audit_id: null,
      kiln_type_config: '{}',
    };
    const logs = [logRow(10, { facility, co2: 5 }), logRow(11, { facility, co2: 7 }), logRow(12, { facility })];
    logs[0].audited = true;
    logs[0].audit_id = 3;
    // two burns in the copy index
    const keyed = fleetHistoryBurns([11, 12], { facility_id: 7, seed: 5 }).map((b) => ({
      ...b,
      fingerprint: { ...b.fingerprint, copy_key: copyKeyOfFixture() },
    }));
    const state = {
      ...emptyEmbedded(),
      fleet_burns: keyed,
      copy_key_buckets: keyed.flatMap((b) => copyKeyFiling(b)),
      users: [
        {
          id: 4,
          username: 'kilnadmin',
          role: 3,
          password_hash: 'h',
          facility_ids: [],
          created_ts: '2026-01-01T00:00:00.000Z',
          last_login_ts: null,
          token_version: 2,
          must_change_password: false,
          locked: true,
        },
      ],
      facilities: [facility],
      kilns: [{ id: 9, ...kilnRow('CG1-0007', 7) }],
      kilnlogs: logs,
      audits: [
        {
          id: 3,
          job_id: 'A',
          kiln_type: 0,
          facility_id: 7,
          create_ts: '2026-02-01T00:00:00.000Z',
          analysis_ids: [10],
          signoff_ts: '2026-02-02T00:00:00.000Z',
          doc_key: null,
          doc_mime_type: null,
          proposed_by: null,
          signed_off_by: null,
          methodology: 'spec-factor',
          methodology_version: 1,
        },
        {
          id: 5,
          job_id: 'B',
          kiln_type: 0,
          facility_id: 7,
          create_ts: '2026-02-03T00:00:00.000Z',
          analysis_ids: [11],
          signoff_ts: null,
          doc_key: null,
          doc_mime_type: null,
          proposed_by: null,
          signed_off_by: null,
          methodology: 'spec-factor',
          methodology_version: 1,
        },
      ],
      audit_burns: [
        {
          audit_id: 3,
          kilnlog_id: 10,
          facility_id: 7,
          co2_removed: 5,
          biochar_produced: 2,
          algorithm_version: FIXTURE_ALGORITHM_VERSION,
          signed: false,
          key_fingerprint: null,
          signature: null,
        },
      ],
      eco_assets: [
        {
          id: 2,
          minting_note: 'n',
          transaction_id: 't',
          co2_allocated: 1.5,
          ...mintLedger(1.5, 0, 1),
          minted_ts: '2026-03-01T00:00:00.000Z',
          minted_by: null,
        },
      ],
      eco_allocations: [{ id: 8, eco_asset_id: 2, audit_id: 3, co2_allocated: 1.5 }],
      changes: [{ id: 6, date: '2026-01-05', title: 'T', body: '<p>b</p>' }],
    };
    const seen: string[] = [];
    await store().replaceAll(state, (table, done, total) => done === total && seen.push(table));
    expect(seen).toEqual(expect.arrayContaining(['users', 'kilnlogs', 'audits']));
    expect((await store().changes.list()).map((c) => c.id)).toEqual([6]);
    expect(await store().users.get(4)).toEqual(state.users[0]);
    expect(await store().kilnLogs.get(11)).toEqual(logs[1]);
    expect(await store().ecoAssets.remaining(3)).toBe(3.5);
    expect((await store().fleet.copyKeysFiledUnder(copyKeyLookups(copyKeyOfFixture()), 13)).map((c) => c.log_id)).toEqual([11, 12]);
    // the open proposal still holds its burn, the signed-off one is audited
    expect((await store().audits.potentialLogs({ kiln_type: 0 })).map((r) => r.id)).toEqual([12]);
    expect((await refusal(proposeAudit(store(), [11], { job_id: 'C', create_ts: '2026-04-01T00:00:00.000Z' }))).status).toBe(409);
    expect(
      (
        await store().users.create({
          username: 'new',
          role: 0,
          password_hash: 'h',
          facility_ids: [],
          created_ts: '2026-04-01T00:00:00.000Z',
        })
      ).id,
    ).toBe(5);
    expect(await store().kilnLogs.reserveId()).toBeGreaterThan(12);
    expect((await store().changes.create({ date: '2026-04-01', title: 'x', body: '' })).id).toBe(7);
  });

  it('answers the file keys its records name: every log (archived too), the current photo and thumbnail, every statement, signed-off evidence', async () => {
    expect(await store().fileReferences()).toEqual({ kilnLogs: [], facilityPhotos: [], facilityStatements: [], auditEvidence: [] });
    const f = await addFacility(store(), 'NRB');
    await replacePhoto(store(), f.id, 'g1', ['facility-photos/old.png', 10], ['facility-photos/old-t.png', 5]);
    await replacePhoto(store(), f.id, 'g2', ['facility-photos/new.png', 11], ['facility-photos/new-t.png', 6]);
    await store().facilities.addStatement(
      { facility_id: f.id, file_type: 'pdf', file: file('facility-audits/a.pdf', 100) },
      '2026-03-01T00:00:00.000Z',
    );
    await store().facilities.addStatement(
      { facility_id: f.id, file_type: 'png', file: file('facility-audits/b.png', 50) },
      '2026-04-01T00:00:00.000Z',
    );
    const [live, archived, proposed] = await addLogs(store(), [
      { facility: f, co2: 3 },
      { facility: f, archivedTs: '2026-05-01T00:00:00.000Z' },
      { facility: f, co2: 4 },
    ]);
    const signed = await proposeAudit(store(), [live.id], { job_id: 'S' });
    await signOffAudit(store(), signed.id, [live.id], { doc_key: 'e.pdf', doc_mime_type: 'application/pdf' });
    await proposeAudit(store(), [proposed.id], { job_id: 'O' });

    const refs = await store().fileReferences();
    expect(refs.kilnLogs.sort((x, y) => x.id - y.id)).toEqual([live, archived, proposed].map((r) => ({ id: r.id, s3key: r.s3key })));
    expect(refs.facilityPhotos.sort()).toEqual(['facility-photos/new-t.png', 'facility-photos/new.png']);
    expect(refs.facilityStatements.sort()).toEqual(['facility-audits/a.pdf', 'facility-audits/b.png']);
    expect(refs.auditEvidence).toEqual(['e.pdf']);
    // a removed log no longer names its file
    await store().kilnLogs.remove([archived.id]);
    expect((await store().fileReferences()).kilnLogs.map((r) => r.id).sort((x, y) => x - y)).toEqual([live.id, proposed.id]);
  });
}
