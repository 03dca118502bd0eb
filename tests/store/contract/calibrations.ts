import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import type { NewKilnCalibration } from '../../../mock-server/store/parts/calibrations';
import { addFacility, kilnRow } from '../fixtures';

const config = (perG: number) => JSON.stringify({ cgo1: { per_g_weight: perG, zero_weight: 8000 } });

/** Calibration versions: pending ones change nothing, an approval puts one in force on its kiln, a later one supersedes a waiting one. */
export function calibrationsContract(store: () => DataStore): void {
  const proposal = (kiln_id: number, perG: number, ts: string, approved = false): NewKilnCalibration => ({
    kiln_id,
    config: config(perG),
    proposed_by: 5,
    proposed_ts: ts,
    effective_from: approved ? ts : null,
    approved_by: approved ? 1 : null,
    approved_ts: approved ? ts : null,
  });

  it('keeps pending versions out of force until approved, then puts the approved config on the kiln', async () => {
    const f = await addFacility(store(), 'NRB');
    const kiln = await store().kilns.create({ ...kilnRow('CG1-0007', f.id), config: config(10) });
    const first = await store().calibrations.add(proposal(kiln.id, 10, '2026-01-01T00:00:00.000Z', true));
    expect(first).toMatchObject({ kiln_id: kiln.id, superseded_ts: null, certificate_sha256: null, certificate_key: null });
    const pending = await store().calibrations.add(proposal(kiln.id, 20, '2026-02-01T00:00:00.000Z'));
    expect((await store().kilns.get(kiln.id))?.config).toBe(config(10));
    expect(await store().calibrations.pendingKilns()).toEqual([kiln.id]);
    expect((await store().calibrations.approved()).map((c) => c.id)).toEqual([first.id]);

    const approval = { approved_by: 1, ts: '2026-02-02T00:00:00.000Z' };
    const done = await store().calibrations.approve(kiln.id, pending.id, approval);
    expect(done).toMatchObject({
      outcome: 'approved',
      calibration: { id: pending.id, effective_from: approval.ts, approved_by: 1, approved_ts: approval.ts },
    });
    expect((await store().kilns.get(kiln.id))?.config).toBe(config(20));
    expect(await store().calibrations.pendingKilns()).toEqual([]);
    expect((await store().calibrations.approve(kiln.id, pending.id, approval))?.outcome).toBe('already_approved');
    expect(await store().calibrations.approve(kiln.id, 999_999, approval)).toBeNull();
    expect(await store().calibrations.approve(kiln.id + 1, pending.id, approval)).toBeNull();
    expect((await store().calibrations.ofKiln(kiln.id)).map((c) => c.id)).toEqual([first.id, pending.id]);
  });

  it('supersedes a waiting version by a later one, which can then not be approved; keeps a certificate', async () => {
    const f = await addFacility(store(), 'TAS');
    const kiln = await store().kilns.create({ ...kilnRow('CG1-0009', f.id), config: config(10) });
    const older = await store().calibrations.add(proposal(kiln.id, 11, '2026-03-01T00:00:00.000Z'));
    const newer = await store().calibrations.add(proposal(kiln.id, 12, '2026-03-02T00:00:00.000Z'));
    expect(await store().calibrations.get(kiln.id, older.id)).toMatchObject({ superseded_ts: '2026-03-02T00:00:00.000Z' });
    const refused = await store().calibrations.approve(kiln.id, older.id, { approved_by: 1, ts: '2026-03-03T00:00:00.000Z' });
    expect(refused?.outcome).toBe('superseded');
    expect((await store().kilns.get(kiln.id))?.config).toBe(config(10));
    const withCertificate = await store().calibrations.attachCertificate(kiln.id, newer.id, {
      key: 'calibration-certificates/a.pdf',
      sha256: 'ab'.repeat(32),
      mime_type: 'application/pdf',
    });
    expect(withCertificate).toMatchObject({ certificate_key: 'calibration-certificates/a.pdf', certificate_sha256: 'ab'.repeat(32) });
    expect(await store().calibrations.attachCertificate(kiln.id, 999_999, { key: 'k', sha256: 's', mime_type: 'm' })).toBeNull();
    // a super-admin's version is in force at once and supersedes the waiting one
    const direct = await store().calibrations.add(proposal(kiln.id, 13, '2026-03-04T00:00:00.000Z', true));
    expect((await store().kilns.get(kiln.id))?.config).toBe(config(13));
    expect(await store().calibrations.get(kiln.id, newer.id)).toMatchObject({
      superseded_ts: '2026-03-04T00:00:00.000Z',
      approved_ts: null,
    });
    expect((await store().calibrations.ofKiln(kiln.id)).map((c) => c.id)).toEqual([older.id, newer.id, direct.id]);
  });
}
