import { ALGORITHM_VERSION } from '../../mock-server/analysis/constants';
import type { DataStore } from '../../mock-server/store/dataStore';
import type { FacilityRecord } from '../../mock-server/store/model';
import { addLogs, type LogOptions, proposeAudit, signOffAudit } from '../store/fixtures';

/** What the API tests are to find: the audit's id and its burns. */
export interface SignedOffAudit {
  id: number;
  burnIds: number[];
}

/**
 * New burns of a facility (results of the server's current algorithm), made
 * through the store interface into one audit that superadmin (user 1)
 * proposes and signs off now, with PDF evidence `audit-evidence/<docName>-<audit id>.pdf`.
 */
export async function signedOffNewBurns(
  data: DataStore,
  facility: FacilityRecord,
  burns: LogOptions[],
  names: { jobId: string; docName: string },
): Promise<SignedOffAudit> {
  const logs = await addLogs(
    data,
    burns.map((burn) => ({ ...burn, facility, algorithmVersion: ALGORITHM_VERSION })),
  );
  const ids = logs.map((l) => l.id);
  const audit = await proposeAudit(data, ids, {
    job_id: names.jobId,
    facility_id: facility.id,
    create_ts: new Date().toISOString(),
    proposed_by: 1,
    algorithm_version: ALGORITHM_VERSION,
  });
  await signOffAudit(data, audit.id, ids, {
    signoff_ts: new Date().toISOString(),
    doc_key: `audit-evidence/${names.docName}-${audit.id}.pdf`,
    doc_mime_type: 'application/pdf',
    signed_off_by: 1,
    algorithm_version: ALGORITHM_VERSION,
  });
  return { id: audit.id, burnIds: ids };
}
