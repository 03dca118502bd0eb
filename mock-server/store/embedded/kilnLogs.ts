import { queryKilnLogs } from '../kilnLogQuery';
import { isOutdated } from '../analysisVersions';
import { dueForPurge } from '../retention';
import { conflict } from '../errors';
import type { KilnLogStore } from '../parts/kilnLogs';
import type { KilnLogRecord } from '../model';
import { copy, patchById, type Access } from './access';
import type { EmbeddedShape } from './state';

export function embeddedKilnLogs(a: Access): KilnLogStore {
  const twinOf = (s: EmbeddedShape, sha256: string) => s.kilnlogs.find((r) => r.sha256 === sha256);
  const refuseTwin = (twin: KilnLogRecord) => {
    throw conflict(`This file was uploaded before, as log ${twin.id}${twin.archived_ts ? ' (archived)' : ''}.`);
  };
  return {
    reserveId: () => a.write((_s, m) => m.nextId('kilnlogs')),
    insert: (row) =>
      a.write((s, m) => {
        const twin = twinOf(s, row.sha256);
        if (twin) refuseTwin(twin);
        if (s.kilnlogs.some((r) => r.id === row.id)) throw conflict(`Log ${row.id} exists.`);
        m.insert('kilnlogs', copy(row));
        return copy(row);
      }),
    insertMany: (rows) =>
      a.write((s, m) => {
        const seen = new Set(s.kilnlogs.map((r) => r.sha256));
        for (const row of rows) {
          if (seen.has(row.sha256)) throw conflict(`Log ${row.id} repeats the content of another.`);
          seen.add(row.sha256);
          m.insert('kilnlogs', copy(row));
        }
      }),
    get: (id) => a.read((s) => copy(s.kilnlogs.find((r) => r.id === id) ?? null)),
    findBySha256: (sha256) => a.read((s) => copy(twinOf(s, sha256) ?? null)),
    list: (scope, filter, page) =>
      a.read((s) => {
        const found = queryKilnLogs(s.kilnlogs, scope, filter, page);
        const jobIds = new Map(s.audits.map((x) => [x.id, x.job_id]));
        const proposals = new Map(s.audits.filter((x) => x.signoff_ts === null).flatMap((x) => x.analysis_ids.map((id) => [id, x.job_id])));
        const rows = found.rows.map((row) => ({
          ...row,
          audit_job_id: row.audit_id === null ? null : (jobIds.get(row.audit_id) ?? null),
          proposal_job_id: proposals.get(row.id) ?? null,
        }));
        return copy({ ...found, rows });
      }),
    update: (id, patch) => a.write((s, m) => patchById(s, m, 'kilnlogs', id, patch)),
    fileUnassigned: (id, patch) =>
      a.write((s, m) => {
        const row = s.kilnlogs.find((r) => r.id === id);
        if (!row || row.facility_id !== null || row.audited || row.archived_ts !== null) return null;
        m.patch(row, copy(patch));
        return copy(row);
      }),
    outdated: (algorithmVersion) =>
      a.read((s) =>
        s.kilnlogs
          .filter((r) => isOutdated(r, algorithmVersion))
          .map((r) => r.id)
          .sort((x, y) => x - y),
      ),
    dueForPurge: (now) => a.read((s) => copy(dueForPurge(s.kilnlogs, now))),
    remove: (ids) =>
      a.write((s, m) => {
        const claimed = new Set(s.audits.flatMap((x) => x.analysis_ids));
        const gone = new Set(ids.filter((id) => !claimed.has(id)));
        const removed = m.remove('kilnlogs', (r) => gone.has(r.id) && !r.audited);
        // what the fleet knew of them goes with them; another burn naming one of them no longer names it
        const removedIds = new Set(removed.map((r) => r.id));
        m.remove('fleet_burns', (r) => removedIds.has(r.log_id));
        m.remove('copy_key_buckets', (r) => removedIds.has(r.log_id));
        m.remove('anomalies', (r) => removedIds.has(r.log_id));
        for (const an of s.anomalies) if (an.other_log_id !== null && removedIds.has(an.other_log_id)) m.patch(an, { other_log_id: null });
        return copy(removed);
      }),
  };
}
