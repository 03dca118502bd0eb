import { expect, it } from 'vitest';
import type { DataStore, NewBatch, NewEndUse, NewLabResult } from '../../../mock-server/store/dataStore';
import { emptyEmbedded } from '../../../mock-server/store/embedded/state';
import type { FacilityRecord, KilnLogRecord } from '../../../mock-server/store/model';
import { addFacility, addLogs, logRow, sha } from '../fixtures';
import { refusal } from './support';
import { labValues } from '../../helpers/labValues';

const TS = '2026-04-01T08:00:00.000Z';

/** A burn whose analysis records its highest treatment temperature, as the analysis will. */
const withTreatment = (row: KilnLogRecord, temp: number): KilnLogRecord => ({
  ...row,
  analysis: JSON.stringify({ ...JSON.parse(row.analysis!), highest_treatment_temp_c: temp }),
});

/** Production batches, their lab results, end uses and emissions, and the laboratories, on both stores. */
export function batchesContract(store: () => DataStore): void {
  const batch = (facility: FacilityRecord, analysis_ids: number[], o: Partial<NewBatch> = {}): NewBatch => ({
    label: 'March wood',
    facility_id: facility.id,
    kiln_type: 0,
    feedstock: 'wood',
    feedstock_note: null,
    analysis_ids,
    created_by: 4,
    created_ts: TS,
    ...o,
  });
  const lab = (name = 'Nairobi Soil Lab') =>
    store().labs.create({ name, accreditation: 'ISO/IEC 17025 KENAS-0123', created_by: 1, created_ts: TS });
  const labResult = (batch_id: number, lab_id: number, o: Partial<NewLabResult> = {}): NewLabResult => ({
    batch_id,
    lab_id,
    sample_id: 'S-1',
    ...labValues(),
    methods: ['ISO 16948'],
    ro_pct: null,
    certificate_sha256: sha('certificate'),
    certificate_key: 'lab-certificates/a.pdf',
    certificate_signature: null,
    lab_signed: false,
    supersedes: null,
    recorded_by: 1,
    recorded_ts: TS,
    ...o,
  });
  const endUse = (batch_id: number, dry_g: number, o: Partial<NewEndUse> = {}): NewEndUse => ({
    batch_id,
    kind: 'soil_application',
    kind_note: null,
    dry_g,
    date: '2026-05-10',
    latitude: -1.29,
    longitude: 36.82,
    soil_temp_c: 21.4,
    soil_temp_source: 'measured',
    recipient: 'Kamau farm',
    evidence_sha256: sha('delivery note'),
    evidence_key: 'end-use-evidence/a.pdf',
    recorded_by: 4,
    recorded_ts: TS,
    ...o,
  });
  /** a facility with three valid burns of March 2026 (40.25, 40.5 and 40.001 kg of biochar) */
  async function threeBurns(mnemonic = 'NRB') {
    const facility = await addFacility(store(), mnemonic);
    const ids = [await store().kilnLogs.reserveId(), await store().kilnLogs.reserveId(), await store().kilnLogs.reserveId()];
    const burns = [
      withTreatment(logRow(ids[0], { facility, logts: '2026-03-01T06:00:00', biochar: 40.25 }), 612.5),
      withTreatment(logRow(ids[1], { facility, logts: '2026-03-20T06:00:00', biochar: 40.5 }), 480),
      logRow(ids[2], { facility, logts: '2026-03-10T06:00:00', biochar: 40.001 }),
    ];
    for (const b of burns) await store().kilnLogs.insert(b);
    return { facility, ids };
  }

  it('creates a batch from its burns: period, exact wet grams, production temperature, open; gets and lists it', async () => {
    const { facility, ids } = await threeBurns();
    const created = await store().batches.create(batch(facility, [ids[1], ids[0]]));
    expect(created).toEqual({
      id: created.id,
      label: 'March wood',
      facility_id: facility.id,
      kiln_type: 0,
      feedstock: 'wood',
      feedstock_note: null,
      analysis_ids: [ids[0], ids[1]],
      first_logts: '2026-03-01T06:00:00',
      last_logts: '2026-03-20T06:00:00',
      state: 'open',
      wet_biochar_g: 80_750,
      dry_biochar_g: null,
      production_temp_c: 480,
      emissions: null,
      created_by: 4,
      created_ts: TS,
    });
    expect(await store().batches.get(created.id)).toEqual(created);
    expect(await store().batches.get(created.id + 100)).toBeNull();
    // a burn without a recorded treatment temperature leaves the batch's unknown
    const other = await store().batches.create(batch(facility, [ids[2]], { feedstock: 'other', feedstock_note: ' coffee husk ' }));
    expect(other).toMatchObject({ production_temp_c: null, wet_biochar_g: 40_001, feedstock_note: 'coffee husk' });

    const elsewhere = await threeBurns('TAS');
    const third = await store().batches.create(batch(elsewhere.facility, [elsewhere.ids[0]]));
    expect((await store().batches.list()).map((b) => b.id)).toEqual([third.id, other.id, created.id]);
    expect((await store().batches.list({ facilityIds: [facility.id] })).map((b) => b.id)).toEqual([other.id, created.id]);
    expect(await store().batches.list({ facilityIds: [] })).toEqual([]);
    expect((await store().batches.ofLogs([ids[0], elsewhere.ids[0], 999_999])).map((b) => b.id)).toEqual([created.id, third.id]);
    expect(await store().batches.ofLogs([])).toEqual([]);
  });

  it('refuses a burn in a batch already, of another facility, kiln type, archived or invalid, naming analysis_ids, and stores nothing', async () => {
    const { facility, ids } = await threeBurns();
    const other = await addFacility(store(), 'TAS');
    const [foreign, retort, archived, invalid, error] = await addLogs(store(), [
      { facility: other, logts: '2026-03-02T06:00:00' },
      { facility, type: 1, logts: '2026-03-02T06:00:00' },
      { facility, archivedTs: TS, logts: '2026-03-02T06:00:00' },
      { facility, status: 'invalid', logts: '2026-03-02T06:00:00' },
      { facility, status: 'error', logts: '2026-03-02T06:00:00' },
    ]);
    const first = await store().batches.create(batch(facility, [ids[0]]));
    const refused = await refusal(
      store().batches.create(batch(facility, [ids[0], foreign.id, retort.id, archived.id, invalid.id, error.id])),
    );
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({
      analysis_ids:
        `These burns cannot form the batch: log ${ids[0]} is in batch ${first.id} already; log ${foreign.id} is of another facility; ` +
        `log ${retort.id} is of another kiln type; log ${archived.id} is archived; log ${invalid.id} is not a valid burn; log ${error.id} is not analysed.`,
    });
    const fields = await refusal(store().batches.create(batch(facility, [ids[1]], { label: ' ', feedstock: 'coal', kiln_type: 5 })));
    expect(Object.keys(fields.errors ?? {}).sort()).toEqual(['analysis_ids', 'feedstock', 'kiln_type', 'label']);
    expect((await store().batches.list()).map((b) => b.id)).toEqual([first.id]);
  });

  it("keeps the burns' log times within the facility's batch period: 31 days by default, the facility's own when set", async () => {
    const facility = await addFacility(store(), 'NRB');
    expect((await store().facilities.get(facility.id))?.batch_period_days).toBe(31);
    const [a, b, c] = await addLogs(store(), [
      { facility, logts: '2026-01-01T00:00:00' },
      { facility, logts: '2026-02-01T00:00:00' },
      { facility, logts: '2026-02-01T00:00:01' },
    ]);
    const over = await refusal(store().batches.create(batch(facility, [a.id, c.id])));
    expect(over.errors?.analysis_ids).toMatch(/span 31 d 0 h 0 min 1 s, more than the facility's batch period of 31 days/);
    await store().facilities.update(facility.id, { batch_period_days: 7 });
    expect((await refusal(store().batches.create(batch(facility, [a.id, b.id])))).errors?.analysis_ids).toMatch(/period of 7 days/);
    await store().facilities.update(facility.id, { batch_period_days: 31 });
    expect((await store().batches.create(batch(facility, [a.id, b.id]))).analysis_ids).toEqual([a.id, b.id]);
  });

  it('lets one of two creates racing for one burn win; the other is refused on analysis_ids', async () => {
    const { facility, ids } = await threeBurns();
    const outcomes = await Promise.allSettled([
      store().batches.create(batch(facility, [ids[0], ids[1]], { label: 'A' })),
      store().batches.create(batch(facility, [ids[1], ids[2]], { label: 'B' })),
      store().batches.create(batch(facility, [ids[1]], { label: 'C' })),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x) => x.status === 'rejected')) {
      expect((o as PromiseRejectedResult).reason).toMatchObject({
        kind: 'invalid',
        errors: { analysis_ids: expect.stringMatching(/in batch|another batch/) },
      });
    }
    expect(await store().batches.ofLogs([ids[1]])).toHaveLength(1);
  });

  it('closes an open batch once; a closed one is 409, an unknown one null', async () => {
    const { facility, ids } = await threeBurns();
    const b = await store().batches.create(batch(facility, [ids[0]]));
    expect((await store().batches.close(b.id))?.state).toBe('closed');
    const again = await refusal(store().batches.close(b.id));
    expect(again.status).toBe(409);
    expect(again.message).toBe(`Batch ${b.id} is closed already.`);
    expect(await store().batches.close(b.id + 100)).toBeNull();
  });

  it('records lab results: the batch is sampled, its dry biochar from moisture; a correction supersedes, both kept, once', async () => {
    const { facility, ids } = await threeBurns();
    const b = await store().batches.create(batch(facility, [ids[0], ids[1]]));
    const nairobi = await lab();
    const first = await store().batches.addLabResult(
      labResult(b.id, nairobi.id, { moisture_pct: 23.5, methods: ['ISO 16948', 'ASTM D5373'] }),
    );
    expect(first).toEqual({ ...labResult(b.id, nairobi.id, { moisture_pct: 23.5, methods: ['ISO 16948', 'ASTM D5373'] }), id: first.id });
    // 80,750 g × 76.5 % = 61,773.75: down to the gram
    expect(await store().batches.get(b.id)).toMatchObject({ state: 'sampled', dry_biochar_g: 61_773 });

    const correction = await store().batches.addLabResult(
      labResult(b.id, nairobi.id, { moisture_pct: 30, supersedes: first.id, sample_id: 'S-1b' }),
    );
    expect((await store().batches.labResults(b.id)).map((r) => [r.id, r.supersedes])).toEqual([
      [first.id, null],
      [correction.id, first.id],
    ]);
    expect((await store().batches.get(b.id))?.dry_biochar_g).toBe(56_525);

    const twice = await refusal(store().batches.addLabResult(labResult(b.id, nairobi.id, { supersedes: first.id })));
    expect(twice.errors).toEqual({ supersedes: `Lab result ${first.id} is superseded already: correct the result that superseded it.` });
    const other = await store().batches.create(batch(facility, [ids[2]]));
    const foreign = await refusal(store().batches.addLabResult(labResult(other.id, nairobi.id, { supersedes: first.id })));
    expect(foreign.errors).toEqual({ supersedes: `supersedes must be a lab result of batch ${other.id}.` });
    expect((await refusal(store().batches.addLabResult(labResult(b.id, nairobi.id + 100)))).errors).toEqual({
      lab_id: 'lab_id must be a laboratory.',
    });
    const values = await refusal(store().batches.addLabResult(labResult(b.id, nairobi.id, { h_c_org: 2.6, c_org_pct: 70.49 })));
    expect(values.status).toBe(400);
    expect(Object.keys(values.errors ?? {}).sort()).toEqual(['c_org_pct', 'h_c_org']);
    expect((await refusal(store().batches.addLabResult(labResult(b.id + 100, nairobi.id)))).status).toBe(404);
    expect(await store().batches.labResults(b.id)).toHaveLength(2);
    expect(await store().batches.labResults(other.id)).toEqual([]);
  });

  it('records end uses within the char: wet before a moisture result, dry after; the refusal says by how much', async () => {
    const { facility, ids } = await threeBurns();
    const b = await store().batches.create(batch(facility, [ids[0], ids[1]]));
    const first = await store().batches.addEndUse(endUse(b.id, 80_000));
    expect(first).toEqual({ ...endUse(b.id, 80_000), id: first.id });
    const over = await refusal(store().batches.addEndUse(endUse(b.id, 751)));
    expect(over.status).toBe(400);
    expect(over.errors?.dry_g).toMatch(/0\.001 kg more than the batch's wet biochar \(no moisture result yet\) of 80\.750 kg/);
    await store().batches.addEndUse(endUse(b.id, 750));
    const nairobi = await lab();
    // the moisture result brings the limit to 64,600 g, below what was applied: nothing more fits, nothing recorded goes
    await store().batches.addLabResult(labResult(b.id, nairobi.id, { moisture_pct: 20 }));
    expect((await refusal(store().batches.addEndUse(endUse(b.id, 1)))).errors?.dry_g).toMatch(
      /dry biochar of 64\.600 kg \(0\.000 kg left\)/,
    );
    expect((await store().batches.endUses(b.id)).map((e) => e.dry_g)).toEqual([80_000, 750]);
    const fields = await refusal(store().batches.addEndUse(endUse(b.id, 0, { kind: 'other' })));
    expect(Object.keys(fields.errors ?? {}).sort()).toEqual(['dry_g', 'kind_note']);
    expect((await refusal(store().batches.addEndUse(endUse(b.id + 100, 1)))).status).toBe(404);
  });

  it('lets racing end uses that fit one by one but not together take no more than the char', async () => {
    const { facility, ids } = await threeBurns();
    const b = await store().batches.create(batch(facility, [ids[0]]));
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => store().batches.addEndUse(endUse(b.id, 15_000))));
    // 40,250 g: two of 15,000 fit, a third would not
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect((await store().batches.endUses(b.id)).reduce((sum, e) => sum + e.dry_g, 0)).toBe(30_000);
  });

  it('sets and replaces a batch’s emissions, refusing a figure without its text; null for no batch', async () => {
    const { facility, ids } = await threeBurns();
    const b = await store().batches.create(batch(facility, [ids[0]]));
    const emissions = {
      methane_g_per_kg: 12.5,
      methane_method: 'static chamber, 3 runs',
      methane_evidence_sha256: sha('methane'),
      other_co2e_g: 40_000,
      other_note: 'transport',
      other_evidence_sha256: null,
    };
    expect((await store().batches.setEmissions(b.id, emissions))?.emissions).toEqual(emissions);
    const none = { ...emissions, methane_g_per_kg: null, methane_method: null, methane_evidence_sha256: null };
    expect((await store().batches.get(b.id))?.emissions).toEqual(emissions);
    expect((await store().batches.setEmissions(b.id, none))?.emissions).toEqual(none);
    expect((await refusal(store().batches.setEmissions(b.id, { ...emissions, methane_method: null }))).errors).toEqual({
      methane_method: 'methane_method is required.',
    });
    expect(await store().batches.setEmissions(b.id + 100, emissions)).toBeNull();
  });

  it('registers laboratories under unique names and their keys under unique fingerprints; revokes a key once', async () => {
    const nairobi = await lab();
    expect(nairobi).toEqual({
      id: nairobi.id,
      name: 'Nairobi Soil Lab',
      accreditation: 'ISO/IEC 17025 KENAS-0123',
      created_by: 1,
      created_ts: TS,
    });
    const taken = await refusal(lab(' nairobi soil LAB '));
    expect(taken.status).toBe(400);
    expect(taken.errors).toEqual({ name: 'A laboratory named nairobi soil LAB exists already.' });
    expect((await refusal(lab(''))).errors).toEqual({ name: 'name is required.' });
    const arusha = await lab('Arusha Agro Lab');
    expect(await store().labs.list()).toEqual([nairobi, arusha]);
    expect(await store().labs.get(arusha.id)).toEqual(arusha);
    expect(await store().labs.get(arusha.id + 100)).toBeNull();

    const key = {
      lab_id: nairobi.id,
      public_key: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n',
      fingerprint: sha('key 1'),
      registered_by: 1,
      registered_ts: TS,
    };
    const added = await store().labs.addKey(key);
    expect(added).toEqual({ ...key, id: added.id, revoked_ts: null, revoked_by: null });
    expect((await refusal(store().labs.addKey({ ...key, lab_id: arusha.id }))).errors).toEqual({
      public_key: 'This key is registered already.',
    });
    expect((await refusal(store().labs.addKey({ ...key, lab_id: arusha.id + 100, fingerprint: sha('key 2') }))).status).toBe(404);
    const second = await store().labs.addKey({ ...key, fingerprint: sha('key 3') });
    expect((await store().labs.keys(nairobi.id)).map((k) => k.id)).toEqual([added.id, second.id]);
    expect(await store().labs.keys(arusha.id)).toEqual([]);

    const revocation = { revoked_by: 1, revoked_ts: '2026-06-01T00:00:00.000Z' };
    expect(await store().labs.revokeKey(nairobi.id, added.id, revocation)).toEqual({ key: { ...added, ...revocation }, revoked: true });
    // a second revocation changes nothing: the first one's time and revoker stay
    const again = await store().labs.revokeKey(nairobi.id, added.id, { revoked_by: 2, revoked_ts: '2026-07-01T00:00:00.000Z' });
    expect(again).toEqual({ key: { ...added, ...revocation }, revoked: false });
    expect((await store().labs.keys(nairobi.id))[0]).toEqual({ ...added, ...revocation });
    expect(await store().labs.revokeKey(arusha.id, second.id, { revoked_by: 1, revoked_ts: TS })).toBeNull();
  });

  it('carries batches, lab results, end uses and labs through replaceAll, claims included, and numbers on after them', async () => {
    const facility = { ...(await addFacility(store(), 'NRB')), id: 7, batch_period_days: 31 };
    const logs = [logRow(10, { facility, logts: '2026-03-01T06:00:00' }), logRow(11, { facility, logts: '2026-03-02T06:00:00' })];
    const loaded = {
      id: 3,
      label: 'Loaded',
      facility_id: 7,
      kiln_type: 0,
      feedstock: 'wood' as const,
      feedstock_note: null,
      analysis_ids: [10],
      first_logts: '2026-03-01T06:00:00',
      last_logts: '2026-03-01T06:00:00',
      state: 'sampled' as const,
      wet_biochar_g: 41_000,
      dry_biochar_g: 32_800,
      production_temp_c: 455.5,
      emissions: {
        methane_g_per_kg: 3,
        methane_method: 'm',
        methane_evidence_sha256: null,
        other_co2e_g: null,
        other_note: null,
        other_evidence_sha256: null,
      },
      created_by: null,
      created_ts: TS,
    };
    const labRow = { id: 2, name: 'Loaded Lab', accreditation: 'A-1', created_by: null, created_ts: TS };
    // a key revoked, with who revoked it
    const keyRow = {
      id: 4,
      lab_id: 2,
      public_key: 'pem',
      fingerprint: sha('loaded key'),
      registered_by: null,
      registered_ts: TS,
      revoked_ts: TS,
      revoked_by: 1,
    };
    const results = [
      { ...labResult(3, 2), id: 5 },
      { ...labResult(3, 2, { supersedes: 5 }), id: 6 },
    ];
    await store().replaceAll({
      ...emptyEmbedded(),
      facilities: [facility],
      kilnlogs: logs,
      labs: [labRow],
      lab_keys: [keyRow],
      batches: [loaded],
      lab_results: results,
      end_uses: [{ ...endUse(3, 1000), id: 8 }],
    });
    expect(await store().batches.get(3)).toEqual(loaded);
    expect(await store().batches.labResults(3)).toEqual(results);
    expect((await store().batches.endUses(3)).map((e) => e.id)).toEqual([8]);
    expect(await store().labs.list()).toEqual([labRow]);
    expect(await store().labs.keys(2)).toEqual([keyRow]);
    expect((await refusal(store().batches.create(batch(facility, [10])))).errors?.analysis_ids).toMatch(/log 10 is in batch 3 already/);
    expect((await store().batches.create(batch(facility, [11]))).id).toBe(4);
    expect((await store().batches.addEndUse(endUse(3, 1000))).id).toBe(9);
    expect((await lab('Next Lab')).id).toBe(3);
  });
}
