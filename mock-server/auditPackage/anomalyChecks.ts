import { anomaliesOfBurns } from '../fleet/holds';
import type { DataStore } from '../store/dataStore';
import type { AuditRow } from '../store/model';
import type { PackageAnomalyCheck, PackageUser } from './manifest';

/**
 * The package's record of the fleet anomalies its burns had and of the checks that
 * cleared them: those checked by the signoff only, so an anomaly raised or checked
 * later never changes a package once made. A check closed by archiving names no
 * checker; a signed-off burn is live, so such a check was reopened before it was.
 */
export async function packageAnomalyChecks(
  data: Pick<DataStore, 'fleet'>,
  audit: Pick<AuditRow, 'signoff_ts'>,
  logIds: readonly number[],
  userOf: (id: number | null) => Promise<PackageUser | null>,
): Promise<PackageAnomalyCheck[]> {
  const signoff = audit.signoff_ts;
  if (signoff === null) return [];
  const checked = (await anomaliesOfBurns(data, logIds, false)).filter(
    (a) => a.checked_ts !== null && a.checked_ts <= signoff && a.checked_by !== null,
  );
  return Promise.all(
    checked.map(async (a): Promise<PackageAnomalyCheck> => ({
      id: a.id,
      code: a.code,
      analysis_id: a.log_id,
      other_analysis_id: a.other_log_id,
      message: a.message,
      raised_ts: a.raised_ts,
      checked_ts: a.checked_ts!,
      checked_by: await userOf(a.checked_by),
      note: a.check_note ?? '',
    })),
  );
}
