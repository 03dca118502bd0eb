import { beforeEach, expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import type { FacilityRecord, FleetBurnRecord, KilnLogRecord } from '../../../mock-server/store/model';
import { fleetHistoryBurns } from '../../helpers/fleetHistory';
import { addFacility, addLogs, FIXTURE_ALGORITHM_VERSION, proposeAudit, signOffAudit } from '../fixtures';
import { auditCalls, refusal } from './support';

/** Audits: burns claimed all or nothing, signed off with frozen numbers. */
export function auditsContract(store: () => DataStore): void {
  let nrb: FacilityRecord;
  let tas: FacilityRecord;
  const { propose, signoff } = auditCalls(store);

  beforeEach(async () => {
    nrb = await addFacility(store(), 'NRB');
    tas = await addFacility(store(), 'TAS');
  });

  it('claims burns all or nothing: a burn in an open proposal, an invalid, archived or other-type burn refuses the whole proposal', async () => {
    const [a, b, c, bad, arch, retort, other] = await addLogs(store(), [
      { facility: nrb },
      { facility: nrb },
      { facility: nrb },
      { facility: nrb, status: 'invalid' },
      { facility: nrb, archivedTs: '2026-05-01T00:00:00.000Z', deleteAfter: '2026-08-01T00:00:00.000Z' },
      { facility: nrb, type: 1 },
      { facility: tas },
    ]);
    const byLogTime = (xs: KilnLogRecord[]) =>
      [...xs].sort((x, y) => (x.logts! < y.logts! ? -1 : x.logts! > y.logts! ? 1 : x.id - y.id)).map((r) => r.id);
    expect((await store().audits.potentialLogs({ kiln_type: 0 })).map((r) => r.id)).toEqual(byLogTime([a, b, c, other]));
    const audit = await propose([a.id, b.id]);
    expect(audit).toMatchObject({
      facility_id: nrb.id,
      analysis_ids: [a.id, b.id],
      signoff_ts: null,
      job_id: expect.stringMatching(/^JOB-\d+$/),
    });
    for (const ids of [
      [c.id, b.id],
      [c.id, bad.id],
      [c.id, arch.id],
      [c.id, retort.id],
      [c.id, other.id],
      [c.id, 99999],
    ]) {
      expect((await refusal(propose(ids))).status).toBe(409);
    }
    expect((await refusal(propose([c.id], tas.id))).status).toBe(409);
    expect((await refusal(propose([]))).status).toBe(400);
    // nothing of the refused proposals stuck: c is still free, and only one proposal exists
    expect((await store().audits.open()).map((x) => x.id)).toEqual([audit.id]);
    expect((await store().audits.potentialLogs({ kiln_type: 0, facilityIds: [nrb.id] })).map((r) => r.id)).toEqual([c.id]);
    expect((await propose([c.id])).analysis_ids).toEqual([c.id]);
    expect((await store().audits.logsOf(audit.id)).map((r) => r.id)).toEqual([a.id, b.id]);
  });

  it('signs off with frozen numbers, releases the burns left out and refuses a second signoff', async () => {
    const [a, b, c] = await addLogs(store(), [
      { facility: nrb, co2: 100.25, biochar: 40.5 },
      { facility: nrb, co2: 200.5, biochar: 80 },
      { facility: nrb, co2: 50 },
    ]);
    const audit = await propose([a.id, b.id, c.id]);
    expect((await refusal(signoff(audit.id, [a.id, 99999]))).status).toBe(409);
    const totals = await signoff(audit.id, [a.id, b.id]);
    expect(totals.audited_co2).toBeCloseTo(300.75, 9);
    expect(totals.audited_biochar).toBeCloseTo(120.5, 9);
    expect(totals.utilised_co2).toBe(0);
    expect(totals.audit).toMatchObject({
      analysis_ids: [a.id, b.id],
      doc_key: 'audit-evidence/x.pdf',
      signoff_ts: '2026-05-20T12:00:00.000Z',
    });
    expect((await refusal(signoff(audit.id, [a.id]))).status).toBe(409);
    expect((await refusal(signoff(4242, [a.id]))).status).toBe(404);
    expect(await store().kilnLogs.get(a.id)).toMatchObject({ audited: true, audit_id: audit.id });
    expect(await store().kilnLogs.get(c.id)).toMatchObject({ audited: false, audit_id: null });
    expect((await store().audits.potentialLogs({ kiln_type: 0 })).map((r) => r.id)).toEqual([c.id]);
    const burns = await store().audits.burns(audit.id);
    expect(burns.map((x) => [x.kilnlog_id, x.co2_removed, x.algorithm_version])).toEqual([
      [a.id, 100.25, FIXTURE_ALGORITHM_VERSION],
      [b.id, 200.5, FIXTURE_ALGORITHM_VERSION],
    ]);
    expect(await store().audits.withDocKey('audit-evidence/x.pdf')).toMatchObject({ id: audit.id, doc_mime_type: 'application/pdf' });
    expect(await store().audits.withDocKey('audit-evidence/y.pdf')).toBeNull();
    // a later change to the log's analysis does not move an audited figure
    await store().kilnLogs.update(a.id, { analysis_detail: { co2_removed: 1, biochar_produced: 1 } });
    const [history] = await store().audits.history({});
    expect(history.audited_co2).toBeCloseTo(300.75, 9);
    expect(await store().audits.history({ facilityIds: [tas.id] })).toEqual([]);
    expect(await store().audits.history({ from: '2026-05-21T00:00:00.000Z' })).toEqual([]);
    expect((await store().audits.history({ to: '2026-05-20T12:00:00.000Z' })).length).toBe(1);
    expect(await store().audits.open()).toEqual([]);
  });

  it('keeps the methodology of an audit and the figures its signoff froze per batch, which its audited CO2 then sums', async () => {
    const [a, b, c] = await addLogs(store(), [
      { facility: nrb, co2: 100.25 },
      { facility: nrb, co2: 200.5 },
      { facility: nrb, co2: 50 },
    ]);
    const batch = await store().batches.create({
      label: 'B1',
      facility_id: nrb.id,
      kiln_type: 0,
      feedstock: 'wood',
      feedstock_note: null,
      analysis_ids: [a.id, b.id],
      created_by: null,
      created_ts: '2026-04-01T00:00:00.000Z',
    });
    const plain = await propose([c.id]);
    expect(plain).toMatchObject({ methodology: 'spec-factor', methodology_version: 1 });
    const audit = await proposeAudit(store(), [a.id, b.id], { job_id: 'METHOD-1', methodology: 'vm0044-1.2', methodology_version: 1 });
    expect(audit).toMatchObject({ methodology: 'vm0044-1.2', methodology_version: 1 });
    expect(await store().audits.get(audit.id)).toEqual(audit);
    const sha = 'ab'.repeat(32);
    const totals = await signOffAudit(store(), audit.id, [a.id, b.id], {
      credits: [{ batch_id: batch.id, rulebook_sha256: sha, net_co2e_g: 123_457 }],
    });
    expect(totals.audited_co2).toBe(123.457);
    expect(totals.audit).toMatchObject({ methodology: 'vm0044-1.2', methodology_version: 1 });
    expect(await store().audits.credits(audit.id)).toEqual([
      {
        audit_id: audit.id,
        batch_id: batch.id,
        methodology: 'vm0044-1.2',
        methodology_version: 1,
        rulebook_sha256: sha,
        net_co2e_g: 123_457,
      },
    ]);
    expect((await store().audits.history({})).find((t) => t.audit.id === audit.id)?.audited_co2).toBe(123.457);
    expect(await store().ecoAssets.remaining(audit.id)).toBe(123.457);
    // a spec-factor audit freezes nothing and audits its burns' figures
    expect((await signoff(plain.id, [c.id])).audited_co2).toBe(50);
    expect(await store().audits.credits(plain.id)).toEqual([]);
  });

  it('lists burns of an older algorithm but proposes only those of the current one', async () => {
    const [current, old] = await addLogs(store(), [{ facility: nrb }, { facility: nrb, algorithmVersion: '0.9.0' }]);
    expect((await store().audits.potentialLogs({ kiln_type: 0 })).map((r) => r.id).sort((x, y) => x - y)).toEqual([current.id, old.id]);
    const refused = await refusal(propose([current.id, old.id]));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain(`log ${old.id} was analysed by algorithm 0.9.0`);
    expect(await store().audits.open()).toEqual([]);
    expect((await propose([current.id])).analysis_ids).toEqual([current.id]);
  });

  it('takes burns of any kiln type for -1, recording their type when they share one', async () => {
    const [cgo, retort, cgo2] = await addLogs(store(), [
      { facility: nrb, type: 0 },
      { facility: nrb, type: 1 },
      { facility: nrb, type: 0 },
    ]);
    expect((await store().audits.potentialLogs({ kiln_type: -1 })).map((r) => r.id).sort((x, y) => x - y)).toEqual([
      cgo.id,
      retort.id,
      cgo2.id,
    ]);
    expect((await store().audits.potentialLogs({ kiln_type: 1 })).map((r) => r.id)).toEqual([retort.id]);
    expect((await propose([cgo.id, cgo2.id], null, -1)).kiln_type).toBe(0);
    expect((await refusal(propose([retort.id], null, 0))).status).toBe(409);
    expect((await propose([retort.id], null, -1)).kiln_type).toBe(1);
    const [x, y] = await addLogs(store(), [
      { facility: nrb, type: 0 },
      { facility: nrb, type: 2 },
    ]);
    expect((await propose([x.id, y.id], null, -1)).kiln_type).toBe(-1);
  });

  it('refuses to sign off a burn archived, invalidated or re-analysed by another algorithm since its proposal, and changes nothing', async () => {
    const [a, b, c, d] = await addLogs(store(), [{ facility: nrb }, { facility: nrb }, { facility: nrb }, { facility: nrb }]);
    const audit = await propose([a.id, b.id, c.id, d.id]);
    await store().kilnLogs.update(a.id, { archived_ts: '2026-05-02T00:00:00.000Z', delete_after: '2026-08-01T00:00:00.000Z' });
    await store().kilnLogs.update(b.id, { valid: false });
    await store().kilnLogs.update(c.id, {
      analysis: JSON.stringify({ valid: 'true', co2_removed: 1, biochar_produced: 1, algorithm_version: '3.0.0' }),
    });
    const refused = await refusal(signoff(audit.id, [a.id, b.id, c.id, d.id]));
    expect(refused.status).toBe(409);
    for (const text of [`log ${a.id} is archived`, `log ${b.id} is not a valid burn`, `log ${c.id} was analysed by algorithm 3.0.0`])
      expect(refused.message).toContain(text);
    expect(refused.message).not.toContain(`log ${d.id}`);
    expect((await store().audits.get(audit.id))?.signoff_ts).toBeNull();
    expect(await store().kilnLogs.get(d.id)).toMatchObject({ audited: false, audit_id: null });
    expect(await store().audits.burns(audit.id)).toEqual([]);
    // the burns still fit are signed off on their own
    expect((await signoff(audit.id, [d.id])).audit.analysis_ids).toEqual([d.id]);
  });

  it('keeps job ids unique across audits, pending or signed off: trimmed, NFKC and case folded, a 400 on job_id', async () => {
    const [a, b, c, d] = await addLogs(store(), [{ facility: nrb }, { facility: nrb }, { facility: tas }, { facility: tas }]);
    const signed = await proposeAudit(store(), [a.id], { job_id: 'UX-1201' });
    await signoff(signed.id, [a.id]);
    await proposeAudit(store(), [b.id], { job_id: 'Open-7' });
    for (const [ids, jobId] of [
      [[c.id], 'UX-1201'],
      [[c.id], '  ux-1201 '],
      [[d.id], 'ＵＸ-1201'],
      [[c.id], 'open-7'],
    ] as const) {
      const refused = await refusal(proposeAudit(store(), ids, { job_id: jobId }));
      expect(refused.status).toBe(400);
      expect(refused.errors?.job_id).toBe(`The job identifier ${jobId.trim()} is already used by another audit: each audit needs its own.`);
    }
    // nothing was claimed by a refused proposal
    expect((await store().audits.potentialLogs({ kiln_type: 0, facilityIds: [tas.id] })).map((r) => r.id).sort()).toEqual(
      [c.id, d.id].sort(),
    );
    // at once: one of two proposals with one job id wins, the other is refused on job_id
    const both = await Promise.allSettled([
      proposeAudit(store(), [c.id], { job_id: 'RACE-1' }),
      proposeAudit(store(), [d.id], { job_id: 'race-1' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(await refusal(Promise.reject(lost.reason))).toMatchObject({
      status: 400,
      errors: { job_id: expect.stringContaining('race-1') },
    });
  });

  it('withdraws an open proposal: its burns and job id are free again; a signed-off audit or none is refused', async () => {
    const [a, b, c] = await addLogs(store(), [{ facility: nrb }, { facility: nrb }, { facility: nrb }]);
    const open = await proposeAudit(store(), [a.id, b.id], { job_id: 'W-1' });
    expect(await store().audits.withdraw(open.id)).toMatchObject({
      id: open.id,
      job_id: 'W-1',
      analysis_ids: [a.id, b.id],
      signoff_ts: null,
    });
    expect(await store().audits.get(open.id)).toBeNull();
    expect(await store().audits.open()).toEqual([]);
    expect((await store().audits.potentialLogs({ kiln_type: 0 })).map((r) => r.id).sort()).toEqual([a.id, b.id, c.id].sort());
    const again = await proposeAudit(store(), [a.id], { job_id: 'W-1' });
    await signoff(again.id, [a.id]);
    expect((await refusal(store().audits.withdraw(again.id))).status).toBe(409);
    expect((await refusal(store().audits.withdraw(999999))).status).toBe(404);
    expect((await store().audits.get(again.id))?.signoff_ts).not.toBeNull();
  });

  it('holds a burn with an open anomaly out of a claim and a signoff under its own lock, until someone checks it', async () => {
    const [a, b] = await addLogs(store(), [{ facility: nrb }, { facility: nrb }]);
    const [burnA, burnB] = fleetHistoryBurns([a.id, b.id], { facility_id: nrb.id, seed: 11 });
    const raise = (burn: FleetBurnRecord) =>
      store().fleet.judge(
        burn,
        [{ code: 'YIELD_OUTLIER', log_id: burn.log_id, other_log_id: null, message: 'odd yield' }],
        '2026-05-01T00:00:00.000Z',
      );
    const openOf = async (logId: number) =>
      (
        await store().fleet.anomalies(
          { facilityIds: null, filter: { open: true, logIds: new Set([logId]) } },
          { sort: { field: 'id', order: 'ASC' }, range: [0, 9] },
        )
      ).rows;
    const check = async (logId: number) => {
      for (const anomaly of await openOf(logId))
        await store().fleet.check(anomaly.id, {
          checked_ts: '2026-05-01T01:00:00.000Z',
          checked_by: 1,
          checked_by_name: 'Second',
          check_note: 'seen',
        });
    };
    await raise(burnA);
    const refused = await refusal(propose([a.id, b.id]));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain(`log ${a.id} has an open anomaly (YIELD_OUTLIER)`);
    expect(await store().audits.open()).toEqual([]);
    await check(a.id);
    const audit = await propose([a.id, b.id]);
    // raised after the proposal: the signoff refuses it, and signs off nothing
    await raise(burnB);
    const unsigned = await refusal(signoff(audit.id, [a.id, b.id]));
    expect(unsigned.status).toBe(409);
    expect(unsigned.message).toContain(`log ${b.id} has an open anomaly`);
    expect((await store().audits.get(audit.id))?.signoff_ts).toBeNull();
    await check(b.id);
    expect((await signoff(audit.id, [a.id, b.id])).audit.analysis_ids).toEqual([a.id, b.id]);
  });
}
