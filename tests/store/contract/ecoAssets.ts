import { beforeEach, expect, it } from 'vitest';
import { statusOfRefusal } from '../../../mock-server/http/errors';
import type { DataStore } from '../../../mock-server/store/dataStore';
import type { StoreRefusal } from '../../../mock-server/store/errors';
import type { AuditRow, FacilityRecord } from '../../../mock-server/store/model';
import { addFacility, addLogs } from '../fixtures';
import { auditCalls, refusal } from './support';

/** Eco assets: mints from what remains of each audit, in whole grams, one transaction ID once. */
export function ecoAssetsContract(store: () => DataStore): void {
  let nrb: FacilityRecord;
  let tas: FacilityRecord;
  const { propose, signoff, mint } = auditCalls(store);

  beforeEach(async () => {
    nrb = await addFacility(store(), 'NRB');
    tas = await addFacility(store(), 'TAS');
  });

  it('mints from what remains of each audit and never beyond it', async () => {
    const [a, b] = await addLogs(store(), [
      { facility: nrb, co2: 100 },
      { facility: tas, co2: 60.5 },
    ]);
    const a1 = await propose([a.id]);
    const a2 = await propose([b.id]);
    await signoff(a1.id, [a.id], '2026-05-20T12:00:00.000Z');
    await signoff(a2.id, [b.id], '2026-06-02T12:00:00.000Z');
    const first = await mint([
      [a1.id, 70.1],
      [a2.id, 0.5],
    ]);
    expect(first.asset.co2_allocated).toBeCloseTo(70.6, 9);
    expect(first.allocations.map((x) => [x.audit_id, x.co2_allocated])).toEqual([
      [a1.id, 70.1],
      [a2.id, 0.5],
    ]);
    expect(await store().ecoAssets.remaining(a1.id)).toBeCloseTo(29.9, 9);
    const over = await refusal(
      mint([
        [a2.id, 10],
        [a1.id, 29.901],
      ]),
    );
    expect(over.status).toBe(409);
    // the refused mint left nothing behind
    expect(await store().ecoAssets.remaining(a2.id)).toBeCloseTo(60, 9);
    expect((await refusal(mint([[a1.id, 0]]))).status).toBe(400);
    const rest = await mint([[a1.id, 29.9]]);
    expect(await store().ecoAssets.remaining(a1.id)).toBe(0);
    expect((await refusal(mint([[a1.id, 0.001]]))).status).toBe(409);

    expect((await store().ecoAssets.list({ facilityId: nrb.id })).map((e) => e.id)).toEqual(
      [rest.asset.id, first.asset.id].sort((x, y) => y - x),
    );
    expect((await store().ecoAssets.list({ facilityId: tas.id })).map((e) => e.id)).toEqual([first.asset.id]);
    const allocations = await store().ecoAssets.allocations(first.asset.id);
    expect(allocations.map((x) => [x.audit_id, x.signoff_ts, x.evidence_mime_type, x.job_id, x.doc_key])).toEqual([
      [a1.id, '2026-05-20T12:00:00.000Z', 'application/pdf', a1.job_id, 'audit-evidence/x.pdf'],
      [a2.id, '2026-06-02T12:00:00.000Z', 'application/pdf', a2.job_id, 'audit-evidence/x.pdf'],
    ]);
    const available = await store().ecoAssets.available();
    expect(available.map((x) => [x.audit.id, x.facility_name, x.utilised_co2, x.remaining_co2])).toEqual([
      [a1.id, 'NRB Biochar', 100, 0],
      [a2.id, 'TAS Biochar', 0.5, 60],
    ]);
    const summary = await store().audits.co2Summary();
    expect(summary.map((r) => [r.facility_id, r.year, r.month, r.audited_co2, r.utilised_co2])).toEqual([
      [tas.id, 2026, 6, 60.5, 0.5],
      [nrb.id, 2026, 5, 100, 100],
    ]);
  });

  it('sums the carbon summary from the frozen burns and every mint, racing mints included', async () => {
    const logs = await addLogs(
      store(),
      Array.from({ length: 9 }, (_, i) => ({ facility: i % 3 === 2 ? tas : nrb, co2: 10.1 + i * 0.37, biochar: 3.3 + i * 0.11 })),
    );
    const nrbLogs = logs.filter((l) => l.facility_id === nrb.id).map((l) => l.id);
    const tasLogs = logs.filter((l) => l.facility_id === tas.id).map((l) => l.id);
    const groups: [number[], string][] = [
      [nrbLogs.slice(0, 3), '2026-05-03T12:00:00.000Z'],
      [nrbLogs.slice(3), '2026-05-28T12:00:00.000Z'],
      [tasLogs, '2026-06-02T12:00:00.000Z'],
    ];
    const audits: AuditRow[] = [];
    for (const [ids, ts] of groups) {
      const proposal = await propose(ids);
      audits.push((await signoff(proposal.id, ids, ts)).audit);
    }
    // twenty brokers minting at once from two audits, then one refused mint
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => mint([[audits[i % 2].id, 1.234]])));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(
      (
        await refusal(
          mint([
            [audits[2].id, 1],
            [audits[0].id, 1000],
          ]),
        )
      ).status,
    ).toBe(409);

    const monthOf = (ts: string) => [Number(ts.slice(0, 4)), Number(ts.slice(5, 7))];
    const want = new Map<string, { co2: number; biochar: number; utilised: number }>();
    for (const audit of audits) {
      const burns = await store().audits.burns(audit.id);
      const [year, month] = monthOf(audit.signoff_ts!);
      const key = `${audit.facility_id}/${year}/${month}`;
      const row = want.get(key) ?? { co2: 0, biochar: 0, utilised: 0 };
      row.co2 += burns.reduce((n, b) => n + b.co2_removed, 0);
      row.biochar += burns.reduce((n, b) => n + b.biochar_produced, 0);
      row.utilised += audit.id === audits[0].id || audit.id === audits[1].id ? 10 * 1.234 : 0;
      want.set(key, row);
    }
    const summary = await store().audits.co2Summary();
    expect(summary.map((r) => `${r.facility_id}/${r.year}/${r.month}`)).toEqual([`${tas.id}/2026/6`, `${nrb.id}/2026/5`]);
    for (const r of summary) {
      const w = want.get(`${r.facility_id}/${r.year}/${r.month}`)!;
      expect(r.audited_co2).toBeCloseTo(w.co2, 9);
      expect(r.audited_biochar).toBeCloseTo(w.biochar, 9);
      expect(r.utilised_co2).toBeCloseTo(w.utilised, 9);
    }
    expect(summary.find((r) => r.facility_id === nrb.id)!.utilised_co2).toBe(24.68);
    // the summary limited to one facility is that facility's rows
    expect(await store().audits.co2Summary({ facilityIds: [tas.id] })).toEqual(summary.filter((r) => r.facility_id === tas.id));
    expect(await store().audits.co2Summary({ facilityIds: [] })).toEqual([]);
  });

  it('freezes burns to the gram and sums every total in whole grams: 0.1 + 0.2 is 0.3, never 0.30000000000000004', async () => {
    // a float sum of these is noisy in every order: 0.1 + 0.2 + 310.72 + 310.71 + 310.72 = 932.4499999999999 and so on
    const co2 = [0.1, 0.2, 310.72, 310.71, 310.72, 344.4872];
    const biochar = [0.1, 0.2, 135.45, 135.45, 135.45, 0.0004];
    const logs = await addLogs(
      store(),
      co2.map((kg, i) => ({ facility: nrb, co2: kg, biochar: biochar[i] })),
    );
    const ids = logs.map((l) => l.id);
    const audit = (await signoff((await propose(ids)).id, ids)).audit;
    // frozen at signoff to the gram: 344.4872 → 344.487, 0.0004 → 0
    const burns = await store().audits.burns(audit.id);
    expect(burns.map((b) => b.co2_removed)).toEqual([0.1, 0.2, 310.72, 310.71, 310.72, 344.487]);
    expect(burns.map((b) => b.biochar_produced)).toEqual([0.1, 0.2, 135.45, 135.45, 135.45, 0]);
    const [history] = await store().audits.history({ facilityIds: [nrb.id] });
    expect([history.audited_co2, history.audited_biochar, history.utilised_co2]).toEqual([1276.937, 406.65, 0]);
    await mint([[audit.id, 0.1]]);
    await mint([[audit.id, 0.2]]);
    const [available] = await store().ecoAssets.available({ facilityIds: [nrb.id] });
    expect([available.audited_co2, available.utilised_co2, available.remaining_co2]).toEqual([1276.937, 0.3, 1276.637]);
    expect(await store().ecoAssets.remaining(audit.id)).toBe(1276.637);
    const [summary] = await store().audits.co2Summary({ facilityIds: [nrb.id] });
    expect([summary.audited_co2, summary.utilised_co2, summary.audited_biochar]).toEqual([1276.937, 0.3, 406.65]);
    const stats = await store().statistics.recompute(new Date('2026-07-01T00:00:00.000Z'));
    expect([stats.audited_co2, stats.utilised_co2, stats.audited_biochar]).toEqual([1276.937, 0.3, 406.65]);
  });

  it('refuses a transaction ID already used, whatever its case, and leaves nothing of the refused mint', async () => {
    const [a] = await addLogs(store(), [{ facility: nrb, co2: 10 }]);
    const audit = await propose([a.id]);
    await signoff(audit.id, [a.id]);
    const first = await mint([[audit.id, 2]], 'first', ' 0xAbC-7 ');
    expect(first.asset.transaction_id).toBe('0xAbC-7');
    expect(await store().ecoAssets.get(first.asset.id)).toEqual(first.asset);
    expect(await store().ecoAssets.get(4242)).toBeNull();
    const taken = await refusal(mint([[audit.id, 1]], 'second', '0xabc-7'));
    expect(taken.status).toBe(409);
    expect(taken.message).toContain('0xabc-7');
    // both stores name the taken ID first, before any amount
    expect((await refusal(mint([[audit.id, 100]], 'third', '0XABC-7'))).message).toMatch(/^Transaction ID 0XABC-7 is already used/);
    expect(await store().ecoAssets.remaining(audit.id)).toBe(8);
    expect((await store().ecoAssets.list({ facilityId: nrb.id })).map((e) => e.id)).toEqual([first.asset.id]);
    // 10 racing mints of one new transaction ID on an audit with room for all: one lands
    const racing = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => mint([[audit.id, 0.5]], `race ${i}`, 'TX-RACE')));
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of racing) if (r.status === 'rejected') expect(statusOfRefusal(r.reason as StoreRefusal)).toBe(409);
    expect(await store().ecoAssets.remaining(audit.id)).toBe(7.5);
  });

  it('lets exactly one of 50 simultaneous claims of one burn, and of one last kilogram, win', async () => {
    const [burn, spare] = await addLogs(store(), [
      { facility: nrb, co2: 10 },
      { facility: nrb, co2: 1 },
    ]);
    const claims = await Promise.allSettled(Array.from({ length: 50 }, () => propose([burn.id])));
    expect(claims.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of claims) if (r.status === 'rejected') expect(statusOfRefusal(r.reason as StoreRefusal)).toBe(409);
    expect((await store().audits.open()).length).toBe(1);

    const audit = await propose([spare.id]);
    await signoff(audit.id, [spare.id]);
    const mints = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => mint([[audit.id, 1]], `race ${i}`)));
    expect(mints.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of mints) if (r.status === 'rejected') expect(statusOfRefusal(r.reason as StoreRefusal)).toBe(409);
    expect(await store().ecoAssets.remaining(audit.id)).toBe(0);
    expect((await store().ecoAssets.available())[0].utilised_co2).toBe(1);
  });

  it('splits a mint by the buffer share in force, retires issued units from the front, and refuses more than is left', async () => {
    expect(await store().ecoAssets.bufferShare()).toBeNull();
    expect(await store().ecoAssets.bufferShares()).toEqual([]);
    const first = await store().ecoAssets.setBufferShare({ basis_points: 2000, set_by: 1, set_ts: '2026-05-01T00:00:00.000Z' });
    const second = await store().ecoAssets.setBufferShare({ basis_points: 1000, set_by: 2, set_ts: '2026-05-02T00:00:00.000Z' });
    expect(first).toEqual({ id: first.id, basis_points: 2000, set_by: 1, set_ts: '2026-05-01T00:00:00.000Z' });
    expect(await store().ecoAssets.bufferShare()).toEqual(second);
    expect(await store().ecoAssets.bufferShares()).toEqual([second, first]);

    const [log] = await addLogs(store(), [{ facility: nrb, co2: 100 }]);
    const audit = await propose([log.id]);
    await signoff(audit.id, [log.id]);
    const { asset } = await mint([[audit.id, 50]]);
    // the newest share (10 %) splits the mint: issued and buffer each a block of gram serials
    expect([asset.co2_issued, asset.co2_buffer, asset.co2_retired]).toEqual([45, 5, 0]);
    expect(asset.serial_last! - asset.serial_first! + 1).toBe(45_000);
    expect(asset.buffer_serial_last! - asset.buffer_serial_first! + 1).toBe(5_000);

    const retire = (kg: number, beneficiary: string) =>
      store().ecoAssets.retire({
        eco_asset_id: asset.id,
        kg,
        beneficiary,
        purpose: 'offset',
        retired_ts: '2026-06-01T00:00:00.000Z',
        retired_by: 6,
      });
    const a = (await retire(40.5, 'Acme'))!;
    expect(a.asset.co2_retired).toBe(40.5);
    expect([a.retirement.serial_first, a.retirement.serial_last]).toEqual([asset.serial_first, asset.serial_first! + 40_499]);
    expect((await refusal(retire(4.501, 'Too much'))).status).toBe(400);
    const b = (await retire(4.5, 'Beta'))!;
    expect([b.retirement.serial_first, b.retirement.serial_last]).toEqual([asset.serial_first! + 40_500, asset.serial_last]);
    expect((await refusal(retire(0.001, 'None left'))).status).toBe(409);
    expect(await store().ecoAssets.retire({ ...a.retirement, eco_asset_id: 99_999, kg: 1 })).toBeNull();

    expect((await store().ecoAssets.retirements(asset.id)).map((r) => [r.beneficiary, r.co2_retired])).toEqual([
      ['Acme', 40.5],
      ['Beta', 4.5],
    ]);
    expect((await store().ecoAssets.get(asset.id))?.co2_retired).toBe(45);
    expect(await store().ecoAssets.retirements(99_999)).toEqual([]);
  });
}
