import type { KilnLog } from '../../src/domain/api/kilnLogs';
import type { DataStore } from '../store/dataStore';
import type { KilnLogRecord } from '../store/model';
import type { ListedKilnLog } from '../store/parts/kilnLogs';

/** The API row: the stored row (but who uploaded it, the store's to know) plus analysis_id, the spec's name for the same id, and the job id naming its audit. */
export const present = ({ uploaded_by: _uploader, ...row }: KilnLogRecord, auditJobId: string | null): KilnLog => ({
  ...row,
  analysis_id: row.id,
  audit_job_id: row.audit_id === null ? null : auditJobId,
});

/** A listed row as the API gives it: also the job id of the open proposal holding the burn. */
export const presentListed = ({ audit_job_id, proposal_job_id, ...row }: ListedKilnLog): KilnLog => ({
  ...present(row, audit_job_id),
  proposal_job_id,
});

/** One row as the API gives it, its audit's job id read when it is audited. */
export async function presentOne(data: Pick<DataStore, 'audits'>, row: KilnLogRecord): Promise<KilnLog> {
  return present(row, row.audit_id === null ? null : ((await data.audits.get(row.audit_id))?.job_id ?? null));
}
