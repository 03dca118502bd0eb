import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { configFromEnv } from '../../mock-server/config';
import { copyEmbeddedToPostgres } from '../../mock-server/store/copyStore';
import type { DataStore } from '../../mock-server/store/dataStore';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import { PostgresStore } from '../../mock-server/store/postgres/postgresStore';
import type { FleetBurnRecord } from '../../mock-server/store/model';
import { curveCandidateQuery, isCurveCandidate, kilnHistory, type DetectedAnomaly } from '../../src/domain/fleet/anomalies';
import { fleetHistoryBurns } from '../helpers/fleetHistory';
import { addFacility, addLogs } from './fixtures';
import { freshDatabase } from './postgresDatabases';

/**
 * The kiln history a store hands the anomaly rules (FleetStore.kilnHistory) is
 * what the rules' own selection (kilnHistory) takes from all of the kiln's
 * burns: the same records, newest first, on both engines.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const adminUrl = inject('postgresUrl');

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
async function expectAllCandidates(store: DataStore, burns: readonly FleetBurnRecord[], burn: FleetBurnRecord) {
  const q = curveCandidateQuery(burn);
  const want = burns
    .filter((b) => isCurveCandidate(b, q))
    .map((b) => b.log_id)
    .sort((a, b) => a - b);
  expect(await store.fleet.curveCandidateIds(q), `log ${burn.log_id}`).toEqual(want);
  return { q, want };
}

function historyContract(open: () => Promise<DataStore>) {
  it('hands the rules what they read of each burn\u2019s kiln (its last burn, last tares and last valid yields, newest first) and the duplicate candidates', async () => {
    const store = await open();
    try {
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
    } finally {
      await store.close();
    }
  });
}

function firstJudgementContract(open: () => Promise<DataStore>) {
  it('stores a new log\u2019s first judgement at once, anomalies with their record, and leaves a log that has a record as it is', async () => {
    const store = await open();
    try {
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
    } finally {
      await store.close();
    }
  });
}

const openEmbedded = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-fleet-'));
  dirs.push(dir);
  return new EmbeddedStore(dir);
};
const openPostgres = async () => PostgresStore.open(await freshDatabase(adminUrl!));

describe('embedded store: kiln history of the anomaly rules', () => {
  historyContract(openEmbedded);
  firstJudgementContract(openEmbedded);
});

describe.skipIf(!adminUrl)('PostgreSQL store: kiln history of the anomaly rules', () => {
  historyContract(openPostgres);
  firstJudgementContract(openPostgres);
});

describe.skipIf(!adminUrl)('PostgreSQL store: duplicate candidates of burns it did not judge itself', () => {
  it('holds the curve means of the records a copy (or the seed) loads in bulk: their candidates are isCurveCandidate\u2019s too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-fleet-copy-'));
    dirs.push(dir);
    const server = await createApp({
      ...configFromEnv({}),
      dataDir: dir,
      demoLogCount: 24,
      serveConsole: false,
      jwtSecret: 'fleet-copy-secret-long-enough-for-hs256',
    });
    server.stop();
    const burns = (JSON.parse(fs.readFileSync(path.join(dir, 'db.json'), 'utf8')) as { fleet_burns: FleetBurnRecord[] }).fleet_burns;
    const url = await freshDatabase(adminUrl!);
    await copyEmbeddedToPostgres({ dataDir: dir, databaseUrl: url, targetBlobs: null, log: () => undefined });
    const store = await PostgresStore.open(url);
    try {
      let narrowed = 0;
      for (const burn of burns) {
        const { want } = await expectAllCandidates(store, burns, burn);
        narrowed += burns.filter((b) => b.log_id < burn.log_id && b.kiln_type === burn.kiln_type).length - want.length;
      }
      expect(narrowed).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});
