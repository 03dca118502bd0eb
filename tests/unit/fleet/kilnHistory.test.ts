import { describe, expect, it } from 'vitest';
import { detectAnomalies, KILN_HISTORY, kilnHistory } from '../../../src/domain/fleet/anomalies';
import { fleetHistoryBurns } from '../../helpers/fleetHistory';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('kilnHistory: what the kiln rules read of its earlier burns', () => {
  it.each([1, 2, 3, 4, 5])('the rules raise the same on the history as on every burn of the kiln (seed %i)', (seed) => {
    const burns = fleetHistoryBurns(ids(200), { facility_id: 1, seed });
    let raised = 0;
    for (const burn of burns) {
      const all = detectAnomalies(burn, { kilnBurns: burns, curveCandidates: [] });
      const history = kilnHistory(burn, burns);
      expect(detectAnomalies(burn, { kilnBurns: history, curveCandidates: [] }), `log ${burn.log_id}`).toEqual(all);
      expect(history.length).toBeLessThanOrEqual(KILN_HISTORY.last + KILN_HISTORY.withTare + KILN_HISTORY.validWithYield);
      raised += all.length;
    }
    // the data raises kiln rules, so the comparison compares something
    expect(raised).toBeGreaterThan(10);
  });

  it('takes only earlier burns of the same kiln, newest first, ties broken by log id', () => {
    const burns = fleetHistoryBurns(ids(120), { facility_id: 1, seed: 9 });
    for (const burn of burns) {
      const history = kilnHistory(burn, burns);
      for (const b of history) {
        expect(b.kiln).toBe(burn.kiln);
        expect(b.start_ts < burn.start_ts || (b.start_ts === burn.start_ts && b.log_id < burn.log_id)).toBe(true);
      }
      const order = history.map((b) => [b.start_ts, b.log_id]);
      expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    }
  });
});
