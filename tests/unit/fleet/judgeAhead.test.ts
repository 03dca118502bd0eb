import { describe, expect, it, vi } from 'vitest';
import { judgeAhead } from '../../../mock-server/fleet/anomalyPass';
import type { FleetStore } from '../../../mock-server/store/dataStore';
import type { FleetBurnRecord } from '../../../mock-server/store/model';
import { fleetHistoryBurns } from '../../helpers/fleetHistory';
import { makeKilnLogRow } from '../../helpers/kilnLogRows';

/**
 * The upload's anomaly pass (judgeAhead, mock-server/fleet/anomalyPass.ts)
 * reads while the log's files and row are written, and stores once the row
 * is: the rules see what they would see after the row, and a failed pass
 * never fails the upload.
 */

const [original, copy] = fleetHistoryBurns([1, 2], { facility_id: 1, seed: 5 });
/** the new log: a copy of log 1's curves, as log 7 */
const upload: FleetBurnRecord = { ...copy, log_id: 7, kiln: original.kiln, fingerprint: original.fingerprint };
const row = makeKilnLogRow({ id: 7, kiln: upload.kiln, kiln_id: upload.kiln_id, facility_id: 1 });

function fleetOf(stored: readonly FleetBurnRecord[], fail?: Error) {
  const judgeFirst = vi.fn<FleetStore['judgeFirst']>(async () => undefined);
  const forget = vi.fn<FleetStore['forget']>(async () => undefined);
  const fleet = {
    judgeFirst,
    forget,
    kilnHistory: async () => (fail ? Promise.reject(fail) : stored.filter((b) => b.kiln === upload.kiln)),
    curveCandidateIds: async () => (fail ? Promise.reject(fail) : stored.map((b) => b.log_id)),
    records: async (logIds: readonly number[]) => stored.filter((b) => logIds.includes(b.log_id)),
  } as unknown as FleetStore;
  return { fleet, judgeFirst, forget };
}

describe('judging a new log while it is stored', () => {
  it('stores what the rules raise once the row is, and nothing before', async () => {
    const { fleet, judgeFirst } = fleetOf([original]);
    const pass = judgeAhead({ fleet }, row, upload.fingerprint, new Date('2026-04-01T00:00:00.000Z'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(judgeFirst).not.toHaveBeenCalled();
    await pass.record();
    expect(judgeFirst).toHaveBeenCalledTimes(1);
    const [burn, raised, raisedTs] = judgeFirst.mock.calls[0];
    expect(burn.log_id).toBe(7);
    expect(raised.map((a) => [a.code, a.other_log_id])).toContainEqual(['DUPLICATE_CURVE', 1]);
    expect(raisedTs).toBe('2026-04-01T00:00:00.000Z');
  });

  it('leaves the upload standing when the reads fail, storing no judgement', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fleet, judgeFirst } = fleetOf([original], new Error('connection terminated'));
    const pass = judgeAhead({ fleet }, row, upload.fingerprint);
    await expect(pass.record()).resolves.toBeUndefined();
    expect(judgeFirst).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith('Anomaly pass of log 7 failed:', expect.any(Error));
    errors.mockRestore();
  });

  it('leaves the upload standing when storing the judgement fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fleet, judgeFirst } = fleetOf([original]);
    judgeFirst.mockRejectedValueOnce(new Error('deadlock detected'));
    await expect(judgeAhead({ fleet }, row, upload.fingerprint).record()).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith('Anomaly pass of log 7 failed:', expect.any(Error));
    errors.mockRestore();
  });

  it('reads nothing and stores nothing for a log with no fleet record (an error log)', async () => {
    const { fleet, judgeFirst, forget } = fleetOf([original]);
    const history = vi.spyOn(fleet, 'kilnHistory');
    await judgeAhead({ fleet }, { ...row, analysis: null }, null).record();
    expect(history).not.toHaveBeenCalled();
    expect(judgeFirst).not.toHaveBeenCalled();
    expect(forget).not.toHaveBeenCalled();
  });

  it('raises no unhandled rejection when the upload is refused before its pass is recorded', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { fleet } = fleetOf([original], new Error('connection terminated'));
    judgeAhead({ fleet }, row, upload.fingerprint);
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
