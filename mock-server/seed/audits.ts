import type { AuditRecord, KilnLogRecord } from '../store/schema';
import type { Seeder } from '.';

/**
 * A few signed-off audits of older valid burns, one facility and kiln type
 * each (spec, "What the product does and for whom"), marking those burns audited so the locks on them show.
 */

const AUDITS_WANTED = 3;
const LOGS_PER_AUDIT = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

type AuditableLog = KilnLogRecord & { facility_id: number; type: number; logts: string };

const isAuditable = (r: KilnLogRecord): r is AuditableLog =>
  r.valid && !r.audited && r.archived_ts === null && r.facility_id !== null && r.type !== null && r.logts !== null;

export const seedAudits: Seeder = (state) => {
  // the older half of the valid burns: audits look back
  const valid = state.kilnlogs.filter(isAuditable);
  const older = [...valid].sort((a, b) => (a.logts < b.logts ? -1 : 1)).slice(0, Math.ceil(valid.length / 2));

  const groups = new Map<string, AuditableLog[]>();
  for (const row of older) {
    const key = `${row.facility_id}/${row.type}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const largest = [...groups.values()].sort((a, b) => b.length - a.length).slice(0, AUDITS_WANTED);

  state.audits = largest.map((rows, i): AuditRecord => {
    const logs = rows.slice(0, LOGS_PER_AUDIT);
    const last = logs.reduce((max, r) => Math.max(max, Date.parse(r.upload_ts)), 0);
    const id = i + 1;
    const createTs = new Date(last + 7 * DAY_MS);
    for (const row of logs) {
      row.audited = true;
      row.audit_id = id;
    }
    return {
      id,
      job_id: `AUD-${createTs.toISOString().slice(0, 7)}-${String(id).padStart(2, '0')}`,
      kiln_type: logs[0].type,
      facility_id: logs[0].facility_id,
      create_ts: createTs.toISOString(),
      analysis_ids: logs.map((r) => r.id),
      signoff_ts: new Date(createTs.getTime() + 3 * DAY_MS).toISOString(),
      doc_key: null,
    };
  });
};
