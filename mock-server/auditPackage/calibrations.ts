import { calibrationAt } from '../kilns/calibrationHistory';
import type { DataStore } from '../store/dataStore';
import type { KilnCalibrationRecord, KilnLogRecord } from '../store/model';
import type { PackageCalibration, PackageUser } from './manifest';

/**
 * The calibration versions a package's burns were analysed with, by id, each
 * with its approver, its certificate's SHA-256 and the burns that used it. A
 * burn stored before logs named their version used the one in force at its
 * log time as known at its upload (kilns/calibrationHistory.ts).
 */
export async function packageCalibrations(
  data: Pick<DataStore, 'calibrations' | 'kilns'>,
  rows: readonly KilnLogRecord[],
  userOf: (id: number | null) => Promise<PackageUser | null>,
): Promise<PackageCalibration[]> {
  const kilns = [...new Set(rows.flatMap((r) => (r.kiln === null ? [] : [r.kiln])))];
  const versions = new Map<number, KilnCalibrationRecord[]>(
    await Promise.all(kilns.map(async (k) => [k, await data.calibrations.ofKiln(k)] as const)),
  );
  const used = new Map<number, { version: KilnCalibrationRecord; burns: number[] }>();
  for (const row of rows) {
    const ofKiln = row.kiln === null ? [] : (versions.get(row.kiln) ?? []);
    const version =
      ofKiln.find((v) => v.id === row.calibration_id) ??
      (row.calibration_id === null ? calibrationAt(ofKiln, row.logts, row.upload_ts) : undefined);
    if (!version) continue;
    const entry = used.get(version.id) ?? { version, burns: [] };
    entry.burns.push(row.id);
    used.set(version.id, entry);
  }
  return Promise.all(
    [...used.values()]
      .sort((a, b) => a.version.id - b.version.id)
      .map(async ({ version: v, burns }): Promise<PackageCalibration> => ({
        id: v.id,
        kiln_id: (await data.kilns.get(v.kiln_id))?.kiln_id ?? `kiln ${v.kiln_id}`,
        config: v.config,
        effective_from: v.effective_from,
        proposed_by: await userOf(v.proposed_by),
        approved_by: await userOf(v.approved_by),
        approved_ts: v.approved_ts,
        certificate_sha256: v.certificate_sha256,
        burns: [...burns].sort((a, b) => a - b),
      })),
  );
}
