import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import type { FleetBurnRecord } from '../../../mock-server/store/model';
import { ARCHIVED_NOTE } from '../../../mock-server/store/parts/fleet';
import { curveCandidateQuery, isCurveCandidate, kilnHistory, type DetectedAnomaly } from '../../../src/domain/fleet/anomalies';
import { copyKeyLookups } from '../../../src/domain/fleet/copyKeyIndex';
import { copyKeyOfFixture, fleetHistoryBurns } from '../../helpers/fleetHistory';
import { addFacility, addLogs, kilnRow } from '../fixtures';

async function storedBurns(store: DataStore): Promise<FleetBurnRecord[]> {
  const facility = await addFacility(store, 'FH');
  const logs = await addLogs(
    store,
    Array.from({ length: 90 }, () => ({ facility })),
  );
  const burns = fleetHistoryBurns(
    logs.map((l) => l.id),
    { facility_id: facility.id, seed: 7 },
  );
  for (const burn of burns) await store.fleet.judge(burn, [], '2026-04-01T00:00:00.000Z');
  return burns;
}

/** The store's duplicate candidates of one burn are exactly those isCurveCandidate takes of `burns`, in log id order. */
export async function expectAllCandidates(store: DataStore, burns: readonly FleetBurnRecord[], burn: FleetBurnRecord) {
  const q = curveCandidateQuery(burn);
  const want = burns
    .filter((b) => isCurveCandidate(b, q))
    .map((b) => b.log_id)
    .sort((a, b) => a - b);
  expect(await store.fleet.curveCandidateIds(q), `log ${burn.log_id}`).toEqual(want);
  return { q, want };
}

/**
 * The fleet records and anomalies the rules read and write: the kiln history a store hands the
 * anomaly rules (FleetStore.kilnHistory) is what the rules' own selection (kilnHistory) takes from
 * all of the kiln's burns, newest first; a log's first judgement, its forgetting and its archiving.
 */
export function fleetContract(current: () => DataStore): void {
  it('hands the rules what they read of each burn\u2019s kiln (its last burn, last tares and last valid yields, newest first) and the duplicate candidates', async () => {
    const store = current();
    const burns = await storedBurns(store);
    for (const burn of burns) {
      const got = await store.fleet.kilnHistory(burn);
      expect(
        got.map((b) => b.log_id),
        `log ${burn.log_id}`,
      ).toEqual(kilnHistory(burn, burns).map((b) => b.log_id));
      expect(got.length).toBeLessThanOrEqual(16);
    }
    // a burn the store holds nothing before has no history
    const first = [...burns].sort((a, b) => a.start_ts - b.start_ts || a.log_id - b.log_id)[0];
    expect(await store.fleet.kilnHistory(first)).toEqual([]);
    // records come back whole: the rules read their fingerprints
    const last = burns[burns.length - 1];
    expect(await store.fleet.kilnHistory(last)).toEqual(kilnHistory(last, burns));

    // DUPLICATE_CURVE's candidates: the ids isCurveCandidate takes, narrowed by curve means; their records read back whole, a page of ids at a time
    let narrowed = 0;
    let paged = 0;
    const byId = new Map(burns.map((b) => [b.log_id, b]));
    for (const burn of burns) {
      const { want } = await expectAllCandidates(store, burns, burn);
      for (let from = 0; from < want.length; from += 3) {
        const page = want.slice(from, from + 3);
        expect(await store.fleet.records([...page].reverse()), `page of log ${burn.log_id}`).toEqual(page.map((id) => byId.get(id)));
      }
      if (want.length > 3) paged++;
      narrowed += burns.filter((b) => b.log_id < burn.log_id).length - want.length;
    }
    // a log with no record (or none at all) is left out
    expect(await store.fleet.records([burns[0].log_id, 999_999])).toEqual([burns[0]]);
    expect(await store.fleet.records([])).toEqual([]);
    expect(narrowed).toBeGreaterThan(0);
    expect(paged).toBeGreaterThan(0);
  });

  it('stores a new log\u2019s first judgement at once, anomalies with their record, and leaves a log that has a record as it is', async () => {
    const store = current();
    const facility = await addFacility(store, 'FJ');
    const logs = await addLogs(store, [{ facility }, { facility }, { facility }]);
    const [older, copied, clean] = fleetHistoryBurns(
      logs.map((l) => l.id),
      { facility_id: facility.id, seed: 11 },
    );
    const raisedOn = (burn: FleetBurnRecord, message: string): DetectedAnomaly[] => [
      { code: 'DUPLICATE_CURVE', log_id: burn.log_id, other_log_id: older.log_id, message },
      { code: 'YIELD_OUTLIER', log_id: burn.log_id, other_log_id: null, message: `${message} (yield)` },
    ];
    const anomaliesOf = async (logId: number) =>
      (
        await store.fleet.anomalies(
          { facilityIds: null, filter: { logIds: new Set([logId]) } },
          { range: [0, 99], sort: { field: 'id', order: 'ASC' } },
        )
      ).rows.map((a) => [a.code, a.other_log_id, a.message, a.kiln_id, a.facility_id, a.raised_ts.slice(0, 10)]);
    const recorded = async () => (await store.fleet.burns({ facilityIds: null })).map((b) => b.log_id).sort((a, b) => a - b);

    await store.fleet.judgeFirst(copied, raisedOn(copied, 'first'), '2026-05-01T00:00:00.000Z');
    await store.fleet.judgeFirst(clean, [], '2026-05-01T00:00:00.000Z');
    expect(await recorded()).toEqual([copied.log_id, clean.log_id]);
    expect(await anomaliesOf(copied.log_id)).toEqual([
      ['DUPLICATE_CURVE', older.log_id, 'first', copied.kiln_id, facility.id, '2026-05-01'],
      ['YIELD_OUTLIER', null, 'first (yield)', copied.kiln_id, facility.id, '2026-05-01'],
    ]);
    expect(await anomaliesOf(clean.log_id)).toEqual([]);

    // a record written since (a re-analysis) is the newer: a late first judgement changes nothing
    await store.fleet.judge(older, [], '2026-05-02T00:00:00.000Z');
    await store.fleet.judgeFirst(older, raisedOn(older, 'late'), '2026-05-03T00:00:00.000Z');
    await store.fleet.judgeFirst(copied, [], '2026-05-03T00:00:00.000Z');
    expect(await anomaliesOf(older.log_id)).toEqual([]);
    expect(await anomaliesOf(copied.log_id)).toHaveLength(2);
    expect(await recorded()).toEqual([older.log_id, copied.log_id, clean.log_id]);
  });

  it('finds the logs to judge, reads one anomaly, closes and reopens what archiving closed, and forgets a log', async () => {
    const store = current();
    const f = await addFacility(store, 'FA');
    const kiln = await store.kilns.create(kilnRow('CG1-0001', f.id));
    const [current_, older, unjudged, failed, unfiled, kilnless] = await addLogs(store, [
      { facility: f, logts: '2026-03-05T06:00:00' },
      { facility: f, logts: '2026-03-01T06:00:00' },
      { facility: f, logts: '2026-03-03T06:00:00' },
      { facility: f, logts: '2026-03-02T06:00:00', status: 'error' },
      { facility: null, logts: '2026-03-02T06:00:00' },
      { facility: f, logts: '2026-03-02T06:00:00' },
    ]);
    for (const log of [current_, older, unjudged, failed, unfiled]) await store.kilnLogs.update(log.id, { kiln: kiln.id });
    const [burn, olderBurn] = fleetHistoryBurns([current_.id, older.id], { facility_id: f.id, seed: 3 });
    const raised: DetectedAnomaly[] = [
      { code: 'YIELD_OUTLIER', log_id: burn.log_id, other_log_id: null, message: 'odd yield' },
      { code: 'DUPLICATE_CURVE', log_id: burn.log_id, other_log_id: older.id, message: 'a copy' },
    ];
    await store.fleet.judge(burn, raised, '2026-04-01T00:00:00.000Z');
    await store.fleet.judge({ ...olderBurn, version: 'an older rule set' }, [], '2026-04-01T00:00:00.000Z');
    // a result, a kiln and a facility, and no record of these rules: oldest log first
    expect(await store.fleet.unjudged(burn.version)).toEqual([older.id, unjudged.id]);

    const listed = async () =>
      (
        await store.fleet.anomalies(
          { facilityIds: null, filter: { logIds: new Set([burn.log_id]) } },
          { range: [0, 9], sort: { field: 'id', order: 'ASC' } },
        )
      ).rows;
    const [outlier, copy] = await listed();
    expect(await store.fleet.anomaly(copy.id)).toEqual(copy);
    expect(await store.fleet.anomaly(99_999)).toBeNull();

    const check = { checked_ts: '2026-04-02T00:00:00.000Z', checked_by: 1, checked_by_name: 'Second', check_note: 'seen' };
    await store.fleet.check(outlier.id, check);
    await store.fleet.archived(burn.log_id, '2026-04-03T00:00:00.000Z');
    expect(await listed()).toEqual([
      { ...outlier, ...check },
      { ...copy, checked_ts: '2026-04-03T00:00:00.000Z', checked_by: null, checked_by_name: null, check_note: ARCHIVED_NOTE },
    ]);
    // restored: what archiving closed opens again, a person's check stays
    await store.fleet.archived(burn.log_id, null);
    expect(await listed()).toEqual([{ ...outlier, ...check }, copy]);

    await store.fleet.forget(burn.log_id);
    expect(await listed()).toEqual([]);
    expect(await store.fleet.records([burn.log_id, olderBurn.log_id])).toEqual([{ ...olderBurn, version: 'an older rule set' }]);
    expect((await store.fleet.burns({ facilityIds: null })).map((b) => b.log_id)).toEqual([older.id]);
    expect(await store.fleet.unjudged(burn.version)).toEqual([older.id, unjudged.id, current_.id]);
    expect(kilnless.kiln).toBeNull();
    expect(failed.analysis).toBeNull();
  });

  it('files each burn\u2019s copy key under its buckets and hands the copy check the earlier keys filed under any bucket an upload reads, of every facility', async () => {
    const store = current();
    const [here, there] = [await addFacility(store, 'CK'), await addFacility(store, 'CL', 2)];
    const logs = await addLogs(store, [
      { facility: here },
      { facility: there },
      { facility: here },
      { facility: there },
      { facility: here },
    ]);
    const key = copyKeyOfFixture();
    const far = copyKeyOfFixture({ hot_c: 900, full_kg: 2_000, char_kg: 700, char_yield: 0.4 });
    const dealt = fleetHistoryBurns(
      logs.map((l) => l.id),
      { facility_id: here.id, seed: 21 },
    );
    const withKey = (burn: FleetBurnRecord, facility_id: number, copy_key: typeof key | null): FleetBurnRecord => ({
      ...burn,
      facility_id,
      fingerprint: { ...burn.fingerprint, copy_key },
    });
    const [original, elsewhere, unlike, copy, unkeyed] = [
      withKey(dealt[0], here.id, key),
      withKey(dealt[1], there.id, key),
      withKey(dealt[2], here.id, far),
      withKey(dealt[3], there.id, key),
      withKey(dealt[4], here.id, null),
    ];
    await store.fleet.judge(original, [], '2026-04-01T00:00:00.000Z');
    await store.fleet.judgeFirst(elsewhere, [], '2026-04-01T00:00:00.000Z');
    await store.fleet.judge(unlike, [], '2026-04-01T00:00:00.000Z');
    await store.fleet.judgeFirst(copy, [], '2026-04-01T00:00:00.000Z');
    await store.fleet.judgeFirst(unkeyed, [], '2026-04-01T00:00:00.000Z');
    const reads = copyKeyLookups(key);
    // every facility's and owner's earlier burns in reach, each once, lower log ids only, never the upload itself
    expect(await store.fleet.copyKeysFiledUnder(reads, copy.log_id)).toEqual([
      { log_id: original.log_id, copy_key: key },
      { log_id: elsewhere.log_id, copy_key: key },
    ]);
    expect(await store.fleet.copyKeysFiledUnder(reads, original.log_id)).toEqual([]);
    expect(await store.fleet.copyKeysFiledUnder(reads, unkeyed.log_id + 1)).toHaveLength(3);
    expect(await store.fleet.copyKeysFiledUnder([], copy.log_id)).toEqual([]);
    expect(await store.fleet.copyKeysFiledUnder(['weights:nowhere'], copy.log_id)).toEqual([]);
    // judged again with another key, a burn is filed anew; forgotten, it is no candidate
    await store.fleet.judge({ ...original, fingerprint: { ...original.fingerprint, copy_key: far } }, [], '2026-04-02T00:00:00.000Z');
    expect((await store.fleet.copyKeysFiledUnder(reads, copy.log_id)).map((c) => c.log_id)).toEqual([elsewhere.log_id]);
    expect((await store.fleet.copyKeysFiledUnder(copyKeyLookups(far), copy.log_id)).map((c) => c.log_id)).toEqual([
      original.log_id,
      unlike.log_id,
    ]);
    await store.fleet.forget(elsewhere.log_id);
    expect(await store.fleet.copyKeysFiledUnder(reads, copy.log_id)).toEqual([]);
  });

  it('stores the copy check\u2019s verdict apart from the rules\u2019: kept through a judgement, its check kept while it names the same original', async () => {
    const store = current();
    const facility = await addFacility(store, 'CV');
    const logs = await addLogs(store, [{ facility }, { facility }, { facility }, { facility }]);
    const [first, second, copy, never] = fleetHistoryBurns(
      logs.map((l) => l.id),
      { facility_id: facility.id, seed: 31 },
    );
    for (const burn of [first, second, copy]) await store.fleet.judge(burn, [], '2026-04-01T00:00:00.000Z');
    const copyOf = (original: number, z: number): DetectedAnomaly => ({
      code: 'COPIED_BURN',
      log_id: copy.log_id,
      other_log_id: original,
      message: `a copy of ${original}, z ${z}`,
    });
    const listed = async (logId = copy.log_id) =>
      (
        await store.fleet.anomalies(
          { facilityIds: null, filter: { logIds: new Set([logId]) } },
          { range: [0, 9], sort: { field: 'id', order: 'ASC' } },
        )
      ).rows.map((a) => [a.code, a.other_log_id, a.message, a.checked_by_name]);
    await store.fleet.copied(copy, copyOf(first.log_id, 30), '2026-04-02T00:00:00.000Z');
    expect(await listed()).toEqual([['COPIED_BURN', first.log_id, `a copy of ${first.log_id}, z 30`, null]]);
    // the rules' judgement leaves it alone
    const outlier: DetectedAnomaly = { code: 'YIELD_OUTLIER', log_id: copy.log_id, other_log_id: null, message: 'odd' };
    await store.fleet.judge(copy, [outlier], '2026-04-03T00:00:00.000Z');
    await store.fleet.judge(copy, [], '2026-04-03T00:00:00.000Z');
    expect(await listed()).toEqual([['COPIED_BURN', first.log_id, `a copy of ${first.log_id}, z 30`, null]]);
    // checked, and found again naming the same original: the check stays
    const [found] = (
      await store.fleet.anomalies(
        { facilityIds: null, filter: { logIds: new Set([copy.log_id]) } },
        { range: [0, 9], sort: { field: 'id', order: 'ASC' } },
      )
    ).rows;
    await store.fleet.check(found.id, {
      checked_ts: '2026-04-04T00:00:00.000Z',
      checked_by: 1,
      checked_by_name: 'Second',
      check_note: 'seen',
    });
    await store.fleet.copied(copy, copyOf(first.log_id, 31), '2026-04-05T00:00:00.000Z');
    expect(await listed()).toEqual([['COPIED_BURN', first.log_id, `a copy of ${first.log_id}, z 30`, 'Second']]);
    // another original: a new, open anomaly; none: it goes
    await store.fleet.copied(copy, copyOf(second.log_id, 12), '2026-04-06T00:00:00.000Z');
    expect(await listed()).toEqual([['COPIED_BURN', second.log_id, `a copy of ${second.log_id}, z 12`, null]]);
    await store.fleet.copied(copy, null, '2026-04-07T00:00:00.000Z');
    expect(await listed()).toEqual([]);
    // a log without a fleet record gets no verdict
    await store.fleet.copied(never, { ...copyOf(first.log_id, 40), log_id: never.log_id }, '2026-04-07T00:00:00.000Z');
    expect(await listed(never.log_id)).toEqual([]);
  });
}
