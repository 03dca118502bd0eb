import { sumKg } from '../../src/domain/carbon';
import { present } from '../kilnlogs/presentLog';
import type { KilnLogFiles } from '../kilnlogs/storage';
import type { AuditTotals, DataStore } from '../store/dataStore';
import type { AuditBurnRecord, AuditRow, KilnLogRecord } from '../store/model';
import type { AuditCo2Summary, AuditHistoryItem, AuditLog, ProposedAuditItem } from '../../src/domain/api/audits';

/** How the audit calls present stored records (docs/product.md#proposed-audit-dropdown-item, Auditable logs response, Audit history item). */

/** Reads at most this many analysis files at once. */
const READ_AT_ONCE = 16;

const byLogTime = (a: KilnLogRecord, b: KilnLogRecord) =>
  (a.logts ?? '') < (b.logts ?? '') ? -1 : (a.logts ?? '') > (b.logts ?? '') ? 1 : a.id - b.id;

/**
 * Burns as the audit log table shows them, oldest first: each row with its
 * data sample and, with `chart`, its chart (both from the log's analysis file).
 * `auditJobId` names the audit of the burns it audited (none before signoff).
 */
export async function auditLogs(
  files: KilnLogFiles,
  rows: readonly KilnLogRecord[],
  { chart, auditJobId = null }: { chart: boolean; auditJobId?: string | null },
): Promise<AuditLog[]> {
  const sorted = [...rows].sort(byLogTime);
  const out: AuditLog[] = [];
  for (let i = 0; i < sorted.length; i += READ_AT_ONCE) {
    const batch = sorted.slice(i, i + READ_AT_ONCE);
    const stored = await Promise.all(batch.map((row) => files.readAnalysis(row.id)));
    batch.forEach((row, k) => {
      const { data_sample, chart_data } = stored[k];
      const log = present(row, auditJobId);
      out.push(chart ? { ...log, data_sample, chart_data } : { ...log, data_sample });
    });
  }
  return out;
}

/** A proposal as the picker lists it; `facilityName` its facility's, `proposedByName` its proposer's username. */
export const proposedAudit = (audit: AuditRow, facilityName: string, proposedByName: string | null): ProposedAuditItem => ({
  id: audit.id,
  create_ts: audit.create_ts,
  kiln_type: audit.kiln_type,
  job_id: audit.job_id,
  proposed_by: audit.proposed_by,
  proposed_by_name: proposedByName,
  facility_id: audit.facility_id,
  facility_name: facilityName,
  analysis_ids: [...audit.analysis_ids],
  methodology: audit.methodology,
  methodology_version: audit.methodology_version,
});

/** A proposal's burns per facility (one, as an audit covers one facility), by facility name. */
export function facilitySummary(rows: readonly KilnLogRecord[]): AuditCo2Summary[] {
  const byFacility = new Map<number, AuditCo2Summary>();
  for (const row of rows) {
    const key = row.facility_id ?? 0;
    const entry = byFacility.get(key) ?? { name: row.facility_name ?? '', count: 0, co2: 0, biochar: 0 };
    entry.count += 1;
    entry.co2 = sumKg([entry.co2, row.analysis_detail?.co2_removed ?? 0]);
    entry.biochar = sumKg([entry.biochar, row.analysis_detail?.biochar_produced ?? 0]);
    byFacility.set(key, entry);
  }
  return [...byFacility.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const EVIDENCE_MIMES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
type EvidenceMime = AuditHistoryItem['evidence_mime_type'];

function evidenceMime(mime: string): EvidenceMime {
  const found = EVIDENCE_MIMES.find((m) => m === mime);
  if (!found) throw new Error(`Not an evidence type: ${mime}`);
  return found;
}

/** Who proposed and who signed off an audit, by username; null for an unknown or deleted user (UX review m14). */
export interface AuditPeople {
  proposed_by_name: string | null;
  signed_off_by_name: string | null;
}

export async function auditPeople(data: DataStore, audit: AuditRow): Promise<AuditPeople> {
  const nameOf = async (id: number | null) => (id === null ? null : ((await data.users.get(id))?.username ?? null));
  const [proposed_by_name, signed_off_by_name] = await Promise.all([nameOf(audit.proposed_by), nameOf(audit.signed_off_by)]);
  return { proposed_by_name, signed_off_by_name };
}

/** A signed-off audit as a history row; `burns` are its frozen burns, `facilityName` its facility's name, `packageSha256` its package's digest. */
export function historyItem(
  totals: AuditTotals,
  burns: readonly AuditBurnRecord[],
  facilityName: string,
  people: AuditPeople,
  packageSha256: string | null,
): AuditHistoryItem {
  const { audit } = totals;
  if (audit.signoff_ts === null || audit.doc_key === null || audit.doc_mime_type === null)
    throw new Error(`Audit ${audit.id} is not signed off.`);
  return {
    id: audit.id,
    signoff_ts: audit.signoff_ts,
    job_id: audit.job_id,
    kiln_type: audit.kiln_type,
    audited_co2: totals.audited_co2,
    audited_biochar: totals.audited_biochar,
    docKey: audit.doc_key,
    facility_id: audit.facility_id,
    facility_name: facilityName,
    evidence_mime_type: evidenceMime(audit.doc_mime_type),
    algorithm_versions: [...new Set(burns.map((b) => b.algorithm_version))].sort(),
    log_count: burns.length,
    ...people,
    package_sha256: packageSha256,
  };
}
