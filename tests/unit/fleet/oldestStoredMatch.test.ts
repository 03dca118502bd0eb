import { describe, expect, it } from 'vitest';
import { CANDIDATE_PAGE, oldestStoredMatch } from '../../../mock-server/fleet/anomalyPass';
import type { FleetStore } from '../../../mock-server/store/dataStore';
import type { FleetBurnRecord } from '../../../mock-server/store/model';
import { CURVE_QUARTERS, isCurveCandidate, oldestCurveMatch } from '../../../src/domain/fleet/anomalies';
import { CURVE_POINTS } from '../../../src/domain/fleet/fingerprint';
import { fleetHistoryBurns } from '../../helpers/fleetHistory';

/**
 * The anomaly pass finds DUPLICATE_CURVE's candidates once and reads their
 * records a page at a time (oldestStoredMatch): it names the same burn as
 * reading them all would, and holds one page however many similar curves the
 * fleet has.
 */

/** A store over `burns` (as FleetStore.curveCandidateIds and records answer), counting its scans and the records it hands over. */
function pagedStore(burns: readonly FleetBurnRecord[]) {
  const reads: number[] = [];
  let scans = 0;
  const fleet: Pick<FleetStore, 'curveCandidateIds' | 'records'> = {
    curveCandidateIds: async (q) => {
      scans++;
      return burns
        .filter((b) => isCurveCandidate(b, q))
        .map((b) => b.log_id)
        .sort((a, b) => a - b);
    },
    records: async (logIds) => {
      const page = burns.filter((b) => logIds.includes(b.log_id)).sort((a, b) => a.log_id - b.log_id);
      reads.push(page.length);
      return page;
    },
  };
  return { fleet, reads, scans: () => scans };
}

const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('the oldest stored curve match, read page by page', () => {
  it.each([1, 2, 3, 4, 5])('names what every earlier candidate read at once names, on a messy fleet (seed %i)', async (seed) => {
    const burns = fleetHistoryBurns(ids(1, 400), { facility_id: 1, seed });
    const { fleet } = pagedStore(burns);
    let matched = 0;
    for (const burn of burns) {
      const want = oldestCurveMatch(
        burn,
        burns.filter((c) => c.log_id < burn.log_id),
      );
      const got = await oldestStoredMatch(fleet, burn);
      expect(got?.log_id, `log ${burn.log_id}`).toBe(want?.log_id);
      if (want) matched++;
    }
    expect(matched).toBeGreaterThan(0);
  });

  it('scans once, reads one page for a burn copied many times, and every page when nothing matches, never more than a page at once', async () => {
    const [original] = fleetHistoryBurns([1], { facility_id: 1, seed: 11 });
    const copies = ids(2, 1000).map((log_id) => ({ ...original, log_id }));
    const upload = { ...original, log_id: 5000 };
    const copied = pagedStore([original, ...copies]);
    expect((await oldestStoredMatch(copied.fleet, upload))?.log_id).toBe(1);
    expect(copied.reads).toEqual([CANDIDATE_PAGE]);
    expect(copied.scans()).toBe(1);

    // the same quarter means, another shape (each quarter's points reversed): candidates that never match
    const quarter = CURVE_POINTS / CURVE_QUARTERS;
    const reversedQuarters = (curve: (number | null)[]) =>
      curve.map((_, i) => curve[Math.floor(i / quarter) * quarter + (quarter - 1 - (i % quarter))]);
    const lookalikes = ids(1, 250).map((log_id) => ({
      ...original,
      log_id,
      fingerprint: { ...original.fingerprint, temp_curve: reversedQuarters(original.fingerprint.temp_curve) },
    }));
    const similar = pagedStore(lookalikes);
    expect(await oldestStoredMatch(similar.fleet, upload)).toBeUndefined();
    expect(similar.reads).toEqual([CANDIDATE_PAGE, CANDIDATE_PAGE, 50]);
    expect(similar.scans()).toBe(1);
  });
});
